import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { setSignedInUser } from '../../../lib/session';

export type RegisterInput = ApiBody<'/api/register', 'post'>;

export const register = (body: RegisterInput) => data(api.POST('/api/register', { body }));

export const useRegister = () => useMutation({ mutationFn: register, onSuccess: setSignedInUser });
