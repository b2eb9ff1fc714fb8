import { AlarmClock, CalendarCheck, Circle, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ACTIVITY_TYPE_ICONS } from '../../../components/records/activity-type-icons';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import type { Activity, ActivityPriority } from '../api/get-activities';

// Urgent is a solid badge: red text on a pale red does not reach 4.5:1 in the light theme.
const PRIORITY_TONES: Record<Exclude<ActivityPriority, 'urgent'>, BadgeProps['tone']> = {
  low: 'neutral',
  normal: 'primary',
  high: 'warning',
};
const solidDanger =
  'inline-flex items-center gap-1 rounded-full bg-danger px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-danger-foreground';

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => part[0]!.toUpperCase())
    .join('');

interface ActivityCardProps {
  activity: Activity;
  overdue: boolean;
  onOpen: (activity: Activity) => void;
  onToggle: (activity: Activity) => void;
}

/** One activity on the activities screen: a click opens it, the round button completes or reopens it. */
export function ActivityCard({ activity, overdue, onOpen, onToggle }: ActivityCardProps) {
  const { t } = useTranslation();
  const Icon = ACTIVITY_TYPE_ICONS[activity.type];
  const done = activity.status === 'completed';
  return (
    <li
      data-testid="activity-card"
      data-id={activity.id}
      data-status={activity.status}
      data-overdue={overdue || undefined}
      className={cn(
        'relative flex items-start gap-3 rounded-lg border border-border bg-surface p-3 focus-within:border-primary hover:border-primary/60 sm:p-4',
        overdue && 'border-l-4 border-l-danger',
        done && 'bg-muted/40',
      )}
    >
      <button
        type="button"
        onClick={() => onToggle(activity)}
        aria-label={
          done
            ? t('activities.reopen', { subject: activity.subject })
            : t('activities.complete', { subject: activity.subject })
        }
        title={done ? t('activities.reopenShort') : t('activities.completeShort')}
        className="relative z-10 mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
        data-testid="activity-toggle"
      >
        {done ? (
          <RotateCcw className="h-5 w-5" aria-hidden="true" />
        ) : (
          <Circle className="h-5 w-5" aria-hidden="true" />
        )}
      </button>
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
              'min-w-0 text-left text-sm font-medium break-words after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none',
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
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {activity.dueDate && (
            <span
              className={cn('inline-flex items-center gap-1', overdue && 'font-medium text-danger')}
              data-testid="activity-due"
            >
              <CalendarCheck className="h-3 w-3" aria-hidden="true" />
              {formatDateTime(activity.dueDate)}
            </span>
          )}
          {done && activity.completedAt && (
            <span>{t('activityForm.list.completedAt', { date: formatDateTime(activity.completedAt) })}</span>
          )}
          {activity.duration !== null && <span>{t('activityForm.list.duration', { count: activity.duration })}</span>}
          {activity.contactId !== null && (
            <Link
              to={`/crm/contacts/${activity.contactId}`}
              className="relative z-10 font-medium text-primary underline-offset-2 hover:underline focus-ring"
            >
              {activity.contactName}
            </Link>
          )}
          {activity.dealId !== null && (
            <Link
              to="/crm/pipeline"
              className="relative z-10 text-primary underline-offset-2 hover:underline focus-ring"
            >
              {t('activityForm.list.deal', { title: activity.dealTitle })}
            </Link>
          )}
          {activity.companyId !== null && (
            <Link
              to={`/crm/companies/${activity.companyId}`}
              className="relative z-10 text-primary underline-offset-2 hover:underline focus-ring"
            >
              {activity.companyName}
            </Link>
          )}
        </p>
      </div>
      {activity.assignedToName && (
        <span
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          title={activity.assignedToName}
          aria-label={t('activities.assignee', { name: activity.assignedToName })}
          role="img"
        >
          {initialsOf(activity.assignedToName)}
        </span>
      )}
    </li>
  );
}
