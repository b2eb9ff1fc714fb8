import { useTranslation } from 'react-i18next';
import { formatCurrency, formatInteger } from '../../../lib/format';
import type { ReportFigures } from '../api/get-report';
import { bucketLabel, formatPercent } from '../report-format';
import BarsChart from './charts/bars-chart';
import { ChartCard } from './chart-card';

const shortMoney = (v: number) => (v >= 1000 ? `R$ ${formatInteger(Math.round(v / 100) / 10)} mil` : formatCurrency(v));

/** The charts of the overview: each one only when the category's figures include it. */
export function OverviewCharts({ figures, period }: { figures: Partial<ReportFigures>; period: number }) {
  const { t } = useTranslation();
  const unassigned = t('reports.unassigned');
  const stage = (name: string) => t(`dealForm.stages.${name}`, { defaultValue: name });
  const type = (name: string) => t(`activityForm.types.${name}`, { defaultValue: name });

  const funnel = figures.funnel?.map((s) => ({
    label: stage(s.stage),
    count: s.count,
    value: Number(s.value),
    raw: s,
  }));
  const won = figures.wonOverTime?.map((b) => ({
    label: bucketLabel(b.bucket, period),
    count: b.count,
    value: Number(b.value),
    raw: b,
  }));
  const byType = figures.activitiesByType?.map((a) => ({
    label: type(a.type),
    total: a.total,
    completed: a.completed,
  }));
  const byPerson = figures.activitiesByPerson?.map((a) => ({
    label: a.name ?? unassigned,
    total: a.total,
    completed: a.completed,
  }));
  const performance = figures.performance?.map((p) => ({ label: p.name, ...p, won: Number(p.wonValue) }));

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      {funnel && (
        <ChartCard
          id="funnel"
          title={t('reports.charts.funnel')}
          description={t('reports.charts.funnelHint', { days: period })}
          empty={funnel.every((s) => s.count === 0)}
          rows={funnel}
          rowKey={(r) => r.raw.pipeline + r.raw.stage}
          columns={[
            { label: t('reports.columns.stage'), value: (r) => r.label },
            { label: t('reports.columns.deals'), value: (r) => formatInteger(r.count), numeric: true },
            { label: t('reports.columns.value'), value: (r) => formatCurrency(r.value), numeric: true },
          ]}
        >
          <BarsChart
            data={funnel}
            category="label"
            horizontal
            series={[
              { key: 'count', label: t('reports.columns.deals'), color: 'var(--primary)', format: formatInteger },
            ]}
            extra={(r) => [formatCurrency(r.value)]}
          />
        </ChartCard>
      )}
      {won && (
        <ChartCard
          id="won"
          title={t('reports.charts.won')}
          description={t(
            period >= 365 ? 'reports.charts.byMonth' : period >= 90 ? 'reports.charts.byWeek' : 'reports.charts.byDay',
          )}
          empty={won.every((b) => b.count === 0)}
          rows={won}
          rowKey={(r) => r.raw.bucket}
          columns={[
            {
              label: t(
                period >= 365 ? 'reports.columns.month' : period >= 90 ? 'reports.columns.week' : 'reports.columns.day',
              ),
              value: (r) => r.label,
            },
            { label: t('reports.columns.deals'), value: (r) => formatInteger(r.count), numeric: true },
            { label: t('reports.columns.value'), value: (r) => formatCurrency(r.value), numeric: true },
          ]}
        >
          <BarsChart
            data={won}
            category="label"
            series={[{ key: 'value', label: t('reports.columns.value'), color: 'var(--success)', format: shortMoney }]}
            extra={(r) => [t('reports.dealsWon', { count: r.count, formatted: formatInteger(r.count) })]}
          />
        </ChartCard>
      )}
      {byType && (
        <ChartCard
          id="activities-type"
          title={t('reports.charts.activitiesByType')}
          description={t('reports.charts.activitiesHint', { days: period })}
          empty={byType.every((a) => a.total === 0)}
          rows={byType}
          rowKey={(r) => r.label}
          columns={[
            { label: t('reports.columns.type'), value: (r) => r.label },
            { label: t('reports.columns.total'), value: (r) => formatInteger(r.total), numeric: true },
            { label: t('reports.columns.completed'), value: (r) => formatInteger(r.completed), numeric: true },
          ]}
        >
          <BarsChart
            data={byType}
            category="label"
            series={[
              {
                key: 'total',
                label: t('reports.columns.total'),
                color: 'var(--muted-foreground)',
                format: formatInteger,
              },
              {
                key: 'completed',
                label: t('reports.columns.completed'),
                color: 'var(--primary)',
                format: formatInteger,
              },
            ]}
          />
        </ChartCard>
      )}
      {byPerson && (
        <ChartCard
          id="activities-person"
          title={t('reports.charts.activitiesByPerson')}
          description={t('reports.charts.activitiesHint', { days: period })}
          empty={byPerson.length === 0}
          rows={byPerson}
          rowKey={(r, i) => `${r.label}-${i}`}
          columns={[
            { label: t('reports.columns.person'), value: (r) => r.label },
            { label: t('reports.columns.total'), value: (r) => formatInteger(r.total), numeric: true },
            { label: t('reports.columns.completed'), value: (r) => formatInteger(r.completed), numeric: true },
          ]}
        >
          <BarsChart
            data={byPerson.slice(0, 12)}
            category="label"
            horizontal
            series={[
              {
                key: 'total',
                label: t('reports.columns.total'),
                color: 'var(--muted-foreground)',
                format: formatInteger,
              },
              {
                key: 'completed',
                label: t('reports.columns.completed'),
                color: 'var(--primary)',
                format: formatInteger,
              },
            ]}
          />
        </ChartCard>
      )}
      {performance && (
        <ChartCard
          id="performance"
          title={t('reports.charts.performance')}
          description={t('reports.charts.performanceHint', { days: period })}
          empty={performance.length === 0}
          rows={performance}
          rowKey={(r) => String(r.userId)}
          columns={[
            { label: t('reports.columns.salesperson'), value: (r) => r.name },
            { label: t('reports.columns.wonValue'), value: (r) => formatCurrency(r.wonValue), numeric: true },
            { label: t('reports.columns.dealsWon'), value: (r) => formatInteger(r.wonCount), numeric: true },
            {
              label: t('reports.columns.conversion'),
              value: (r) => (r.conversionRate === null ? t('reports.none') : formatPercent(r.conversionRate)),
              numeric: true,
            },
            {
              label: t('reports.columns.activitiesDone'),
              value: (r) => formatInteger(r.activitiesDone),
              numeric: true,
            },
          ]}
        >
          <BarsChart
            data={performance.slice(0, 12)}
            category="label"
            horizontal
            series={[{ key: 'won', label: t('reports.columns.wonValue'), color: 'var(--success)', format: shortMoney }]}
            extra={(r) => [
              t('reports.dealsWon', { count: r.wonCount, formatted: formatInteger(r.wonCount) }),
              `${t('reports.columns.conversion')}: ${r.conversionRate === null ? t('reports.none') : formatPercent(r.conversionRate)}`,
              `${t('reports.columns.activitiesDone')}: ${formatInteger(r.activitiesDone)}`,
            ]}
          />
        </ChartCard>
      )}
    </div>
  );
}
