import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { STAGES_QUERY_KEY, SETTINGS_PIPELINE, type SettingsStage } from './stage-list';
import { invalidateStages } from './stage-invalidate';

export const reorderStages = (stageIds: number[]) =>
  data(
    api.PUT('/api/crm/pipeline-stages/{pipeline}/order', {
      params: { path: { pipeline: SETTINGS_PIPELINE } },
      body: { stageIds },
    }),
  );

/** Every stage id in the new order: shown at once, put back when the server refuses. */
export const useReorderStages = () =>
  useMutation({
    mutationFn: reorderStages,
    onMutate: async (stageIds) => {
      await queryClient.cancelQueries({ queryKey: STAGES_QUERY_KEY });
      const previous = queryClient.getQueryData<{ items: SettingsStage[] }>(STAGES_QUERY_KEY);
      if (previous) {
        const byId = new Map(previous.items.map((s) => [s.id, s]));
        queryClient.setQueryData(STAGES_QUERY_KEY, {
          items: stageIds.map((id, i) => ({ ...byId.get(id)!, order: i + 1 })),
        });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(STAGES_QUERY_KEY, context.previous);
    },
    // Not awaited: the next move may start as soon as this one is saved.
    onSettled: () => void invalidateStages(),
  });
