import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type AdminUser = ApiResponse<'/api/admin/users', 'get'>['items'][number];

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** The team's accounts, oldest first, 50 a page (keyset cursor). */
export const getUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/admin/users', { params: { query: { limit: 50, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useUsers = () => useInfiniteQuery(getUsersQueryOptions());
