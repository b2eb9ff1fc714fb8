import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { invalidateUsers } from './invalidate-users';

export const endUserSessions = (id: number) =>
  data(api.DELETE('/api/admin/users/{id}/sessions', { params: { path: { id } } }));

export const useEndUserSessions = () => useMutation({ mutationFn: endUserSessions, onSuccess: invalidateUsers });
