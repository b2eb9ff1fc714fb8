import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type ActivitiesPage = ApiResponse<'/api/crm/activities', 'get'>;
export type Activity = ActivitiesPage['items'][number];
export type ActivityType = Activity['type'];
export type ActivityPriority = Activity['priority'];

/** Every type and priority, in the order the form offers them (the compiler checks none is missing). */
export const ACTIVITY_TYPES = Object.keys({ task: 0, call: 0, email: 0, meeting: 0, note: 0 } satisfies Record<
  ActivityType,
  0
>) as ActivityType[];
export const ACTIVITY_PRIORITIES = Object.keys({ low: 0, normal: 0, high: 0, urgent: 0 } satisfies Record<
  ActivityPriority,
  0
>) as ActivityPriority[];

/** The list's filters as the API names them. */
export type ActivityFilters = Omit<ApiQuery<'/api/crm/activities', 'get'>, 'limit' | 'cursor' | 'includeTotal'>;

export const ACTIVITIES_QUERY_KEY = queryKeys.activities.all;
export const ACTIVITY_LISTS_QUERY_KEY = queryKeys.activities.lists;
const PAGE_SIZE = 50;

export const getActivities = ({ filters, cursor }: { filters: ActivityFilters; cursor?: string }) =>
  data(
    api.GET('/api/crm/activities', {
      params: { query: { ...filters, limit: PAGE_SIZE, cursor, includeTotal: cursor === undefined } },
    }),
  );

/** The activities the viewer may see that match the filters, newest first, a page at a time; the first page counts them. */
export const getActivitiesQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [...ACTIVITY_LISTS_QUERY_KEY, filters],
    queryFn: ({ pageParam }) => getActivities({ filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useActivities = (filters: ActivityFilters) => useInfiniteQuery(getActivitiesQueryOptions(filters));
