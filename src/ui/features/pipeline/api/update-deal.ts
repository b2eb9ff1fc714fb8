import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { DEALS_QUERY_KEY } from './get-deals';
import { queryKeys } from '../../../lib/api/query-keys';

/** The changes, with updatedAt as read: a save over someone else's answers 409 with the deal as it is now. */
export type UpdateDealInput = ApiBody<'/api/crm/deals/{id}', 'patch'>;

export const updateDeal = ({ id, body }: { id: number; body: UpdateDealInput }) =>
  data(api.PATCH('/api/crm/deals/{id}', { params: { path: { id } }, body }));

export const useUpdateDeal = () =>
  useMutation({
    mutationFn: updateDeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
