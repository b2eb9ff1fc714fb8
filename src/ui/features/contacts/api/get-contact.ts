import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { CONTACTS_QUERY_KEY } from './get-contacts';

export type ContactDetail = ApiResponse<'/api/crm/contacts/{id}', 'get'>;

export const getContact = (id: number) => data(api.GET('/api/crm/contacts/{id}', { params: { path: { id } } }));

export const getContactQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...CONTACTS_QUERY_KEY, 'detail', id], queryFn: () => getContact(id) });

export const useContact = (id: number) => useQuery(getContactQueryOptions(id));
