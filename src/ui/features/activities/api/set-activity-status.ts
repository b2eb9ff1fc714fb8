import { useMutation, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { ACTIVITY_COUNTS_QUERY_KEY, type ActivityCountFilters, type ActivityCounts } from './get-activity-counts';
import {
  ACTIVITIES_QUERY_KEY,
  ACTIVITY_LISTS_QUERY_KEY,
  type ActivitiesPage,
  type Activity,
  type ActivityFilters,
} from './get-activities';
import { updateActivity } from './update-activity';
import { queryKeys } from '../../../lib/api/query-keys';

type Status = Activity['status'];

/** Whether a cached list or count with these filters holds the activity (its status aside). */
const matches = (filters: ActivityCountFilters, activity: Activity) =>
  (filters.type === undefined || filters.type === 'all' || filters.type === activity.type) &&
  (filters.assignedTo === undefined || filters.assignedTo === activity.assignedTo) &&
  (filters.contact === undefined || filters.contact === activity.contactId) &&
  (filters.deal === undefined || filters.deal === activity.dealId) &&
  (filters.dueFrom === undefined || (activity.dueDate !== null && activity.dueDate >= filters.dueFrom)) &&
  (filters.dueBefore === undefined || (activity.dueDate !== null && activity.dueDate < filters.dueBefore));

const filtersOf = <T>(key: QueryKey) => key[key.length - 1] as T;

/**
 * Completes or reopens an activity at once on screen: it leaves the lists of the other status and the
 * counts move, before the server answers; an error puts everything back. Then the lists are read again.
 */
export const useSetActivityStatus = () =>
  useMutation({
    mutationFn: ({ activity, status }: { activity: Activity; status: Status }) =>
      updateActivity({ id: activity.id, body: { status } }),
    onMutate: async ({ activity, status }) => {
      await queryClient.cancelQueries({ queryKey: ACTIVITIES_QUERY_KEY });
      const snapshot = queryClient.getQueriesData({ queryKey: ACTIVITIES_QUERY_KEY });
      if (activity.status === status) return { snapshot };
      for (const [key, counts] of queryClient.getQueriesData<ActivityCounts>({ queryKey: ACTIVITY_COUNTS_QUERY_KEY })) {
        if (!counts || !matches(filtersOf<ActivityCountFilters>(key), activity)) continue;
        queryClient.setQueryData<ActivityCounts>(key, {
          ...counts,
          [activity.status]: Math.max(0, counts[activity.status] - 1),
          [status]: counts[status] + 1,
        });
      }
      for (const [key, list] of queryClient.getQueriesData<InfiniteData<ActivitiesPage>>({
        queryKey: ACTIVITY_LISTS_QUERY_KEY,
      })) {
        const filters = filtersOf<ActivityFilters>(key);
        if (!list || filters.status === undefined) continue;
        const pages = list.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.id !== activity.id),
        }));
        queryClient.setQueryData<InfiniteData<ActivitiesPage>>(key, { ...list, pages });
      }
      return { snapshot };
    },
    onError: (_error, _input, context) =>
      context?.snapshot.forEach(([key, value]) => queryClient.setQueryData(key, value)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
