import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export const getSavedReport = (id: number) =>
  data(api.GET('/api/crm/saved-reports/{id}', { params: { path: { id } } }));

export const getSavedReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...queryKeys.reports.saved, 'item', id], queryFn: () => getSavedReport(id) });

export const useSavedReport = (id: number) => useQuery(getSavedReportQueryOptions(id));
