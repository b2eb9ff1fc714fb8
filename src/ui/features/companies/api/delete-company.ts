import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export const deleteCompany = async (id: number): Promise<void> => {
  await api.DELETE('/api/crm/companies/{id}', { params: { path: { id } } });
};

/**
 * A company deleted: the lists are read again, and its people's and deals' (they lose it). Its own page is not read
 * again (it would answer 404 under the dialog that deleted it, before that dialog could say so and leave the page).
 */
export const useDeleteCompany = () =>
  useMutation({
    mutationFn: deleteCompany,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contacts.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.deals.lists }),
      ]),
  });
