import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { useDealTimeline } from '../api/get-deal-timeline';
import { formatDay } from '../board-position';
import { lostReasonLabel, stageLabel } from '../stage-label';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A changed field's value as a person reads it. */
function shown(field: string, value: unknown, t: T): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage') return stageLabel(String(value), t);
  if (field === 'value') return formatCurrency(String(value));
  if (field === 'expectedCloseDate') return formatDay(String(value)) ?? String(value);
  if (field === 'closedAt') return formatDateTime(String(value)) ?? String(value);
  if (field === 'lostReason') return lostReasonLabel(String(value), t);
  return String(value);
}

/** A deal's history in its dialog: who created, moved (closed, reopened) or changed it, old -> new. */
export function DealTimeline({ dealId }: { dealId: number }) {
  const { t } = useTranslation();
  const timeline = useDealTimeline(dealId);
  if (timeline.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (timeline.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(timeline.error, t)}
      </p>
    );
  }
  const entries = timeline.data.pages.flatMap((p) => p.items);
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2" data-testid="deal-timeline">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-md border border-border p-2 text-sm">
            <p>
              {t(`pipeline.dealDialog.action.${entry.action}`, {
                who: entry.userName ?? t('pipeline.dealDialog.someone'),
              })}{' '}
              <time className="text-xs text-muted-foreground" dateTime={entry.at}>
                {formatDateTime(entry.at)}
              </time>
            </p>
            {entry.action === 'updated' && (
              <ul className="mt-1 grid gap-0.5 text-xs">
                {entry.changes.map((change) => (
                  <li key={change.field} data-testid="deal-timeline-change">
                    <span className="font-medium">
                      {t(`dealForm.fields.${change.field}`, { defaultValue: change.field })}:{' '}
                    </span>
                    <del className="text-muted-foreground">{shown(change.field, change.oldValue, t)}</del>
                    <span aria-hidden="true"> → </span>
                    <span className="sr-only"> {t('pipeline.dealDialog.to')} </span>
                    <ins className="no-underline">{shown(change.field, change.newValue, t)}</ins>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {timeline.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage && <Spinner />}
          {t('pipeline.dealDialog.more')}
        </Button>
      )}
    </div>
  );
}
