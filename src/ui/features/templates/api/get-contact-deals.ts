import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';

/** The first contacts whose name, email or company matches: whom a template can be filled for. */
export const searchContacts = (search: string) =>
  data(api.GET('/api/crm/contacts', { params: { query: { search: search || undefined, limit: 20 } } }));

export const searchContactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['contacts', 'list', 'lookup', search],
    queryFn: () => searchContacts(search),
    placeholderData: keepPreviousData,
  });

export const useContactSearch = (search: string, enabled = true) =>
  useQuery({ ...searchContactsQueryOptions(search.trim()), enabled });

/** A contact's deals, newest first: what a template's deal variables can come from. */
export const contactDeals = (contactId: number) =>
  data(api.GET('/api/crm/deals', { params: { query: { contact: contactId, limit: 50 } } }));

export const useContactDeals = (contactId: number | null) =>
  useQuery({
    queryKey: ['deals', 'list', 'template-fill', contactId],
    queryFn: () => contactDeals(contactId ?? 0),
    enabled: contactId !== null,
  });
