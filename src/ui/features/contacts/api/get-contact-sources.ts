import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { CONTACTS_QUERY_KEY } from './get-contacts';

export type SourceUsage = ApiResponse<'/api/crm/contacts/sources', 'get'>['items'][number];

export const getContactSources = (search: string, limit: number) =>
  data(api.GET('/api/crm/contacts/sources', { params: { query: { search, limit } } }));

/** The sources in use starting with `search` (case and accents ignored), most used first. */
export const getContactSourcesQueryOptions = (search: string, limit = 8) =>
  queryOptions({
    queryKey: [...CONTACTS_QUERY_KEY, 'sources', { search, limit }],
    queryFn: () => getContactSources(search, limit),
  });

export const useContactSources = (search: string, enabled: boolean, limit?: number) =>
  useQuery({ ...getContactSourcesQueryOptions(search, limit), enabled, placeholderData: keepPreviousData });
