import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { LOST_REASONS_PREFIX } from './lost-reason-list';

export type UpdateLostReasonInput = ApiBody<'/api/crm/lost-reasons/{id}', 'patch'>;

export const updateLostReason = ({ id, body }: { id: number; body: UpdateLostReasonInput }) =>
  data(api.PATCH('/api/crm/lost-reasons/{id}', { params: { path: { id } }, body }));

/** Rename, retire or restore. */
export const useUpdateLostReason = () =>
  useMutation({
    mutationFn: updateLostReason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOST_REASONS_PREFIX }),
  });
