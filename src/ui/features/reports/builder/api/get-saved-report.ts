import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../../lib/api-client';
import { SAVED_REPORTS_QUERY_KEY } from './get-saved-reports';

export const getSavedReport = (id: number) =>
  data(api.GET('/api/crm/saved-reports/{id}', { params: { path: { id } } }));

export const getSavedReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...SAVED_REPORTS_QUERY_KEY, 'item', id], queryFn: () => getSavedReport(id) });

export const useSavedReport = (id: number) => useQuery(getSavedReportQueryOptions(id));
