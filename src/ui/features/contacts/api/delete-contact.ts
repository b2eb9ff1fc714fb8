import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY } from './get-contacts';

export const deleteContact = async (id: number): Promise<void> => {
  await api.DELETE('/api/crm/contacts/{id}', { params: { path: { id } } });
};

export const useDeleteContact = () =>
  useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY }),
  });
