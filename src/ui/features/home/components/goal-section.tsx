import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GoalProgress } from '../../../components/records/goal-progress';
import { formatInteger } from '../../../lib/format';
import { currentMonth, formatMonth } from '../../../lib/month';
import { useHomeSection } from '../api/get-home-section';
import { HomeCard, HomeEmpty } from './home-card';

/** A count against its goal ("1 de 2"), or the count alone when the goal leaves it out. */
function Target({
  label,
  actual,
  goal,
  testId,
}: {
  label: string;
  actual: number;
  goal: number | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd data-testid={testId}>
        {goal === null
          ? formatInteger(actual)
          : t('home.goal.ofTarget', { actual: formatInteger(actual), goal: formatInteger(goal) })}
      </dd>
    </div>
  );
}

/** This month's won value against the goal (a person's, or the team's summed), with the pace for today. */
export function GoalSection({ userId, team, isAdmin }: { userId: number | null; team: boolean; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const goal = useHomeSection('goal', userId);
  const month = formatMonth(currentMonth(), i18n.language);
  return (
    <HomeCard id="home-goal" title={t('home.goal.title', { month })} query={goal}>
      {(data) => (
        <div className="grid grid-cols-1 gap-3">
          <GoalProgress
            label={team ? t('home.goal.wonTeam') : t('home.goal.won')}
            actual={data.actual.wonValue}
            goal={data.goal?.wonValue ?? null}
            pace={data.pace.wonValue}
            testId="home-goal-bar"
          />
          {data.goal === null ? (
            <HomeEmpty title={t('home.goal.none')}>
              {isAdmin ? (
                <Link
                  to="/settings?tab=goals"
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('home.goal.set')}
                </Link>
              ) : (
                t('home.goal.askAdmin')
              )}
            </HomeEmpty>
          ) : (
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <Target
                label={t('home.goal.wonCount')}
                actual={data.actual.wonCount}
                goal={data.goal.wonCount}
                testId="home-goal-count"
              />
              <Target
                label={t('home.goal.activitiesDone')}
                actual={data.actual.activitiesDone}
                goal={data.goal.activitiesDone}
                testId="home-goal-activities"
              />
            </dl>
          )}
        </div>
      )}
    </HomeCard>
  );
}
