import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY, type ReportPeriod } from './get-report';

export const QUICK_REPORTS = ['sales-by-salesperson', 'forecast', 'overdue-activities', 'lead-sources'] as const;
export type QuickReportName = (typeof QUICK_REPORTS)[number];

export type QuickReport<N extends QuickReportName> = ApiResponse<`/api/crm/reports/${N}`, 'get'>;
export type QuickReportRow<N extends QuickReportName> = QuickReport<N>['rows'][number];
type QuickQuery = { period: ReportPeriod; pipeline?: string };

const fetchers = {
  'sales-by-salesperson': (query: QuickQuery) =>
    data(api.GET('/api/crm/reports/sales-by-salesperson', { params: { query } })),
  forecast: (query: QuickQuery) => data(api.GET('/api/crm/reports/forecast', { params: { query } })),
  'overdue-activities': (query: QuickQuery) =>
    data(api.GET('/api/crm/reports/overdue-activities', { params: { query } })),
  'lead-sources': (query: QuickQuery) => data(api.GET('/api/crm/reports/lead-sources', { params: { query } })),
} satisfies { [N in QuickReportName]: (query: QuickQuery) => Promise<QuickReport<N>> };

/** The query a quick report is asked with (the server applies the pipeline to the reports that count deals). */
const queryOf = (period: ReportPeriod, pipeline: string | null): QuickQuery =>
  pipeline ? { period, pipeline } : { period };

export const getQuickReport = <N extends QuickReportName>(name: N, period: ReportPeriod, pipeline: string | null) =>
  fetchers[name](queryOf(period, pipeline)) as Promise<QuickReport<N>>;

export const getQuickReportQueryOptions = <N extends QuickReportName>(
  name: N,
  period: ReportPeriod,
  pipeline: string | null = null,
) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'quick', name, queryOf(period, pipeline)],
    queryFn: () => getQuickReport(name, period, pipeline),
  });

export const useQuickReport = <N extends QuickReportName>(
  name: N,
  period: ReportPeriod,
  pipeline: string | null,
  enabled = true,
) => useQuery({ ...getQuickReportQueryOptions(name, period, pipeline), enabled });

export const isQuickReport = (value: string | null): value is QuickReportName =>
  QUICK_REPORTS.includes(value as QuickReportName);
