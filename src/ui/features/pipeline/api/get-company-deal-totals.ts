import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type CompanyDealTotals = ApiResponse<'/api/crm/companies/{id}/summary', 'get'>;

/** A company's deals counted and summed by the server per stage kind (open, won, lost). */
export const getCompanyDealTotals = (id: number) =>
  data(api.GET('/api/crm/companies/{id}/summary', { params: { path: { id } } }));

// Under `deals`: every deal write refreshes it, and a move on the board invalidates it by its prefix.
export const getCompanyDealTotalsQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.deals.companyTotals(id), queryFn: () => getCompanyDealTotals(id) });

export const useCompanyDealTotals = (id: number) => useQuery(getCompanyDealTotalsQueryOptions(id));
