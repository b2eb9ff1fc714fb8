import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type SettingsStage = ApiResponse<'/api/crm/pipeline-stages/{pipeline}', 'get'>['items'][number];

/** The board's pipeline: the one the settings edit. */
export const SETTINGS_PIPELINE = 'default';

// The same keys as the board's own queries (features do not import each other): an edit here refreshes the
// board, and the board's cache serves this tab. Stage edits invalidate the 'pipeline' and 'deals' prefixes.
export const STAGES_QUERY_KEY = ['pipeline', 'stages', SETTINGS_PIPELINE] as const;
export const STAGE_COUNTS_QUERY_KEY = ['deals', 'summary', SETTINGS_PIPELINE, {}] as const;

export const getStagesQueryOptions = () =>
  queryOptions({
    queryKey: STAGES_QUERY_KEY,
    queryFn: () =>
      data(api.GET('/api/crm/pipeline-stages/{pipeline}', { params: { path: { pipeline: SETTINGS_PIPELINE } } })),
  });

/** The stages in board order. */
export const useSettingsStages = () => useQuery(getStagesQueryOptions());

/** How many deals sit in each stage (the server's column totals, with no filter). */
export const getStageCountsQueryOptions = () =>
  queryOptions({
    queryKey: STAGE_COUNTS_QUERY_KEY,
    queryFn: () =>
      data(
        api.GET('/api/crm/pipeline-stages/{pipeline}/summary', {
          params: { path: { pipeline: SETTINGS_PIPELINE }, query: {} },
        }),
      ),
    select: (summary) => new Map(summary.items.map((s) => [s.stageId, s.dealCount])),
  });

export const useStageCounts = () => useQuery(getStageCountsQueryOptions());
