import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../api-client';
import { queryKeys } from './query-keys';

/** The first contacts whose name, email or company matches: what a deal, an activity or a template is linked to. */
export const searchContacts = (search: string) =>
  data(api.GET('/api/crm/contacts', { params: { query: { search: search || undefined, limit: 20 } } }));

export const searchContactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.contacts.lookup(search),
    queryFn: () => searchContacts(search),
    placeholderData: keepPreviousData,
  });

export const useContactSearch = (search: string, enabled = true) =>
  useQuery({ ...searchContactsQueryOptions(search.trim()), enabled });
