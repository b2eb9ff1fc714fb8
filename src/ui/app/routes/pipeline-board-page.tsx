import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useActivities } from '../../features/activities/api/get-activities';
import type { Deal } from '../../features/pipeline/api/get-deals';
import { DealTimeline } from '../../features/pipeline/components/deal-timeline';
import { PipelinePage } from '../../features/pipeline/routes/pipeline-page';
import { NoteComposer } from '../../features/notes/components/note-composer';
import { PinnedNotes } from '../../features/notes/components/pinned-notes';
import { TimelineNote } from '../../features/notes/components/timeline-note';
import { useUser, type User } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';

/** The deal's activities the viewer may see, pending first (read-only here; the activities screen edits them). */
function DealActivities({ dealId }: { dealId: number }) {
  const { t } = useTranslation();
  const activities = useActivities({ deal: dealId });
  if (activities.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (activities.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(activities.error, t)}
      </p>
    );
  }
  const items = activities.data.pages
    .flatMap((p) => p.items)
    .sort((a, b) => Number(a.status !== 'pending') - Number(b.status !== 'pending'));
  if (!items.length) return <p className="text-sm text-muted-foreground">{t('pipeline.dealDialog.noActivities')}</p>;
  return (
    <ul className="grid gap-2" data-testid="deal-activities">
      {items.map((a) => (
        <li
          key={a.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2 text-sm"
        >
          <span className="min-w-0 break-words">{a.subject}</span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            {a.dueDate && <time dateTime={a.dueDate}>{formatDateTime(a.dueDate)}</time>}
            <Badge tone={a.status === 'pending' ? 'warning' : 'success'}>
              {t(`pipeline.dealDialog.status.${a.status}`)}
            </Badge>
          </span>
        </li>
      ))}
    </ul>
  );
}

function DealExtras({ deal, me }: { deal: Deal; me: User }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
      <PinnedNotes scope={{ deal: deal.id }} me={me} heading="h3" className="sm:col-span-2" />
      <section aria-labelledby="deal-note-heading" className="grid content-start gap-2 sm:col-span-2">
        <h3 id="deal-note-heading" className="font-semibold">
          {t('notes.title')}
        </h3>
        <NoteComposer id="deal-note" dealId={deal.id} framed />
      </section>
      <section aria-labelledby="deal-activities-heading" className="grid content-start gap-2">
        <h3 id="deal-activities-heading" className="font-semibold">
          {t('pipeline.dealDialog.activities')}
        </h3>
        <DealActivities dealId={deal.id} />
      </section>
      <section aria-labelledby="deal-timeline-heading" className="grid content-start gap-2">
        <h3 id="deal-timeline-heading" className="font-semibold">
          {t('pipeline.dealDialog.timeline')}
        </h3>
        <DealTimeline
          dealId={deal.id}
          renderNote={(entry) => <TimelineNote note={entry.note ?? null} authorName={entry.userName} me={me} bare />}
        />
      </section>
    </div>
  );
}

/** /crm/pipeline: the pipeline feature's board, its deal dialog showing the activities feature's list. */
export function PipelineBoardPage() {
  const { data: me } = useUser();
  return <PipelinePage dealExtras={(deal) => me && <DealExtras deal={deal} me={me} />} />;
}
