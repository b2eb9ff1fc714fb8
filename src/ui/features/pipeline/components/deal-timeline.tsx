import { timelineAuthor } from '../../../lib/timeline-author';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimelineChange, TimelineList } from '../../../components/records/timeline-list';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { useDealTimeline, type DealTimelineEntry } from '../api/get-deal-timeline';
import { formatDay } from '../board-position';
import type { DealPerson } from './deal-people-field';
import { lostReasonLabel, stageLabel } from '../stage-label';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A deal's people as a line: "Ana (Decisor, principal), Bruno (Técnico)". */
export function peopleShown(people: DealPerson[], t: T): string {
  const shown = people.map((person) => {
    const role = t(`dealForm.roles.${person.role}`);
    return `${person.name} (${person.primary ? `${role}, ${t('dealForm.people.primaryShort')}` : role})`;
  });
  return shown.join(', ') || '—';
}

/** The fields an entry shows: the primary contact's id says nothing the people beside it do not. */
const shownChanges = (changes: DealTimelineEntry['changes']) =>
  changes.some((change) => change.field === 'contacts')
    ? changes.filter((change) => change.field !== 'contactId')
    : changes;

/** A changed field's value as a person reads it. */
function shown(field: string, value: unknown, t: T): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage') return stageLabel(String(value), t);
  if (field === 'value') return formatCurrency(String(value));
  if (field === 'expectedCloseDate') return formatDay(String(value)) ?? String(value);
  if (field === 'closedAt') return formatDateTime(String(value)) ?? String(value);
  if (field === 'lostReason') return lostReasonLabel(String(value), t);
  if (field === 'contacts') return peopleShown(value as DealPerson[], t);
  return String(value);
}

/**
 * A deal's history in its dialog: who created, moved (closed, reopened) or changed it, old -> new, and the notes
 * logged on it (drawn by `renderNote`, the notes feature's, given by the page).
 */
export function DealTimeline({
  dealId,
  renderNote,
}: {
  dealId: number;
  renderNote?: (entry: DealTimelineEntry) => ReactNode;
}) {
  const { t } = useTranslation();
  const timeline = useDealTimeline(dealId);
  return (
    <TimelineList
      timeline={timeline}
      testId="deal-timeline"
      listClassName="grid gap-2"
      moreLabel={t('pipeline.dealDialog.more')}
      renderEntry={(entry) =>
        entry.entityType === 'note' && renderNote ? (
          <li key={entry.id}>{renderNote(entry)}</li>
        ) : (
          <li key={entry.id} className="rounded-md border border-border p-2 text-sm">
            <p>
              {t(`pipeline.dealDialog.action.${entry.action}`, {
                who: timelineAuthor(entry, t('pipeline.dealDialog.someone'), t),
              })}{' '}
              <time className="text-xs text-muted-foreground" dateTime={entry.at}>
                {formatDateTime(entry.at)}
              </time>
            </p>
            {entry.action === 'updated' && (
              <ul className="mt-1 grid gap-0.5 text-xs">
                {shownChanges(entry.changes).map((change) => (
                  <TimelineChange
                    key={change.field}
                    testId="deal-timeline-change"
                    label={t(`dealForm.fields.${change.field}`, { defaultValue: change.field })}
                    before={shown(change.field, change.oldValue, t)}
                    after={shown(change.field, change.newValue, t)}
                    toLabel={t('pipeline.dealDialog.to')}
                  />
                ))}
              </ul>
            )}
          </li>
        )
      }
    />
  );
}
