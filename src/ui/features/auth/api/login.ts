import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { setSignedInUser } from '../../../lib/session';

export type LoginInput = ApiBody<'/api/login', 'post'>;

export const login = (body: LoginInput) => data(api.POST('/api/login', { body }));

export const useLogin = () => useMutation({ mutationFn: login, onSuccess: setSignedInUser });
