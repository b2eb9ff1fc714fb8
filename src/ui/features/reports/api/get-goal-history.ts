import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type GoalHistory = ApiResponse<'/api/crm/goals/history', 'get'>;

/** One person's last months, actual against goal (one pipeline's, or for every pipeline: null). */
export const getGoalHistory = (userId: number, months: number, pipeline: string | null) =>
  data(api.GET('/api/crm/goals/history', { params: { query: { userId, months, ...(pipeline && { pipeline }) } } }));

export const getGoalHistoryQueryOptions = (userId: number, months: number, pipeline: string | null) =>
  queryOptions({
    queryKey: queryKeys.goals.history(userId, months, pipeline),
    queryFn: () => getGoalHistory(userId, months, pipeline),
  });

export const useGoalHistory = (userId: number | null, months: number, pipeline: string | null) =>
  useQuery({ ...getGoalHistoryQueryOptions(userId ?? 0, months, pipeline), enabled: userId !== null });
