import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type PipelineStage = ApiResponse<'/api/crm/pipeline-stages/{pipeline}', 'get'>['items'][number];

export const DEFAULT_PIPELINE = 'default';

export const getPipelineStages = (pipeline: string) =>
  data(api.GET('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline } } }));

export const getPipelineStagesQueryOptions = (pipeline: string = DEFAULT_PIPELINE) =>
  queryOptions({ queryKey: ['pipeline', 'stages', pipeline], queryFn: () => getPipelineStages(pipeline) });

/** A pipeline's stages, by order (SPEC: a deal's stage is chosen from them, the first by default). */
export const usePipelineStages = (pipeline: string = DEFAULT_PIPELINE) =>
  useQuery(getPipelineStagesQueryOptions(pipeline));
