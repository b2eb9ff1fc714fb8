import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCompanies } from './get-companies';

export const deleteCompany = async (id: number): Promise<void> => {
  await api.DELETE('/api/crm/companies/{id}', { params: { path: { id } } });
};

export const useDeleteCompany = () => useMutation({ mutationFn: deleteCompany, onSuccess: invalidateCompanies });
