import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatDateTime, formatInteger } from '../../../lib/format';
import { useQuickReport, type QuickReport, type QuickReportName } from '../api/get-quick-report';
import type { ReportPeriod } from '../api/get-report';
import { formatPercent, monthLabel } from '../report-format';
import BarsChart from './charts/bars-chart';
import { DataTable } from './data-table';

const shortMoney = (v: number) => (v >= 1000 ? `R$ ${formatInteger(Math.round(v / 100) / 10)} mil` : formatCurrency(v));

function Body<N extends QuickReportName>({ name, report }: { name: N; report: QuickReport<N> }) {
  const { t } = useTranslation();
  const none = t('reports.none');
  const unassigned = t('reports.unassigned');
  const title = t(`reports.quick.${name}.title`);
  const chart = (node: React.ReactNode) => (
    <div aria-hidden="true" className="mb-4 h-64 w-full">
      {node}
    </div>
  );
  switch (name) {
    case 'sales-by-salesperson': {
      const rows = (report as QuickReport<'sales-by-salesperson'>).rows.map((r) => ({
        ...r,
        label: r.name ?? unassigned,
        won: Number(r.wonValue),
      }));
      return (
        <>
          {chart(
            <BarsChart
              data={rows.slice(0, 12)}
              category="label"
              horizontal
              series={[
                { key: 'won', label: t('reports.columns.wonValue'), color: 'var(--success)', format: shortMoney },
              ]}
            />,
          )}
          <DataTable
            caption={title}
            captionHidden
            rows={rows}
            rowKey={(r) => String(r.userId)}
            columns={[
              { label: t('reports.columns.salesperson'), value: (r) => r.label },
              { label: t('reports.columns.dealsWon'), value: (r) => formatInteger(r.wonCount), numeric: true },
              { label: t('reports.columns.wonValue'), value: (r) => formatCurrency(r.wonValue), numeric: true },
              { label: t('reports.columns.dealsLost'), value: (r) => formatInteger(r.lostCount), numeric: true },
              {
                label: t('reports.columns.conversion'),
                value: (r) => (r.conversionRate === null ? none : formatPercent(r.conversionRate)),
                numeric: true,
              },
              {
                label: t('reports.columns.averageTicket'),
                value: (r) => (r.averageTicket ? formatCurrency(r.averageTicket) : none),
                numeric: true,
              },
            ]}
          />
        </>
      );
    }
    case 'forecast': {
      const rows = (report as QuickReport<'forecast'>).rows.map((r) => ({
        ...r,
        label: r.month ? monthLabel(r.month) : t(`reports.quick.forecast.buckets.${r.bucket}`),
        total: Number(r.value),
        weighted: Number(r.weightedValue),
      }));
      return (
        <>
          {chart(
            <BarsChart
              data={rows}
              category="label"
              series={[
                {
                  key: 'total',
                  label: t('reports.columns.value'),
                  color: 'var(--muted-foreground)',
                  format: shortMoney,
                },
                {
                  key: 'weighted',
                  label: t('reports.columns.weightedValue'),
                  color: 'var(--primary)',
                  format: shortMoney,
                },
              ]}
            />,
          )}
          <DataTable
            caption={title}
            captionHidden
            rows={rows}
            rowKey={(r) => r.bucket + (r.month ?? '')}
            columns={[
              { label: t('reports.columns.expectedClose'), value: (r) => r.label },
              { label: t('reports.columns.deals'), value: (r) => formatInteger(r.count), numeric: true },
              { label: t('reports.columns.value'), value: (r) => formatCurrency(r.value), numeric: true },
              {
                label: t('reports.columns.weightedValue'),
                value: (r) => formatCurrency(r.weightedValue),
                numeric: true,
              },
            ]}
          />
        </>
      );
    }
    case 'overdue-activities': {
      const rows = (report as QuickReport<'overdue-activities'>).rows.map((r) => ({
        ...r,
        label: r.name ?? unassigned,
      }));
      return (
        <>
          {chart(
            <BarsChart
              data={rows.slice(0, 12)}
              category="label"
              horizontal
              series={[
                { key: 'count', label: t('reports.columns.overdue'), color: 'var(--danger)', format: formatInteger },
              ]}
            />,
          )}
          <DataTable
            caption={title}
            captionHidden
            rows={rows}
            rowKey={(r) => String(r.userId)}
            columns={[
              { label: t('reports.columns.person'), value: (r) => r.label },
              { label: t('reports.columns.overdue'), value: (r) => formatInteger(r.count), numeric: true },
              { label: t('reports.columns.oldestDue'), value: (r) => formatDateTime(r.oldestDueDate), numeric: true },
            ]}
          />
        </>
      );
    }
    default: {
      const rows = (report as QuickReport<'lead-sources'>).rows.map((r) => ({
        ...r,
        label: r.source ?? t('reports.noSource'),
      }));
      return (
        <>
          {chart(
            <BarsChart
              data={rows.slice(0, 12)}
              category="label"
              horizontal
              series={[
                {
                  key: 'contacts',
                  label: t('reports.columns.contacts'),
                  color: 'var(--muted-foreground)',
                  format: formatInteger,
                },
                {
                  key: 'customers',
                  label: t('reports.columns.customers'),
                  color: 'var(--success)',
                  format: formatInteger,
                },
              ]}
            />,
          )}
          <DataTable
            caption={title}
            captionHidden
            rows={rows}
            rowKey={(r) => r.label}
            columns={[
              { label: t('reports.columns.source'), value: (r) => r.label },
              { label: t('reports.columns.contacts'), value: (r) => formatInteger(r.contacts), numeric: true },
              { label: t('reports.columns.customers'), value: (r) => formatInteger(r.customers), numeric: true },
              { label: t('reports.columns.conversion'), value: (r) => formatPercent(r.conversionRate), numeric: true },
            ]}
          />
        </>
      );
    }
  }
}

/** A quick report: live from the server, its chart (for the eye) above its table (for everyone). */
export function QuickReportView({
  name,
  period,
  pipeline = null,
}: {
  name: QuickReportName;
  period: ReportPeriod;
  /** The pipeline the deal reports count (null: every pipeline); the others ignore it. */
  pipeline?: string | null;
}) {
  const { t } = useTranslation();
  const report = useQuickReport(name, period, pipeline);
  return (
    <Card
      data-testid={`quick-report-${name}`}
      role="region"
      aria-labelledby={`quick-${name}-title`}
      className="min-w-0"
    >
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={`quick-${name}-title`}>{t(`reports.quick.${name}.title`)}</CardTitle>
          <p className="mt-0.5 text-xs text-muted-foreground">{t(`reports.quick.${name}.hint`, { days: period })}</p>
        </div>
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <PageSpinner />
        ) : report.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('reports.loadFailed')}: {errorMessage(report.error, t)}
          </p>
        ) : report.data.rows.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{t('reports.noData')}</p>
        ) : (
          <Body name={name} report={report.data} />
        )}
      </CardContent>
    </Card>
  );
}
