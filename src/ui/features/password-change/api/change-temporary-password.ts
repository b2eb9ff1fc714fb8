import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { getUser, setSignedInUser } from '../../../lib/session';

export type ChangePasswordInput = ApiBody<'/api/user/password', 'post'>;

/** Replaces the temporary password; the user read again no longer carries mustChangePassword, which opens the app. */
export const changeTemporaryPassword = async (body: ChangePasswordInput) => {
  await data(api.POST('/api/user/password', { body }));
  return getUser();
};

export const useChangeTemporaryPassword = () =>
  useMutation({ mutationFn: changeTemporaryPassword, onSuccess: (user) => setSignedInUser(user) });
