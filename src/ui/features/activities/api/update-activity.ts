import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { ACTIVITIES_QUERY_KEY } from './get-activities';
import { queryKeys } from '../../../lib/api/query-keys';

/** The changes, with updatedAt as read: a save over someone else's answers 409 with the activity as it is now. */
export type UpdateActivityInput = ApiBody<'/api/crm/activities/{id}', 'patch'>;

export const updateActivity = ({ id, body }: { id: number; body: UpdateActivityInput }) =>
  data(api.PATCH('/api/crm/activities/{id}', { params: { path: { id } }, body }));

export const useUpdateActivity = () =>
  useMutation({
    mutationFn: updateActivity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
