import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../api-client';
import { queryClient } from '../query-client';
import { queryKeys } from './query-keys';

// Companies are created from their screen and, by name, from a record's company field (a contact's, a deal's).

export type CreateCompanyInput = ApiBody<'/api/crm/companies', 'post'>;

export const createCompany = (body: CreateCompanyInput) => data(api.POST('/api/crm/companies', { body }));

/** A company created: its lists (and the lookups under them) and the histories are read again. */
export const useCreateCompany = () =>
  useMutation({
    mutationFn: createCompany,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
      ]),
  });
