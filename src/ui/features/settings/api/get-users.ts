import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';

export const getUsers = () => data(api.GET('/api/admin/users', { params: { query: { limit: 200 } } }));

export const getUsersQueryOptions = () => queryOptions({ queryKey: ['/api/admin/users'], queryFn: getUsers });

export const useUsers = () => useQuery(getUsersQueryOptions());
