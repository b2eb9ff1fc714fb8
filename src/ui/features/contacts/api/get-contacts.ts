import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type ContactsPage = ApiResponse<'/api/crm/contacts', 'get'>;
export type Contact = ContactsPage['items'][number];
export type ContactStatus = Contact['status'];

/** Every status, in the order the filters and the form offer them (the compiler checks none is missing). */
export const CONTACT_STATUSES = Object.keys({ lead: 0, prospect: 0, customer: 0, inactive: 0 } satisfies Record<
  ContactStatus,
  0
>) as ContactStatus[];

/** The columns the list can be ordered by, besides a custom field (`customFields.<key>`), in the order offered. */
export const CONTACT_SORTS = [
  'name',
  'email',
  'company',
  'status',
  'score',
  'source',
  'createdAt',
  'updatedAt',
] as const;

/** The list's filters as the API names them. */
/** The list's filters: the document's, and `customFields.<key>` (a custom field's value; the server reads its type). */
export type ContactFilters = Omit<ApiQuery<'/api/crm/contacts', 'get'>, 'limit' | 'cursor' | 'includeTotal'> & {
  [name: CustomFieldFilter]: string | undefined;
};
export type CustomFieldFilter = `customFields.${string}`;

export const CONTACTS_QUERY_KEY = queryKeys.contacts.all;
export const CONTACT_LISTS_QUERY_KEY = queryKeys.contacts.lists;
const PAGE_SIZE = 30;

export const getContacts = ({ filters, cursor }: { filters: ContactFilters; cursor?: string }) =>
  data(
    api.GET('/api/crm/contacts', {
      params: { query: { ...filters, limit: PAGE_SIZE, cursor, includeTotal: cursor === undefined } },
    }),
  );

/** The contacts matching the filters, newest first, a page at a time; the first page also counts them all. */
export const getContactsQueryOptions = (filters: ContactFilters) =>
  infiniteQueryOptions({
    queryKey: [...CONTACT_LISTS_QUERY_KEY, filters],
    queryFn: ({ pageParam }) => getContacts({ filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useContacts = (filters: ContactFilters) => useInfiniteQuery(getContactsQueryOptions(filters));
