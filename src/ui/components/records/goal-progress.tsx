import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatCurrency } from '../../lib/format';
import { Badge } from '../ui/badge';

interface GoalProgressProps {
  /** Names the bar for screen readers and heads it (a person's name, "Ganho no mês"). */
  label: string;
  /** Won value so far (BRL). */
  actual: number;
  /** The month's goal (BRL); null: none set. */
  goal: number | null;
  /** Where the won value should be today (the whole goal for a month that has ended). */
  pace: number | null;
  /** The month is over: the verdict is reached or not, no longer a pace. */
  ended?: boolean;
  testId?: string;
  className?: string;
}

const percentOf = (value: number, goal: number) => (goal > 0 ? Math.round((value / goal) * 100) : 0);

/** Won value against a monthly goal: a bar, a mark where the pace says it should be today, and the verdict. */
export function GoalProgress({ label, actual, goal, pace, ended = false, testId, className }: GoalProgressProps) {
  const { t } = useTranslation();
  const hasGoal = goal !== null && goal > 0;
  const percent = hasGoal ? percentOf(actual, goal) : 0;
  const pacePercent = hasGoal && pace !== null && !ended ? Math.min(100, percentOf(pace, goal)) : null;
  const behind = hasGoal && pace !== null ? Math.max(0, pace - actual) : 0;
  const verdict = !hasGoal
    ? null
    : actual >= goal
      ? { tone: 'success' as const, text: t('goals.progress.reached') }
      : ended
        ? { tone: 'danger' as const, text: t('goals.progress.missed', { amount: formatCurrency(goal - actual) }) }
        : behind > 0
          ? { tone: 'warning' as const, text: t('goals.progress.behind', { amount: formatCurrency(behind) }) }
          : { tone: 'success' as const, text: t('goals.progress.onPace') };
  return (
    <div className={cn('grid gap-2', className)} data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 font-medium break-words text-foreground">{label}</span>
        <span className="text-muted-foreground" data-testid={testId && `${testId}-value`}>
          {hasGoal
            ? t('goals.progress.ofGoal', { actual: formatCurrency(actual), goal: formatCurrency(goal) })
            : t('goals.progress.noGoal', { actual: formatCurrency(actual) })}
        </span>
      </div>
      {hasGoal && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, percent)}
          aria-valuetext={t('goals.progress.percent', { percent })}
          className="relative h-3 w-full rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', actual >= goal ? 'bg-success' : 'bg-primary')}
            style={{ width: `${Math.min(100, percent)}%` }}
          />
          {pacePercent !== null && (
            <div
              aria-hidden="true"
              className="absolute -top-1 h-5 w-0.5 -translate-x-1/2 rounded bg-foreground"
              style={{ left: `${pacePercent}%` }}
            />
          )}
        </div>
      )}
      {hasGoal && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span data-testid={testId && `${testId}-pace`}>
            {t('goals.progress.percent', { percent })}
            {pace !== null && !ended && ` · ${t('goals.progress.pace', { amount: formatCurrency(pace) })}`}
          </span>
          {verdict && <Badge tone={verdict.tone}>{verdict.text}</Badge>}
        </div>
      )}
    </div>
  );
}

interface GoalItem {
  userId: number;
  userName: string;
  goal: { wonValue: number } | null;
  actual: { wonValue: number };
  pace: { wonValue: number | null };
}

/** A bar per person of a month's goals (as the goals and the home's team answer them); test ids `<prefix>-<userId>`. */
export function GoalProgressList({
  items,
  ended,
  testIdPrefix,
}: {
  items: GoalItem[];
  ended?: boolean;
  testIdPrefix: string;
}) {
  return items.map((item) => (
    <GoalProgress
      key={item.userId}
      label={item.userName}
      actual={item.actual.wonValue}
      goal={item.goal?.wonValue ?? null}
      pace={item.pace.wonValue}
      ended={ended}
      testId={`${testIdPrefix}-${item.userId}`}
    />
  ));
}
