import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { invalidateUsers } from './invalidate-users';

export type CreateUserInput = ApiBody<'/api/admin/users', 'post'>;

export const createUser = (body: CreateUserInput) => data(api.POST('/api/admin/users', { body }));

export const useCreateUser = () => useMutation({ mutationFn: createUser, onSuccess: invalidateUsers });
