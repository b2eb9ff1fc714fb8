import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type PipelineStage = ApiResponse<'/api/crm/pipeline-stages/{pipeline}', 'get'>['items'][number];

export type Pipeline = ApiResponse<'/api/crm/pipelines', 'get'>['items'][number];

/** Where a deal goes when none is named; the board opens on it. */
export const DEFAULT_PIPELINE = 'default';

/**
 * The pipeline a screen's URL names (?pipeline=), or null: none, or not a key (the server would refuse it with a 400;
 * a key of no pipeline is the server's 404 to tell).
 */
export const pipelineParam = (params: URLSearchParams): string | null => {
  const key = params.get('pipeline');
  return key && /^[a-z0-9][a-z0-9_-]{0,39}$/.test(key) ? key : null;
};

export const getStages = (pipeline: string) =>
  data(api.GET('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline } } }));

export const getStagesQueryOptions = (pipeline: string = DEFAULT_PIPELINE) =>
  queryOptions({ queryKey: queryKeys.pipeline.stages(pipeline), queryFn: () => getStages(pipeline) });

/** A pipeline's stages, by order (SPEC: a deal's stage is chosen from them, the first by default). */
export const useStages = (pipeline: string = DEFAULT_PIPELINE, enabled = true) =>
  useQuery({ ...getStagesQueryOptions(pipeline), enabled });

/** The pipelines in the switcher's order: the archived ones only when asked. */
export const usePipelines = (includeArchived = false) =>
  useQuery({
    queryKey: queryKeys.pipeline.list(includeArchived),
    queryFn: () => data(api.GET('/api/crm/pipelines', { params: { query: { includeArchived } } })),
  });

/** A pipeline's name as shown: an admin's, or the translation of the default pipeline's seeded one. */
export const pipelineLabel = (pipeline: Pick<Pipeline, 'key' | 'name'>, t: TFunction): string =>
  pipeline.name ?? (pipeline.key === DEFAULT_PIPELINE ? t('pipeline.defaultName') : pipeline.key);

/**
 * The pipelines to choose from, by name; `current` stays offered when the list leaves it out (an archived one, a link);
 * null when the choice is not a pipeline (every pipeline).
 */
export const pipelineOptions = (pipelines: Pipeline[], current: string | null, t: TFunction) => {
  const options = pipelines.map((p) => ({ value: p.key, label: pipelineLabel(p, t) }));
  if (current !== null && options.length > 0 && !options.some((o) => o.value === current))
    options.push({ value: current, label: current });
  return options;
};
