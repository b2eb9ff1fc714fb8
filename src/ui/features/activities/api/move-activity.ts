import { useMutation, type InfiniteData } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { ACTIVITIES_QUERY_KEY, ACTIVITY_LISTS_QUERY_KEY, type ActivitiesPage, type Activity } from './get-activities';
import { updateActivity } from './update-activity';
import { queryKeys } from '../../../lib/api/query-keys';

/**
 * Gives an activity another due time (the agenda's drag): shown at once in every list holding it, put
 * back if the server refuses; the server moves its reminder with it.
 */
export const useMoveActivity = () =>
  useMutation({
    // One after another: arrow keys pressed quickly reach the server in the order they were pressed.
    scope: { id: 'move-activity' },
    mutationFn: ({ activity, dueDate }: { activity: Activity; dueDate: string }) =>
      updateActivity({ id: activity.id, body: { dueDate } }),
    onMutate: async ({ activity, dueDate }) => {
      await queryClient.cancelQueries({ queryKey: ACTIVITIES_QUERY_KEY });
      const snapshot = queryClient.getQueriesData({ queryKey: ACTIVITIES_QUERY_KEY });
      for (const [key, list] of queryClient.getQueriesData<InfiniteData<ActivitiesPage>>({
        queryKey: ACTIVITY_LISTS_QUERY_KEY,
      })) {
        if (!list) continue;
        const pages = list.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === activity.id ? { ...item, dueDate } : item)),
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
