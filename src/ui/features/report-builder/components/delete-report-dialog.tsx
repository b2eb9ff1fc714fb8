import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import type { SavedReport } from '../../../lib/api/get-saved-reports';
import { errorMessage } from '../../../lib/errors';
import { useDeleteSavedReport } from '../api/save-report';

/** Asks before deleting a saved report; back to the reports page once it is gone. */
export function DeleteReportDialog({ report, onClose }: { report: SavedReport; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteSavedReport();
  const confirm = async () => {
    try {
      await remove.mutateAsync(report.id);
      toast({ title: t('reportBuilder.deleted') });
      navigate('/crm/reports');
    } catch (error) {
      toast({ title: errorMessage(error, t), variant: 'destructive' });
      onClose();
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('reportBuilder.deleteTitle')}
        description={t('reportBuilder.deleteDescription', { name: report.name })}
      >
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('reportBuilder.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t('reportBuilder.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
