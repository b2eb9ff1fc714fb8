import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { useSettingsPipeline } from './stage-list';
import { invalidateStages } from './stage-invalidate';

/** The changes, with updatedAt as read: an edit over someone else's answers 409 with the stage as it is now. */
export type UpdateStageInput = ApiBody<'/api/crm/pipeline-stages/{pipeline}/{id}', 'patch'>;

export const updateStage = (pipeline: string, { id, body }: { id: number; body: UpdateStageInput }) =>
  data(api.PATCH('/api/crm/pipeline-stages/{pipeline}/{id}', { params: { path: { pipeline, id } }, body }));

/** Rename (the deals follow), recolour, probability, stale days, kind. */
export const useUpdateStage = () => {
  const pipeline = useSettingsPipeline();
  return useMutation({
    mutationFn: (input: { id: number; body: UpdateStageInput }) => updateStage(pipeline, input),
    onSuccess: invalidateStages,
  });
};
