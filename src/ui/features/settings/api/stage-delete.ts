import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { useSettingsPipeline } from './stage-list';
import { invalidateStages } from './stage-invalidate';

/** `moveTo`: the stage (of the same kind) its deals go to first, in the same transaction as the delete. */
export const deleteStage = (pipeline: string, { id, moveTo }: { id: number; moveTo?: string }) =>
  data(
    api.DELETE('/api/crm/pipeline-stages/{pipeline}/{id}', {
      params: { path: { pipeline, id }, query: moveTo ? { moveTo } : {} },
    }),
  );

export const useDeleteStage = () => {
  const pipeline = useSettingsPipeline();
  return useMutation({
    mutationFn: (input: { id: number; moveTo?: string }) => deleteStage(pipeline, input),
    onSuccess: invalidateStages,
  });
};
