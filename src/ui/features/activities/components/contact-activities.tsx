import { AlarmClock, CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPE_ICONS } from '../../../components/records/activity-type-icons';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { isOverdue, sortActivities } from '../activity-order';
import { useActivities, type Activity, type ActivityPriority } from '../api/get-activities';

// Urgent is a solid badge: red text on a pale red does not reach 4.5:1 in the light theme.
const PRIORITY_TONES: Record<Exclude<ActivityPriority, 'urgent'>, BadgeProps['tone']> = {
  low: 'neutral',
  normal: 'primary',
  high: 'warning',
};
const solidDanger =
  'inline-flex items-center gap-1 rounded-full bg-danger px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-danger-foreground';

/** A contact's activities the viewer may see: pending first (overdue ones marked), then completed. */
export function ContactActivities({ contactId, onOpen }: { contactId: number; onOpen: (activity: Activity) => void }) {
  const { t } = useTranslation();
  return (
    <RecordActivities
      scope={{ contact: contactId }}
      onOpen={onOpen}
      testId="contact-activities"
      emptyHint={t('activityForm.list.emptyHint')}
    />
  );
}

/** A company's activities, its people's and its deals' that the viewer may see, in the same order. */
export function CompanyActivities({ companyId, onOpen }: { companyId: number; onOpen: (activity: Activity) => void }) {
  const { t } = useTranslation();
  return (
    <RecordActivities
      scope={{ company: companyId }}
      onOpen={onOpen}
      testId="company-activities"
      emptyHint={t('companyPage.activitiesEmptyHint')}
    />
  );
}

function RecordActivities({
  scope,
  onOpen,
  testId,
  emptyHint,
}: {
  scope: { contact: number } | { company: number };
  onOpen: (activity: Activity) => void;
  testId: string;
  emptyHint: string;
}) {
  const { t } = useTranslation();
  const pending = useActivities({ ...scope, status: 'pending' });
  const completed = useActivities({ ...scope, status: 'completed' });
  if (pending.isPending || completed.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (pending.isError || completed.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(pending.error ?? completed.error, t)}
      </p>
    );
  }
  const items = sortActivities(
    pending.data.pages.flatMap((page) => page.items),
    completed.data.pages.flatMap((page) => page.items),
  );
  if (items.length === 0)
    return <EmptyState icon={CalendarCheck} title={t('activityForm.list.empty')} description={emptyHint} />;
  const now = Date.now();
  const more = [pending, completed].filter((query) => query.hasNextPage);
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" data-testid={testId}>
        {items.map((activity) => (
          <ActivityRow
            key={activity.id}
            activity={activity}
            overdue={isOverdue(activity, now)}
            onOpen={onOpen}
            showContact={'company' in scope}
          />
        ))}
      </ul>
      {more.length > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => more.forEach((query) => void query.fetchNextPage())}
        >
          {more.some((query) => query.isFetchingNextPage) && <Spinner />}
          {t('activityForm.list.more')}
        </Button>
      )}
    </div>
  );
}

function ActivityRow({
  activity,
  overdue,
  onOpen,
  showContact,
}: {
  activity: Activity;
  overdue: boolean;
  onOpen: (activity: Activity) => void;
  /** Its person's name (a company's list holds its people's activities). */
  showContact: boolean;
}) {
  const { t } = useTranslation();
  const Icon = ACTIVITY_TYPE_ICONS[activity.type];
  const done = activity.status === 'completed';
  return (
    <li
      data-testid="activity-item"
      data-status={activity.status}
      data-overdue={overdue || undefined}
      className={cn(
        'relative flex items-start gap-3 rounded-md border border-border p-3 focus-within:border-primary hover:border-primary/60',
        overdue && 'border-l-4 border-l-danger',
        done && 'bg-muted/40',
      )}
    >
      <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t(`activityForm.types.${activity.type}`)}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => onOpen(activity)}
            className={cn(
              'min-w-0 text-left text-sm font-medium after:absolute after:inset-0 after:rounded-md focus-visible:outline-none',
              done && 'text-muted-foreground line-through',
            )}
          >
            {activity.subject}
          </button>
          {overdue && (
            <span className={solidDanger} data-testid="overdue-badge">
              <AlarmClock className="h-3 w-3" aria-hidden="true" />
              {t('activityForm.list.overdue')}
            </span>
          )}
          {done ? (
            <Badge tone="success">{t('activityForm.list.completed')}</Badge>
          ) : activity.priority === 'urgent' ? (
            <span className={solidDanger}>{t('activityForm.priorities.urgent')}</span>
          ) : (
            <Badge tone={PRIORITY_TONES[activity.priority]}>{t(`activityForm.priorities.${activity.priority}`)}</Badge>
          )}
        </div>
        {activity.description && (
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{activity.description}</p>
        )}
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          {done
            ? activity.completedAt && (
                <span>{t('activityForm.list.completedAt', { date: formatDateTime(activity.completedAt) })}</span>
              )
            : activity.dueDate && (
                <span className={cn(overdue && 'font-medium text-danger')}>
                  {t('activityForm.list.due', { date: formatDateTime(activity.dueDate) })}
                </span>
              )}
          {activity.duration !== null && <span>{t('activityForm.list.duration', { count: activity.duration })}</span>}
          {activity.dealTitle && <span>{t('activityForm.list.deal', { title: activity.dealTitle })}</span>}
          {showContact && activity.contactName && (
            <span>{t('activityForm.list.contact', { name: activity.contactName })}</span>
          )}
        </p>
      </div>
    </li>
  );
}
