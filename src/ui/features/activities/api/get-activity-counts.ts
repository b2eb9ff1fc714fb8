import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { ACTIVITIES_QUERY_KEY } from './get-activities';

export type ActivityCountFilters = ApiQuery<'/api/crm/activities/counts', 'get'>;
export type ActivityCounts = ApiResponse<'/api/crm/activities/counts', 'get'>;

export const ACTIVITY_COUNTS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'counts'] as const;

export const getActivityCounts = (filters: ActivityCountFilters) =>
  data(api.GET('/api/crm/activities/counts', { params: { query: filters } }));

/** The two tabs' counts: pending and completed among what the filters match. */
export const getActivityCountsQueryOptions = (filters: ActivityCountFilters) =>
  queryOptions({ queryKey: [...ACTIVITY_COUNTS_QUERY_KEY, filters], queryFn: () => getActivityCounts(filters) });

export const useActivityCounts = (filters: ActivityCountFilters) => useQuery(getActivityCountsQueryOptions(filters));
