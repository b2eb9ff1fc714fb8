import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY } from './get-contacts';

/** The changes, with updatedAt as read: a save over someone else's answers 409 with the contact as it is now. */
export type UpdateContactInput = ApiBody<'/api/crm/contacts/{id}', 'patch'>;

export const updateContact = ({ id, body }: { id: number; body: UpdateContactInput }) =>
  data(api.PATCH('/api/crm/contacts/{id}', { params: { path: { id } }, body }));

export const useUpdateContact = () =>
  useMutation({
    mutationFn: updateContact,
    // The home's recent contacts (and, for a deleted one, its deals and activities) change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
