import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { SETTINGS_PIPELINE } from './stage-list';
import { invalidateStages } from './stage-invalidate';

export type CreateStageInput = ApiBody<'/api/crm/pipeline-stages/{pipeline}', 'post'>;

export const createStage = (body: CreateStageInput) =>
  data(api.POST('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline: SETTINGS_PIPELINE } }, body }));

/** Adds a stage after the last one. */
export const useCreateStage = () => useMutation({ mutationFn: createStage, onSuccess: invalidateStages });
