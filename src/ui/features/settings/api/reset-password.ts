import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { invalidateUsers } from './invalidate-users';

/** The server makes the temporary password and answers it once; the user's sessions end. */
export const resetPassword = (id: number) =>
  data(api.POST('/api/admin/users/{id}/password-reset', { params: { path: { id } } }));

export const useResetPassword = () => useMutation({ mutationFn: resetPassword, onSuccess: invalidateUsers });
