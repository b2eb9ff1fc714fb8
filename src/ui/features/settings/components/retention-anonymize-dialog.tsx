import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import type { useDecideRetention } from '../api/retention-mutations';

/**
 * Asks before anonymizing the listed contacts chosen: how many, what changes, that it cannot be undone; the box must
 * be ticked before the button acts.
 */
export function RetentionAnonymizeDialog({
  ids,
  decide,
  onDone,
  onClose,
}: {
  ids: number[];
  decide: ReturnType<typeof useDecideRetention>;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const pending = decide.isPending;
  const count = { count: ids.length, formatted: formatInteger(ids.length) };
  const confirm = () =>
    decide.mutate(
      { ids, action: 'anonymize' },
      {
        onSuccess: ({ decided }) => {
          toast({ title: t('privacy.retention.anonymized', { count: decided, formatted: formatInteger(decided) }) });
          onDone();
          onClose();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('privacy.retention.anonymizeFailed'),
            description: errorMessage(error, t),
          }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        title={t('privacy.retention.confirmTitle', count)}
        description={t('privacy.retention.confirmDescription', count)}
      >
        <div className="grid gap-3 text-sm">
          <p>{t('privacy.anonymize.fields')}</p>
          <p className="font-medium text-danger">{t('privacy.anonymize.irreversible')}</p>
          <div className="flex items-start gap-2">
            <Checkbox
              id="retention-anonymize-understood"
              className="mt-0.5"
              checked={understood}
              disabled={pending}
              onCheckedChange={(checked) => setUnderstood(checked === true)}
            />
            <label htmlFor="retention-anonymize-understood">{t('privacy.retention.understood', count)}</label>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" disabled={pending || !understood || ids.length === 0} onClick={confirm}>
            {pending && <Spinner />}
            {t('privacy.retention.confirm', count)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
