import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { REPORTS_QUERY_KEY, type ReportPeriod } from './get-report';

export const QUICK_REPORTS = ['sales-by-salesperson', 'forecast', 'overdue-activities', 'lead-sources'] as const;
export type QuickReportName = (typeof QUICK_REPORTS)[number];

export type QuickReport<N extends QuickReportName> = ApiResponse<`/api/crm/reports/${N}`, 'get'>;
export type QuickReportRow<N extends QuickReportName> = QuickReport<N>['rows'][number];

const fetchers = {
  'sales-by-salesperson': (period: ReportPeriod) =>
    data(api.GET('/api/crm/reports/sales-by-salesperson', { params: { query: { period } } })),
  forecast: (period: ReportPeriod) => data(api.GET('/api/crm/reports/forecast', { params: { query: { period } } })),
  'overdue-activities': (period: ReportPeriod) =>
    data(api.GET('/api/crm/reports/overdue-activities', { params: { query: { period } } })),
  'lead-sources': (period: ReportPeriod) =>
    data(api.GET('/api/crm/reports/lead-sources', { params: { query: { period } } })),
} satisfies { [N in QuickReportName]: (period: ReportPeriod) => Promise<QuickReport<N>> };

export const getQuickReport = <N extends QuickReportName>(name: N, period: ReportPeriod) =>
  fetchers[name](period) as Promise<QuickReport<N>>;

export const getQuickReportQueryOptions = <N extends QuickReportName>(name: N, period: ReportPeriod) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'quick', name, period],
    queryFn: () => getQuickReport(name, period),
  });

export const useQuickReport = <N extends QuickReportName>(name: N, period: ReportPeriod, enabled = true) =>
  useQuery({ ...getQuickReportQueryOptions(name, period), enabled });

export const isQuickReport = (value: string | null): value is QuickReportName =>
  QUICK_REPORTS.includes(value as QuickReportName);
