import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export const endSession = (id: string) => data(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } }));

export function useEndSession(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: endSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
