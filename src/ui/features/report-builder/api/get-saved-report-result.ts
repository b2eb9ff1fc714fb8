import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export const getSavedReportResult = (id: number) =>
  data(api.GET('/api/crm/saved-reports/{id}/result', { params: { path: { id } } }));

/** A report someone shared, as its author defined it, computed now. */
export const getSavedReportResultQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...queryKeys.reports.saved, 'result', id], queryFn: () => getSavedReportResult(id) });

export const useSavedReportResult = (id: number, enabled: boolean) =>
  useQuery({ ...getSavedReportResultQueryOptions(id), enabled, placeholderData: keepPreviousData });
