import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { ACTIVITIES_QUERY_KEY } from './get-activities';
import { queryKeys } from '../../../lib/api/query-keys';

export type CreateActivityInput = ApiBody<'/api/crm/activities', 'post'>;

export const createActivity = (body: CreateActivityInput) => data(api.POST('/api/crm/activities', { body }));

// Every activity list may hold the new one; a contact's timeline records it too.
export const useCreateActivity = () =>
  useMutation({
    mutationFn: createActivity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
