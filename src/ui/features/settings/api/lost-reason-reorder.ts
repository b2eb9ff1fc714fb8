import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { ALL_LOST_REASONS_QUERY_KEY, LOST_REASONS_PREFIX, type SettingsLostReason } from './lost-reason-list';

export const reorderLostReasons = (reasonIds: number[]) =>
  data(api.PUT('/api/crm/lost-reasons/order', { body: { reasonIds } }));

/** Every offered reason's id in the new order: shown at once, put back when the server refuses. */
export const useReorderLostReasons = () =>
  useMutation({
    mutationFn: reorderLostReasons,
    onMutate: async (reasonIds) => {
      await queryClient.cancelQueries({ queryKey: ALL_LOST_REASONS_QUERY_KEY });
      const previous = queryClient.getQueryData<{ items: SettingsLostReason[] }>(ALL_LOST_REASONS_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.items.map((r) => [r.id, r]));
        const retired = previous.items.filter((r) => !r.active);
        queryClient.setQueryData(ALL_LOST_REASONS_QUERY_KEY, {
          items: [...reasonIds.map((id) => byId.get(id)!), ...retired],
        });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(ALL_LOST_REASONS_QUERY_KEY, context.previous);
    },
    // Not awaited: the next move may start as soon as this one is saved.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LOST_REASONS_PREFIX }),
  });
