import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export type UpdatePipelineInput = ApiBody<'/api/crm/pipelines/{key}', 'patch'>;

/** Every pipeline list and stage list: the board's switcher and the settings read them. */
const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all });

/** A new pipeline, with the seeded stages, after the last one. */
export const useCreatePipeline = () =>
  useMutation({
    mutationFn: (body: ApiBody<'/api/crm/pipelines', 'post'>) => data(api.POST('/api/crm/pipelines', { body })),
    onSuccess: refresh,
  });

/** Rename, archive or restore. */
export const useUpdatePipeline = () =>
  useMutation({
    mutationFn: ({ key, body }: { key: string; body: UpdatePipelineInput }) =>
      data(api.PATCH('/api/crm/pipelines/{key}', { params: { path: { key } }, body })),
    onSuccess: refresh,
  });

/** Refused (409) while the pipeline holds deals. */
export const useDeletePipeline = () =>
  useMutation({
    mutationFn: (key: string) => data(api.DELETE('/api/crm/pipelines/{key}', { params: { path: { key } } })),
    onSuccess: refresh,
  });
