import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { setSignedInUser, type User } from '../../../lib/session';

export interface LoginInput {
  username: string;
  password: string;
  /** A longer session (the server's remember-me lifetime). */
  remember: boolean;
}

export const login = (input: LoginInput) => apiJson<User>('POST', '/api/login', input);

export function useLogin(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: login, onSuccess: setSignedInUser, onError: options.onError });
}
