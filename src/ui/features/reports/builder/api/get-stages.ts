import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../../lib/api-client';

/** The default pipeline's stages, for the stage filter (same key as the board's, so the cache is shared). */
export const getStageChoices = () =>
  data(api.GET('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline: 'default' } } }));

export const getStageChoicesQueryOptions = () =>
  queryOptions({ queryKey: ['pipeline', 'stages', 'default'], queryFn: getStageChoices });

export const useStageChoices = (enabled: boolean) => useQuery({ ...getStageChoicesQueryOptions(), enabled });
