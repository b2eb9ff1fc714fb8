import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoalProgressList } from '../../../components/records/goal-progress';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FiguresHead } from '../../../components/ui/figures-head';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useGoals } from '../../../lib/api/get-goals';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency } from '../../../lib/format';
import { currentMonth, monthTitle } from '../../../lib/month';
import { useGoalHistory } from '../api/get-goal-history';

const HISTORY_MONTHS = 6;

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}

/** One person's last months: goal, won and the share reached, newest first. */
function GoalHistoryTable({ userId, pipeline }: { userId: number; pipeline: string | null }) {
  const { t, i18n } = useTranslation();
  const history = useGoalHistory(userId, HISTORY_MONTHS, pipeline);
  if (history.isPending) return <Loading />;
  if (history.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {t('goals.reports.loadFailed')}: {errorMessage(history.error, t)}
      </p>
    );
  return (
    <table className="w-full text-sm" data-testid="goal-history">
      <FiguresHead
        columns={[
          { label: t('goals.month') },
          { label: t('goals.reports.goal') },
          { label: t('goals.reports.won') },
          { label: t('goals.reports.percent') },
        ]}
      />
      <tbody className="divide-y divide-border">
        {history.data.items.map((item) => {
          const goal = item.goal?.wonValue ?? null;
          return (
            <tr key={item.month} data-testid="goal-history-row">
              <th scope="row" className="py-1.5 text-left font-normal">
                {monthTitle(item.month, i18n.language)}
              </th>
              <td className="py-1.5 text-right tabular-nums">
                {goal === null ? t('goals.reports.noGoal') : formatCurrency(goal)}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatCurrency(item.actual.wonValue)}</td>
              <td className="py-1.5 text-right tabular-nums">
                {goal ? `${Math.round((item.actual.wonValue / goal) * 100)}%` : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The reports' goals: each person's won value against the month's goal with the pace, and one person's last months;
 * the goals of the pipeline the reports show, or (null) those for every pipeline.
 */
export function GoalsReport({ pipeline }: { pipeline: string | null }) {
  const { t, i18n } = useTranslation();
  const now = currentMonth();
  const [month, setMonth] = useState(now);
  const [person, setPerson] = useState<number | null>(null);
  const goals = useGoals(month, pipeline);
  const people = goals.data?.items ?? [];
  const historyOf = person ?? people[0]?.userId ?? null;
  return (
    <Card role="region" aria-labelledby="goals-report-title" data-testid="goals-report">
      <CardHeader className="flex-wrap items-end">
        <div className="grid gap-1">
          <CardTitle id="goals-report-title">{t('goals.reports.title')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('goals.reports.description')}</p>
        </div>
        <MonthPicker id="goals-report-month" value={month} onChange={setMonth} max={now} />
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <h3 className="text-sm font-semibold">{monthTitle(month, i18n.language)}</h3>
          {goals.isPending ? (
            <Loading />
          ) : goals.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('goals.reports.loadFailed')}: {errorMessage(goals.error, t)}
            </p>
          ) : people.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('goals.reports.empty')}</p>
          ) : (
            <GoalProgressList items={people} ended={month < now} testIdPrefix="report-goal" />
          )}
        </div>
        <div className="grid content-start gap-3">
          <h3 className="text-sm font-semibold">{t('goals.reports.history')}</h3>
          {people.length > 0 && (
            <div className="grid gap-1 sm:w-64">
              <label htmlFor="goal-history-person" className="text-sm font-medium">
                {t('goals.reports.historyPerson')}
              </label>
              <Select
                id="goal-history-person"
                value={String(historyOf)}
                onValueChange={(value) => setPerson(Number(value))}
                options={people.map((item) => ({ value: String(item.userId), label: item.userName }))}
              />
            </div>
          )}
          {historyOf !== null && <GoalHistoryTable userId={historyOf} pipeline={pipeline} />}
        </div>
      </CardContent>
    </Card>
  );
}
