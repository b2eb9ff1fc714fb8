import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { USER_QUERY_KEY } from '../../../lib/session';

export type ProfileInput = ApiBody<'/api/user', 'patch'>;

export const updateProfile = (body: ProfileInput) => data(api.PATCH('/api/user', { body }));

export const useUpdateProfile = () =>
  useMutation({ mutationFn: updateProfile, onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user) });
