import { timelineAuthor } from '../../../lib/timeline-author';
import { Building2, History, StickyNote } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TimelineChange, TimelineList } from '../../../components/records/timeline-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeline, type CompanyTimelineEntry } from '../api/get-company-timeline';

/** A changed value as a person reads it: a size by its name, the owner by number, tags listed, nothing as "(empty)". */
export function companyValue(field: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('contactPage.timeline.empty');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'ownerId') return `#${text}`;
  if (field === 'size') return t(`companies.size.${text}`, { defaultValue: text });
  return text;
}

/** The company's history: who created it and changed which field (old -> new), the notes written on it, and when. */
export function CompanyTimeline({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const timeline = useCompanyTimeline(companyId);
  return (
    <TimelineList
      timeline={timeline}
      testId="company-timeline"
      className="gap-3"
      listClassName="grid gap-0"
      loadingClassName="py-6"
      empty={<EmptyState icon={History} title={t('companyPage.timeline.emptyTitle')} />}
      moreLabel={t('contactPage.timeline.more')}
      renderEntry={(entry: CompanyTimelineEntry, index, entries) => (
        <li key={entry.id} data-testid="timeline-entry" className="relative flex gap-3 pb-4">
          {index < entries.length - 1 && (
            <span className="absolute top-8 bottom-0 left-4 w-px bg-border" aria-hidden="true" />
          )}
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            {entry.entityType === 'note' ? (
              <StickyNote className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Building2 className="h-4 w-4" aria-hidden="true" />
            )}
          </span>
          <div className="min-w-0 flex-1 pt-1">
            <p className="text-sm break-words">
              {t(`contactPage.timeline.action.${entry.action}`, {
                who: timelineAuthor(entry, t('contactPage.timeline.someone'), t),
                what: t(`contactPage.timeline.entity.${entry.entityType}`),
                name: entry.entityName,
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.action === 'updated' && entry.changes.length > 0 && (
              <ul className="mt-2 grid gap-1 text-sm">
                {entry.changes.map((change) => (
                  <TimelineChange
                    key={change.field}
                    testId="timeline-change"
                    className="break-words"
                    label={t(`companies.fields.${change.field}`, { defaultValue: change.field })}
                    before={companyValue(change.field, change.oldValue, t)}
                    after={companyValue(change.field, change.newValue, t)}
                    toLabel={t('contactPage.timeline.to')}
                  />
                ))}
              </ul>
            )}
          </div>
        </li>
      )}
    />
  );
}
