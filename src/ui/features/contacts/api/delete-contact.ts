import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY } from './get-contacts';

export const deleteContact = async (id: number): Promise<void> => {
  await api.DELETE('/api/crm/contacts/{id}', { params: { path: { id } } });
};

export const useDeleteContact = () =>
  useMutation({
    mutationFn: deleteContact,
    // The home's recent contacts (and, for a deleted one, its deals and activities) change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
