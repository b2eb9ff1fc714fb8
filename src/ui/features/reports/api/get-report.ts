import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

type ReportApiQuery = ApiQuery<'/api/crm/reports', 'get'>;
/** Period and category always; a pipeline only when one is chosen (none: every pipeline summed). */
export type ReportQuery = Required<Omit<ReportApiQuery, 'pipeline'>> & Pick<ReportApiQuery, 'pipeline'>;
export type ReportPeriod = ReportQuery['period'];
export type ReportCategory = ReportQuery['category'];
export type Report = ApiResponse<'/api/crm/reports', 'get'>;
export type ReportFigures = NonNullable<Report['figures']>;

export const REPORTS_QUERY_KEY = queryKeys.reports.all;

export const getReport = (query: ReportQuery) => data(api.GET('/api/crm/reports', { params: { query } }));

export const getReportQueryOptions = (query: ReportQuery) =>
  queryOptions({ queryKey: [...REPORTS_QUERY_KEY, 'overview', query], queryFn: () => getReport(query) });

export const useReport = (query: ReportQuery) => useQuery(getReportQueryOptions(query));
