import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, data, type ApiResponse } from './api-client';
import { queryClient } from './query-client';

export type User = ApiResponse<'/api/user', 'get'>;
export type Role = User['role'];

/** Every role, in the order the register form offers them (the compiler checks none is missing). */
export const ROLES = Object.keys({ employee: 0, developer: 0, admin: 0 } satisfies Record<Role, 0>) as Role[];

/** Before the session is read: nobody, who may change nothing (a page's hooks run before it shows nothing). */
export const NO_ONE = { id: 0, role: 'employee' } as const satisfies Pick<User, 'id' | 'role'>;

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The signed-in user, or null: on this one read a 401 means "nobody signed in", not an error. */
export async function getUser(): Promise<User | null> {
  try {
    return await data(api.GET('/api/user'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const getUserQueryOptions = () => queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser });

export const useUser = () => useQuery(getUserQueryOptions());

/** A new person signed in: their user becomes current and nothing cached for someone else survives. */
export function setSignedInUser(user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

export const logout = () => data(api.POST('/api/logout'));

export function useLogout(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSignedInUser(null),
    onError: options.onError,
  });
}
