import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';

/** The first contacts whose name, email or company matches: what a deal can be linked to. */
export const searchContacts = (search: string) =>
  data(api.GET('/api/crm/contacts', { params: { query: { search: search || undefined, limit: 20 } } }));

export const searchContactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['contacts', 'list', 'lookup', search],
    queryFn: () => searchContacts(search),
    placeholderData: keepPreviousData,
  });

export const useContactSearch = (search: string, enabled: boolean) =>
  useQuery({ ...searchContactsQueryOptions(search.trim()), enabled });
