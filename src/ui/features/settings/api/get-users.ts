import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { User } from '../../../lib/session';

export const getUsers = () => apiGet<{ items: User[]; nextCursor: number | null }>('/api/admin/users?limit=200');

export const getUsersQueryOptions = () => queryOptions({ queryKey: ['/api/admin/users'], queryFn: getUsers });

export const useUsers = () => useQuery(getUsersQueryOptions());
