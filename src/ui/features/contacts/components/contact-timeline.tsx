import { timelineAuthor } from '../../../lib/timeline-author';
import {
  Building2,
  CalendarCheck,
  FileText,
  FileUp,
  Handshake,
  History,
  ListChecks,
  StickyNote,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { TimelineChange, TimelineList } from '../../../components/records/timeline-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { useContactTimeline, type TimelineEntry } from '../api/get-contact-timeline';

const ENTITY_ICONS: Record<TimelineEntry['entityType'], LucideIcon> = {
  contact: UserRound,
  deal: Handshake,
  activity: CalendarCheck,
  template: FileText,
  note: StickyNote,
  company: Building2,
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const REFERENCES = new Set(['ownerId', 'assignedTo', 'contactId', 'dealId']);

/** A changed value as a person reads it: translated choices, money, dates, people and records by number. */
export function timelineValue(
  entry: Pick<TimelineEntry, 'entityType'>,
  field: string,
  value: unknown,
  t: TFunction,
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('contactPage.timeline.empty');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? t('contactPage.timeline.yes') : t('contactPage.timeline.no');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (REFERENCES.has(field)) return `#${text}`;
  if (field === 'status')
    return entry.entityType === 'contact'
      ? t(`contacts.status.${text}`, { defaultValue: text })
      : t(`contactPage.values.activityStatus.${text}`, { defaultValue: text });
  if (field === 'type' && entry.entityType === 'activity')
    return t(`contactPage.values.activityType.${text}`, { defaultValue: text });
  if (field === 'priority') return t(`contactPage.values.priority.${text}`, { defaultValue: text });
  if (field === 'stage') return t(`dealForm.stages.${text}`, { defaultValue: text });
  if (field === 'value' && entry.entityType === 'deal') return formatCurrency(text);
  if (field === 'probability') return `${text}%`;
  if (field === 'duration') return t('contactPage.timeline.minutes', { count: Number(text) });
  if (ISO_DAY.test(text)) return text.split('-').reverse().join('/');
  if (ISO_INSTANT.test(text)) return formatDateTime(text) ?? text;
  return text;
}

/** The records a merge took in, as its entry names them ("Ana S., Ana Souza (old)"). */
function mergedNames(entry: TimelineEntry): string {
  const merged = entry.changes.find((c) => c.field === 'merged')?.oldValue;
  return Array.isArray(merged) ? merged.map((r) => String((r as { name?: unknown }).name ?? '')).join(', ') : '';
}

/** Who did what to which record; an import's entries say so (a bulk edit's have a badge). */
function summary(entry: TimelineEntry, t: TFunction): string {
  const who = timelineAuthor(entry, t('contactPage.timeline.someone'), t);
  const what = t(`contactPage.timeline.entity.${entry.entityType}`);
  const options = { who, what, name: entry.entityName, importId: entry.importId };
  // A template used for the contact: the channel it left by is its one "change".
  if (entry.action === 'used')
    return t(
      `templateUse.timeline.${String(entry.changes.find((c) => c.field === 'channel')?.newValue ?? 'copy')}`,
      options,
    );
  if (entry.importId !== undefined) return t(`contactPage.timeline.imported.${entry.action}`, options);
  if (entry.action === 'merged')
    return t('contactPage.timeline.action.merged', { ...options, merged: mergedNames(entry) });
  return t(`contactPage.timeline.action.${entry.action}`, options);
}

/**
 * The contact's history, its deals', activities' and notes' included: who changed what (old -> new) and when.
 * A note entry is drawn by `renderNote` (the notes feature's, given by the page), its icon and card beside the line.
 */
export function ContactTimeline({
  contactId,
  renderNote,
}: {
  contactId: number;
  renderNote?: (entry: TimelineEntry) => ReactNode;
}) {
  const { t } = useTranslation();
  const timeline = useContactTimeline(contactId);
  return (
    <TimelineList
      timeline={timeline}
      testId="contact-timeline"
      className="gap-3"
      listClassName="grid gap-0"
      loadingClassName="py-6"
      empty={<EmptyState icon={History} title={t('contactPage.timeline.emptyTitle')} />}
      moreLabel={t('contactPage.timeline.more')}
      renderEntry={(entry, index, entries) => {
        const line = index < entries.length - 1 && (
          <span className="absolute top-8 bottom-0 left-4 w-px bg-border" aria-hidden="true" />
        );
        if (entry.entityType === 'note' && renderNote)
          return (
            <li key={entry.id} data-testid="timeline-entry" className="relative flex gap-3 pb-4">
              {line}
              {renderNote(entry)}
            </li>
          );
        const Icon = entry.importId !== undefined ? FileUp : entry.bulk ? ListChecks : ENTITY_ICONS[entry.entityType];
        return (
          <li key={entry.id} data-testid="timeline-entry" className="relative flex gap-3 pb-4">
            {line}
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="min-w-0 break-words">{summary(entry, t)}</span>
                {entry.importId !== undefined && (
                  <Badge tone="primary">{t('contactPage.timeline.importBadge', { id: entry.importId })}</Badge>
                )}
                {entry.bulk && <Badge tone="primary">{t('contactPage.timeline.bulkBadge')}</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {(entry.action === 'updated' || entry.action === 'merged') && entry.changes.length > 0 && (
                <ul className="mt-2 grid gap-1 text-sm">
                  {entry.changes
                    .filter((change) => change.field !== 'merged')
                    .map((change) => (
                      <TimelineChange
                        key={change.field}
                        testId="timeline-change"
                        className="break-words"
                        label={t(`contactPage.fields.${change.field}`, { defaultValue: change.field })}
                        before={timelineValue(entry, change.field, change.oldValue, t)}
                        after={timelineValue(entry, change.field, change.newValue, t)}
                        toLabel={t('contactPage.timeline.to')}
                      />
                    ))}
                </ul>
              )}
            </div>
          </li>
        );
      }}
    />
  );
}
