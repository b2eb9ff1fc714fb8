import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { USER_QUERY_KEY, type User } from '../../../lib/session';

export interface ProfileInput {
  name: string;
  initials: string;
}

export const updateProfile = (input: ProfileInput) => apiJson<User>('PATCH', '/api/user', input);

export function useUpdateProfile(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
