import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../../lib/api-client';
import { SAVED_REPORTS_QUERY_KEY } from './get-saved-reports';

export const getSavedReportResult = (id: number) =>
  data(api.GET('/api/crm/saved-reports/{id}/result', { params: { path: { id } } }));

/** A report someone shared, as its author defined it, computed now. */
export const getSavedReportResultQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...SAVED_REPORTS_QUERY_KEY, 'result', id], queryFn: () => getSavedReportResult(id) });

export const useSavedReportResult = (id: number, enabled: boolean) =>
  useQuery({ ...getSavedReportResultQueryOptions(id), enabled, placeholderData: keepPreviousData });
