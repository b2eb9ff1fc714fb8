import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { invalidateCompanies } from './get-companies';

/** The changes, with updatedAt as read: a save over someone else's answers 409 with the company as it is now. */
export type UpdateCompanyInput = ApiBody<'/api/crm/companies/{id}', 'patch'>;

export const updateCompany = ({ id, body }: { id: number; body: UpdateCompanyInput }) =>
  data(api.PATCH('/api/crm/companies/{id}', { params: { path: { id } }, body }));

export const useUpdateCompany = () => useMutation({ mutationFn: updateCompany, onSuccess: invalidateCompanies });
