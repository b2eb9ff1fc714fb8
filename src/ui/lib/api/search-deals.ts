import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../api-client';
import { queryKeys } from './query-keys';

/** The latest deals of a contact (or of everyone): what an activity is about, what a template's deal variables fill from. */
export const searchDeals = (contactId: number | null) =>
  data(api.GET('/api/crm/deals', { params: { query: { contact: contactId ?? undefined, limit: 50 } } }));

export const searchDealsQueryOptions = (contactId: number | null) =>
  queryOptions({ queryKey: [...queryKeys.deals.lists, 'lookup', contactId], queryFn: () => searchDeals(contactId) });

export const useDealChoices = (contactId: number | null, enabled = true) =>
  useQuery({ ...searchDealsQueryOptions(contactId), enabled });
