import { CheckCircle2, Download, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportCount } from '../../../components/import/import-wizard-parts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { spreadsheetQuery } from '../../../lib/file-format';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { isImportActive, type ContactImport } from '../api/get-contact-import';
import { useUndoContactImport } from '../api/undo-contact-import';
import { pace, type Sample } from '../import-pace';
import { importErrorMessage } from '../import-errors';

function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    if (seconds < 60) return t('contactImport.progress.seconds', { count: Math.ceil(seconds) });
    return t('contactImport.progress.minutes', { count: Math.ceil(seconds / 60) });
  };
}

function ProgressBar({ found }: { found: ContactImport }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const samples = useRef<Sample[]>([]);
  const [, setTick] = useState(0);
  useEffect(() => {
    const list = samples.current;
    if (list[list.length - 1]?.rows !== found.rowsDone) {
      list.push({ at: Date.now(), rows: found.rowsDone });
      if (list.length > 30) list.shift();
      setTick((n) => n + 1);
    }
  }, [found.rowsDone]);
  const total = found.totalRows;
  const percent = total ? Math.min(100, Math.round((found.rowsDone / total) * 100)) : 0;
  const measured = pace(samples.current, total);
  return (
    <div className="space-y-3">
      <div
        role="progressbar"
        aria-label={t('contactImport.progress.label')}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total ? found.rowsDone : undefined}
        aria-valuetext={
          total
            ? t('contactImport.progress.rows', { done: formatInteger(found.rowsDone), total: formatInteger(total) })
            : t('contactImport.progress.queued')
        }
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap justify-between gap-x-6 gap-y-1 text-sm" aria-live="polite">
        <span className="font-medium text-foreground" data-testid="import-rows-done">
          {total === null
            ? t('contactImport.progress.queued')
            : t('contactImport.progress.rows', { done: formatInteger(found.rowsDone), total: formatInteger(total) })}
        </span>
        <span className="text-muted-foreground">
          {measured
            ? [
                t('contactImport.progress.rate', { rate: formatInteger(Math.round(measured.rate)) }),
                measured.secondsLeft !== null &&
                  t('contactImport.progress.left', { time: duration(measured.secondsLeft) }),
              ]
                .filter(Boolean)
                .join(' · ')
            : t('contactImport.progress.measuring')}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t('contactImport.progress.leaveHint')}</p>
    </div>
  );
}

function UndoButton({ found }: { found: ContactImport }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const undo = useUndoContactImport();
  const confirm = () =>
    undo.mutate(found.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('contactImport.undo.done') });
      },
    });
  const failure = undo.error ? importErrorMessage(undo.error, t) : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) undo.reset();
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        {t('contactImport.undo.button')}
      </Button>
      <DialogContent
        title={t('contactImport.undo.title')}
        description={t('contactImport.undo.description', {
          created: formatInteger(found.counts.created),
          updated: formatInteger(found.counts.updated),
        })}
      >
        {failure && (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('contactImport.undo.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={undo.isPending}>
            {undo.isPending ? t('contactImport.undo.pending') : t('contactImport.undo.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The import as the job goes: progress while it runs, then what it did, the refused rows and undo. */
export function ImportProgress({ found }: { found: ContactImport }) {
  const { t, i18n } = useTranslation();
  if (isImportActive(found)) return <ProgressBar found={found} />;
  return (
    <div className="space-y-6">
      {found.status === 'completed' && (
        <p className="flex items-center gap-2 text-base font-medium text-foreground" role="status">
          <CheckCircle2 className="h-5 w-5 text-success" aria-hidden="true" />
          {t('contactImport.result.completed', { rows: formatInteger(found.rowsDone) })}
        </p>
      )}
      {found.status === 'failed' && (
        <p
          className="flex items-center gap-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          role="alert"
        >
          <TriangleAlert className="h-5 w-5" aria-hidden="true" />
          {t('contactImport.result.failed', { error: found.error ?? '' })}
        </p>
      )}
      {found.status === 'undone' && (
        <p
          className="flex items-center gap-2 rounded-md border border-border bg-muted/60 px-3 py-2 text-sm text-foreground"
          role="status"
          data-testid="import-undone"
        >
          <RotateCcw className="h-5 w-5" aria-hidden="true" />
          {t('contactImport.result.undone', { at: formatDateTime(found.undoneAt) ?? '' })}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <ImportCount label={t('contactImport.counts.created')} value={found.counts.created} testId="result-created" />
        <ImportCount label={t('contactImport.counts.updated')} value={found.counts.updated} testId="result-updated" />
        <ImportCount label={t('contactImport.counts.skipped')} value={found.counts.skipped} testId="result-skipped" />
        <ImportCount label={t('contactImport.counts.refused')} value={found.counts.rejected} testId="result-rejected" />
      </dl>
      <div className="flex flex-wrap gap-2">
        {found.rejectedCsv && (
          <Button variant="outline" asChild>
            <a href={`${found.rejectedCsv}?${new URLSearchParams(spreadsheetQuery(i18n.language))}`} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('contactImport.result.downloadRefused')}
            </a>
          </Button>
        )}
        {(found.status === 'completed' || found.status === 'failed') && <UndoButton found={found} />}
        <Button asChild>
          <Link to="/crm/contacts">{t('contactImport.result.toContacts')}</Link>
        </Button>
      </div>
    </div>
  );
}
