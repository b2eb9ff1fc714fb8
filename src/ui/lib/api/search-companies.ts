import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../api-client';
import { queryKeys } from './query-keys';

/** The first companies whose name, trade name, CNPJ, e-mail domain or city matches: what a deal is with. */
export const searchCompanies = (search: string) =>
  data(api.GET('/api/crm/companies', { params: { query: { search: search || undefined, limit: 20 } } }));

// Under the companies' lists: a company created or renamed refreshes the choices too.
export const searchCompaniesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...queryKeys.companies.lists, 'lookup', search],
    queryFn: () => searchCompanies(search),
    placeholderData: keepPreviousData,
  });

export const useCompanySearch = (search: string) => useQuery(searchCompaniesQueryOptions(search.trim()));
