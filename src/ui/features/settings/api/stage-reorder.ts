import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { useSettingsPipeline, type SettingsStage } from './stage-list';
import { invalidateStages } from './stage-invalidate';

export const reorderStages = (pipeline: string, stageIds: number[]) =>
  data(api.PUT('/api/crm/pipeline-stages/{pipeline}/order', { params: { path: { pipeline } }, body: { stageIds } }));

/** Every stage id in the new order: shown at once, put back when the server refuses. */
export const useReorderStages = () => {
  const pipeline = useSettingsPipeline();
  // The board's own key: the board shows the new order too.
  const key = queryKeys.pipeline.stages(pipeline);
  return useMutation({
    mutationFn: (stageIds: number[]) => reorderStages(pipeline, stageIds),
    onMutate: async (stageIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ items: SettingsStage[] }>(key);
      if (previous) {
        const byId = new Map(previous.items.map((s) => [s.id, s]));
        queryClient.setQueryData(key, {
          items: stageIds.map((id, i) => ({ ...byId.get(id)!, order: i + 1 })),
        });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // Not awaited: the next move may start as soon as this one is saved.
    onSettled: () => void invalidateStages(),
  });
};
