import { useEffect } from 'react';
import { ArrowLeft, BarChart3, CalendarClock, Download, Megaphone, RefreshCw, TrendingUp, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EVERY_PIPELINE, PipelinePicker } from '../../../components/records/pipeline-picker';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { reportExportUrl } from '../api/export-report';
import { QUICK_REPORTS, type QuickReportName } from '../api/get-quick-report';
import { useReport } from '../api/get-report';
import { RefreshPendingError, useRefreshReport } from '../api/refresh-report';
import { GoalsReport } from '../components/goals-report';
import { MetricCards } from '../components/metric-cards';
import { OverviewCharts } from '../components/overview-charts';
import { QuickReportView } from '../components/quick-report-view';
import { SavedReports } from '../components/saved-reports';
import { CATEGORIES, PERIODS, useReportFilters } from '../use-report-filters';

const QUICK_ICONS: Record<QuickReportName, typeof Users> = {
  'sales-by-salesperson': Users,
  forecast: TrendingUp,
  'overdue-activities': CalendarClock,
  'lead-sources': Megaphone,
};

/** Until the first computation has run (a brand-new installation's first seconds), ask again every two seconds. */
const WAITING_MS = 2_000;

export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { filters, set } = useReportFilters();
  const { period, category, view, pipeline } = filters;
  const report = useReport({ period, category, ...(pipeline && { pipeline }) });
  const refresh = useRefreshReport();
  const computedAt = report.data?.computedAt ?? null;
  const waiting = report.data && !report.data.figures;
  // Refetched while the server has nothing yet; the query settles once figures arrive.
  useWaitForFigures(Boolean(waiting), report.refetch);

  const onRefresh = () =>
    refresh.mutate(computedAt, {
      onSuccess: () => toast({ title: t('reports.refreshed') }),
      onError: (error) =>
        error instanceof RefreshPendingError
          ? toast({ title: t('reports.refreshPending') })
          : toast({ variant: 'destructive', title: t('reports.refreshFailed'), description: errorMessage(error, t) }),
    });

  const exportUrl = reportExportUrl({ view: view ?? 'overview', period, category, pipeline }, i18n.language);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={t('reports.title')}
        description={
          <span data-testid="report-computed-at">
            {computedAt ? t('reports.computedAt', { time: formatDateTime(computedAt) }) : t('reports.subtitle')}
          </span>
        }
        actions={
          <>
            <Button variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
              {refresh.isPending ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
              {refresh.isPending ? t('reports.refreshing') : t('reports.refresh')}
            </Button>
            <Button variant="outline" asChild>
              <a href={exportUrl} download data-testid="report-export">
                <Download className="h-4 w-4" aria-hidden="true" />
                {t('reports.export')}
              </a>
            </Button>
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div role="group" aria-label={t('reports.period')} className="flex flex-wrap items-center gap-1">
          <span className="mr-1 text-sm text-muted-foreground" aria-hidden="true">
            {t('reports.period')}
          </span>
          {PERIODS.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={period === days ? 'primary' : 'outline'}
              aria-pressed={period === days}
              onClick={() => set({ period: days })}
            >
              {t('reports.days', { count: days })}
            </Button>
          ))}
        </div>
        <PipelinePicker
          id="reports-pipeline"
          value={pipeline ?? EVERY_PIPELINE}
          onChange={(key) => set({ pipeline: key === EVERY_PIPELINE ? null : key })}
          everyLabel={t('pipeline.every')}
        />
        {!view && (
          <div role="group" aria-label={t('reports.category')} className="flex flex-wrap items-center gap-1">
            <span className="mr-1 text-sm text-muted-foreground" aria-hidden="true">
              {t('reports.category')}
            </span>
            {CATEGORIES.map((c) => (
              <Button
                key={c}
                size="sm"
                variant={category === c ? 'secondary' : 'ghost'}
                aria-pressed={category === c}
                onClick={() => set({ category: c })}
              >
                {t(`reports.categories.${c}`)}
              </Button>
            ))}
          </div>
        )}
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="quick-reports-title">
          <CardHeader>
            <CardTitle id="quick-reports-title">{t('reports.quickTitle')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {QUICK_REPORTS.map((name) => {
              const Icon = QUICK_ICONS[name];
              return (
                <Button
                  key={name}
                  variant={view === name ? 'secondary' : 'outline'}
                  aria-pressed={view === name}
                  className="justify-start"
                  onClick={() => set({ view: name })}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(`reports.quick.${name}.title`)}
                </Button>
              );
            })}
          </CardContent>
        </Card>
        <SavedReports />
      </div>

      {view ? (
        <div className="grid grid-cols-1 gap-4">
          <div>
            <Button variant="ghost" size="sm" onClick={() => set({ view: null })}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {t('reports.backToOverview')}
            </Button>
          </div>
          <QuickReportView name={view} period={period} pipeline={pipeline} />
        </div>
      ) : report.isPending ? (
        <PageSpinner />
      ) : report.isError ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-danger">
              {t('reports.loadFailed')}: {errorMessage(report.error, t)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void report.refetch()}>
              {t('common.retry')}
            </Button>
          </CardContent>
        </Card>
      ) : !report.data.figures ? (
        <Card>
          <CardContent className="flex items-center gap-3 py-10" role="status">
            <Spinner />
            <BarChart3 className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm text-muted-foreground">{t('reports.computing')}</p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <MetricCards figures={report.data.figures} period={period} />
          <GoalsReport pipeline={pipeline} />
          <OverviewCharts figures={report.data.figures} period={period} />
          {category === 'contacts' && <QuickReportView name="lead-sources" period={period} />}
        </div>
      )}
    </div>
  );
}

function useWaitForFigures(waiting: boolean, refetch: () => unknown) {
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetch(), WAITING_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
}
