import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export type ChangePasswordInput = ApiBody<'/api/user/password', 'post'>;

/** Every other session of the user ends on the server; `endedSessions` says how many. */
export const changePassword = (body: ChangePasswordInput) => data(api.POST('/api/user/password', { body }));

export const useChangePassword = () =>
  useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
