import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { useSettingsPipeline } from './stage-list';
import { invalidateStages } from './stage-invalidate';

export type CreateStageInput = ApiBody<'/api/crm/pipeline-stages/{pipeline}', 'post'>;

export const createStage = (pipeline: string, body: CreateStageInput) =>
  data(api.POST('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline } }, body }));

/** Adds a stage after the last one of the settings' pipeline. */
export const useCreateStage = () => {
  const pipeline = useSettingsPipeline();
  return useMutation({
    mutationFn: (body: CreateStageInput) => createStage(pipeline, body),
    onSuccess: invalidateStages,
  });
};
