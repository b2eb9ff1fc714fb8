import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type MonthGoals = ApiResponse<'/api/crm/goals', 'get'>;
export type GoalItem = MonthGoals['items'][number];

/**
 * A month's goals: an admin's answer has every active person, anyone else's only themselves. `pipeline`: one
 * pipeline's goals and won deals, or (null) the goals for every pipeline.
 */
export const getGoals = (month: string, pipeline: string | null) =>
  data(api.GET('/api/crm/goals', { params: { query: { month, ...(pipeline && { pipeline }) } } }));

export const getGoalsQueryOptions = (month: string, pipeline: string | null) =>
  queryOptions({ queryKey: queryKeys.goals.month(month, pipeline), queryFn: () => getGoals(month, pipeline) });

export const useGoals = (month: string, pipeline: string | null = null) =>
  useQuery(getGoalsQueryOptions(month, pipeline));
