import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Every other session of the user ends on the server; `endedSessions` says how many. */
export const changePassword = (input: ChangePasswordInput) =>
  apiJson<{ ok: true; endedSessions: number }>('POST', '/api/user/password', input);

export function useChangePassword(options: { onSuccess?: (result: { endedSessions: number }) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      options.onSuccess?.(result);
    },
    onError: options.onError,
  });
}
