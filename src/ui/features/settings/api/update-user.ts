import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { invalidateUsers } from './invalidate-users';

export type UpdateUserInput = ApiBody<'/api/admin/users/{id}', 'patch'>;

/** A role change, or disabling (which ends the user's sessions) and enabling. */
export const updateUser = ({ id, ...body }: UpdateUserInput & { id: number }) =>
  data(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body }));

export const useUpdateUser = () => useMutation({ mutationFn: updateUser, onSuccess: invalidateUsers });
