import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY } from './get-contacts';

export type CreateContactInput = ApiBody<'/api/crm/contacts', 'post'>;

export const createContact = (body: CreateContactInput) => data(api.POST('/api/crm/contacts', { body }));

export const useCreateContact = () =>
  useMutation({
    mutationFn: createContact,
    // The home's recent contacts (and, for a deleted one, its deals and activities) change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
