import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type ReportDefinition = ApiBody<'/api/crm/reports/run', 'post'>;
export type ReportResult = ApiResponse<'/api/crm/reports/run', 'post'>;
export type ReportGroup = ReportResult['groups'][number];

export const runReport = (definition: ReportDefinition) => data(api.POST('/api/crm/reports/run', { body: definition }));

export const runReportQueryOptions = (definition: ReportDefinition) =>
  queryOptions({
    queryKey: [...queryKeys.reports.all, 'builder', 'run', definition],
    queryFn: () => runReport(definition),
  });

/** The builder's live preview: the previous figures stay on screen while the next ones load. */
export const useRunReport = (definition: ReportDefinition | null) =>
  useQuery({ ...runReportQueryOptions(definition!), enabled: definition !== null, placeholderData: keepPreviousData });
