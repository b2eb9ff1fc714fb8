import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { CONTACTS_QUERY_KEY } from './get-contacts';

export type TagUsage = ApiResponse<'/api/crm/contacts/tags', 'get'>['items'][number];

export const getContactTags = (search: string, limit: number) =>
  data(api.GET('/api/crm/contacts/tags', { params: { query: { search, limit } } }));

/** The tags in use starting with `search` (case and accents ignored), most used first. */
export const getContactTagsQueryOptions = (search: string, limit = 8) =>
  queryOptions({
    queryKey: [...CONTACTS_QUERY_KEY, 'tags', { search, limit }],
    queryFn: () => getContactTags(search, limit),
  });

export const useContactTags = (search: string, enabled: boolean, limit?: number) =>
  useQuery({ ...getContactTagsQueryOptions(search, limit), enabled, placeholderData: keepPreviousData });
