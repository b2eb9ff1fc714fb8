import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { Template } from '../api/get-templates';
import { useDeleteTemplate } from '../api/save-template';

/** Asks before a template is deleted for good (its uses stay in the contacts' histories). */
export function DeleteTemplateDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('templates.deleteDialog.title', { name: template.name })} description={t('templates.deleteDialog.description')}>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(template.id, {
                onSuccess: () => {
                  toast({ title: t('templates.deleteDialog.done') });
                  onClose();
                },
                onError: (error) => toast({ variant: 'destructive', title: t('templates.deleteDialog.failed'), description: errorMessage(error, t) }),
              })
            }
          >
            {remove.isPending && <Spinner />}
            {t('templates.deleteDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
