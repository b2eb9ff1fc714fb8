import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type MonthGoals = ApiResponse<'/api/crm/goals', 'get'>;
export type GoalItem = MonthGoals['items'][number];

/** A month's goals: an admin's answer has every active person, anyone else's only themselves. */
export const getGoals = (month: string) => data(api.GET('/api/crm/goals', { params: { query: { month } } }));

export const getGoalsQueryOptions = (month: string) =>
  queryOptions({ queryKey: queryKeys.goals.month(month), queryFn: () => getGoals(month) });

export const useGoals = (month: string) => useQuery(getGoalsQueryOptions(month));
