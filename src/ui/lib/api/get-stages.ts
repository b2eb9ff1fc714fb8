import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type PipelineStage = ApiResponse<'/api/crm/pipeline-stages/{pipeline}', 'get'>['items'][number];

/** The one pipeline the board, the settings and the reports show. */
export const DEFAULT_PIPELINE = 'default';

export const getStages = (pipeline: string) =>
  data(api.GET('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline } } }));

export const getStagesQueryOptions = (pipeline: string = DEFAULT_PIPELINE) =>
  queryOptions({ queryKey: queryKeys.pipeline.stages(pipeline), queryFn: () => getStages(pipeline) });

/** A pipeline's stages, by order (SPEC: a deal's stage is chosen from them, the first by default). */
export const useStages = (pipeline: string = DEFAULT_PIPELINE, enabled = true) =>
  useQuery({ ...getStagesQueryOptions(pipeline), enabled });
