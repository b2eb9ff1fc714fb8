import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type GoalHistory = ApiResponse<'/api/crm/goals/history', 'get'>;

/** One person's last months, actual against goal. */
export const getGoalHistory = (userId: number, months: number) =>
  data(api.GET('/api/crm/goals/history', { params: { query: { userId, months } } }));

export const getGoalHistoryQueryOptions = (userId: number, months: number) =>
  queryOptions({ queryKey: queryKeys.goals.history(userId, months), queryFn: () => getGoalHistory(userId, months) });

export const useGoalHistory = (userId: number | null, months: number) =>
  useQuery({ ...getGoalHistoryQueryOptions(userId ?? 0, months), enabled: userId !== null });
