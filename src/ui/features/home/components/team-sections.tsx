import { useTranslation } from 'react-i18next';
import { GoalProgressList } from '../../../components/records/goal-progress';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { useHomeSection } from '../api/get-home-section';
import { HomeCard, HomeEmpty } from './home-card';

/** A name and a figure per row, with a bar relative to the largest (no chart library on the home). */
function CountBars({
  rows,
  testId,
}: {
  rows: { key: string; label: string; count: number; note?: string }[];
  testId: string;
}) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul className="grid grid-cols-1 gap-2" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} className="grid grid-cols-1 gap-1 text-sm" data-testid={`${testId}-row`}>
          <div className="flex justify-between gap-3">
            <span className="min-w-0 truncate">{row.label}</span>
            <span className="shrink-0 tabular-nums">
              {formatInteger(row.count)}
              {row.note && <span className="text-muted-foreground"> · {row.note}</span>}
            </span>
          </div>
          <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${(row.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The admin's team view: activities done this week, stale deals, goals per person, new leads by source. */
export function TeamSections() {
  const { t } = useTranslation();
  const team = useHomeSection('team', null);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="home-team">
      <HomeCard id="home-team-goals" title={t('home.team.goals')} query={team}>
        {(data) =>
          data.goals.length === 0 ? (
            <HomeEmpty title={t('home.team.noPeople')} />
          ) : (
            <div className="grid grid-cols-1 gap-4">
              <GoalProgressList items={data.goals} testIdPrefix="team-goal" />
            </div>
          )
        }
      </HomeCard>
      <HomeCard id="home-team-activities" title={t('home.team.activitiesDone')} query={team}>
        {(data) =>
          data.activitiesDoneThisWeek.length === 0 ? (
            <HomeEmpty title={t('home.team.noActivities')}>{t('home.team.noActivitiesHint')}</HomeEmpty>
          ) : (
            <CountBars
              testId="team-activities"
              rows={data.activitiesDoneThisWeek.map((row) => ({
                key: String(row.userId),
                label: row.userName,
                count: row.count,
              }))}
            />
          )
        }
      </HomeCard>
      <HomeCard id="home-team-stale" title={t('home.team.stale')} query={team}>
        {(data) =>
          data.staleDeals.length === 0 ? (
            <HomeEmpty title={t('home.team.noStale')}>{t('home.team.noStaleHint')}</HomeEmpty>
          ) : (
            <CountBars
              testId="team-stale"
              rows={data.staleDeals.map((row) => ({
                key: String(row.userId),
                label: row.userName,
                count: row.count,
                note: formatCurrency(row.value),
              }))}
            />
          )
        }
      </HomeCard>
      <HomeCard id="home-team-leads" title={t('home.team.leads')} query={team}>
        {(data) =>
          data.newLeadsThisWeek.length === 0 ? (
            <HomeEmpty title={t('home.team.noLeads')}>{t('home.team.noLeadsHint')}</HomeEmpty>
          ) : (
            <CountBars
              testId="team-leads"
              rows={data.newLeadsThisWeek.map((row) => ({
                key: row.source ?? '',
                label: row.source ?? t('home.team.noSource'),
                count: row.count,
              }))}
            />
          )
        }
      </HomeCard>
    </div>
  );
}
