import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type UserChoice = ApiResponse<'/api/admin/users', 'get'>['items'][number];

/**
 * The people an admin may give a record to (a deal's owner, an activity's assignee). The only route that
 * lists users is admin-only: the other roles keep records for themselves and see the person read-only.
 */
export const getUserChoices = () => data(api.GET('/api/admin/users', { params: { query: { limit: 200 } } }));

export const getUserChoicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.choices, queryFn: getUserChoices });

export const useUserChoices = (enabled: boolean) => useQuery({ ...getUserChoicesQueryOptions(), enabled });
