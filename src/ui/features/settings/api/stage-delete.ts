import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { SETTINGS_PIPELINE } from './stage-list';
import { invalidateStages } from './stage-invalidate';

/** `moveTo`: the stage (of the same kind) its deals go to first, in the same transaction as the delete. */
export const deleteStage = ({ id, moveTo }: { id: number; moveTo?: string }) =>
  data(
    api.DELETE('/api/crm/pipeline-stages/{pipeline}/{id}', {
      params: { path: { pipeline: SETTINGS_PIPELINE, id }, query: moveTo ? { moveTo } : {} },
    }),
  );

export const useDeleteStage = () => useMutation({ mutationFn: deleteStage, onSuccess: invalidateStages });
