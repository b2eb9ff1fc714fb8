import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

/** A contact's deals, newest first: what a template's deal variables can come from. */
export const contactDeals = (contactId: number) =>
  data(api.GET('/api/crm/deals', { params: { query: { contact: contactId, limit: 50 } } }));

export const useContactDeals = (contactId: number | null) =>
  useQuery({
    queryKey: [...queryKeys.deals.lists, 'template-fill', contactId],
    queryFn: () => contactDeals(contactId ?? 0),
    enabled: contactId !== null,
  });
