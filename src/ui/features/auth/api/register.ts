import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { setSignedInUser, type Role, type User } from '../../../lib/session';

export interface RegisterInput {
  username: string;
  password: string;
  name: string;
  role: Role;
  initials: string;
}

/** confirmPassword stays in the form; the server gets the five fields only. */
export const register = (input: RegisterInput) => apiJson<User>('POST', '/api/register', input);

export function useRegister(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: register, onSuccess: setSignedInUser, onError: options.onError });
}
