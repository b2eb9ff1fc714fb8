import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY } from './get-contacts';

export type CreateContactInput = ApiBody<'/api/crm/contacts', 'post'>;

export const createContact = (body: CreateContactInput) => data(api.POST('/api/crm/contacts', { body }));

export const useCreateContact = () =>
  useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY }),
  });
