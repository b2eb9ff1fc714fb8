import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { invalidateCompanies } from './get-companies';

export type CreateCompanyInput = ApiBody<'/api/crm/companies', 'post'>;

export const createCompany = (body: CreateCompanyInput) => data(api.POST('/api/crm/companies', { body }));

export const useCreateCompany = () => useMutation({ mutationFn: createCompany, onSuccess: invalidateCompanies });
