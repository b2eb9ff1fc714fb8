import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

const patchActivity = (id: number, body: { status?: 'completed'; dueDate?: string }) =>
  data(api.PATCH('/api/crm/activities/{id}', { params: { path: { id } }, body }));

// The home's sections, every activity list and the histories show the change.
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);

/** Marks an agenda item done. */
export const useCompleteActivity = () =>
  useMutation({ mutationFn: (id: number) => patchActivity(id, { status: 'completed' }), onSuccess: refresh });

/** Gives an agenda item another due time (an ISO instant). */
export const useRescheduleActivity = () =>
  useMutation({
    mutationFn: ({ id, dueDate }: { id: number; dueDate: string }) => patchActivity(id, { dueDate }),
    onSuccess: refresh,
  });
