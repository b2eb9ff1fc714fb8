import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { DEFAULT_PIPELINE, useStages, type PipelineStage } from '../../../lib/api/get-stages';
import { queryKeys } from '../../../lib/api/query-keys';

export type SettingsStage = PipelineStage;

/** The board's pipeline: the one the settings edit. */
export const SETTINGS_PIPELINE = DEFAULT_PIPELINE;

// The board's own keys: an edit here refreshes the board, and the board's cache serves this tab.
export const STAGES_QUERY_KEY = queryKeys.pipeline.stages(SETTINGS_PIPELINE);
export const STAGE_COUNTS_QUERY_KEY = queryKeys.deals.summary(SETTINGS_PIPELINE, {});

/** The stages in board order. */
export const useSettingsStages = () => useStages(SETTINGS_PIPELINE);

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
