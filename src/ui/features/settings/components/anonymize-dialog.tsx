import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatInteger } from '../../../lib/format';
import { useSubjectSummary, type SubjectSummary } from '../api/get-privacy-requests';
import { useAnonymizeContact } from '../api/privacy-request-mutations';

/** The kinds of record the summary counts, in the order the dialog names them. */
const COUNTED = [
  'deals',
  'activities',
  'notes',
  'timeline',
  'formSubmissions',
  'importRows',
  'templateMessages',
  'consents',
  'legalBases',
  'privacyRequests',
] as const satisfies readonly (keyof SubjectSummary)[];

/**
 * Asks before anonymizing a contact: it reads what Funil holds about them and names what will change, says it cannot
 * be undone, and needs the box ticked before the button acts. With `requestId`, that request is completed.
 */
export function AnonymizeDialog({
  contactId,
  contactName,
  requestId,
  onClose,
}: {
  contactId: number;
  contactName: string;
  requestId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const summary = useSubjectSummary(contactId);
  const anonymize = useAnonymizeContact();
  const [understood, setUnderstood] = useState(false);
  const pending = anonymize.isPending;
  const done = summary.data?.anonymizedAt ?? null;
  const confirm = () =>
    anonymize.mutate(
      { contactId, requestId },
      {
        onSuccess: () => {
          toast({ title: t('privacy.anonymize.done', { name: contactName }) });
          onClose();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t('privacy.anonymize.failed'), description: errorMessage(error, t) }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        title={t('privacy.anonymize.title', { name: contactName })}
        description={t('privacy.anonymize.description')}
      >
        {summary.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(summary.error, t)}
          </p>
        ) : done ? (
          <p className="text-sm">{t('privacy.anonymize.already', { at: formatDate(done) })}</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <p>{t('privacy.anonymize.fields')}</p>
            <p>{t('privacy.anonymize.records')}</p>
            <ul
              className="grid gap-1 rounded-md border border-border p-3 sm:grid-cols-2"
              data-testid="anonymize-counts"
            >
              {COUNTED.map((kind) => (
                <li key={kind} className={summary.data[kind] === 0 ? 'text-muted-foreground' : undefined}>
                  {t(`privacy.anonymize.counts.${kind}`, {
                    count: summary.data[kind],
                    formatted: formatInteger(summary.data[kind]),
                  })}
                </li>
              ))}
            </ul>
            {requestId !== undefined && <p className="text-muted-foreground">{t('privacy.anonymize.completes')}</p>}
            <p className="font-medium text-danger">{t('privacy.anonymize.irreversible')}</p>
            <div className="flex items-start gap-2">
              <Checkbox
                id="anonymize-understood"
                className="mt-0.5"
                checked={understood}
                disabled={pending}
                onCheckedChange={(checked) => setUnderstood(checked === true)}
              />
              <label htmlFor="anonymize-understood">{t('privacy.anonymize.understood')}</label>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {done ? t('common.close') : t('common.cancel')}
          </Button>
          {!done && (
            <Button
              variant="destructive"
              disabled={pending || !understood || summary.data === undefined}
              onClick={confirm}
            >
              {pending && <Spinner />}
              {t('privacy.anonymize.confirm')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
