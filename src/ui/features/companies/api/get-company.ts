import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export const getCompany = (id: number) => data(api.GET('/api/crm/companies/{id}', { params: { path: { id } } }));

export const getCompanyQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.companies.detail(id), queryFn: () => getCompany(id) });

export const useCompany = (id: number) => useQuery(getCompanyQueryOptions(id));
