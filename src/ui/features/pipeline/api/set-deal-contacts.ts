import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { DEALS_QUERY_KEY } from './get-deals';

/** Everyone in the deal (replacing who was), each with a role, at most one primary; updatedAt as read (409 if stale). */
export type DealContactsInput = ApiBody<'/api/crm/deals/{id}/contacts', 'put'>;
export type DealContactRole = DealContactsInput['items'][number]['role'] & string;

export const setDealContacts = ({ id, body }: { id: number; body: DealContactsInput }) =>
  data(api.PUT('/api/crm/deals/{id}/contacts', { params: { path: { id } }, body }));

// The deal's lists and cards show its people; the contacts' pages list their deals; the histories record the change.
export const useSetDealContacts = () =>
  useMutation({
    mutationFn: setDealContacts,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
