import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { LOST_REASONS_PREFIX } from './lost-reason-list';

export const createLostReason = (label: string) => data(api.POST('/api/crm/lost-reasons', { body: { label } }));

/** Adds a reason after the last one. */
export const useCreateLostReason = () =>
  useMutation({
    mutationFn: createLostReason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOST_REASONS_PREFIX }),
  });
