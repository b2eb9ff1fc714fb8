import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, data } from '../../../lib/api-client';
import { DEFAULT_PIPELINE, useStages, type PipelineStage } from '../../../lib/api/get-stages';
import { queryKeys } from '../../../lib/api/query-keys';

export type SettingsStage = PipelineStage;

/** The pipeline whose stages the stages card edits (chosen on the card; the main one first). */
export const SettingsPipelineContext = createContext(DEFAULT_PIPELINE);
export const useSettingsPipeline = () => useContext(SettingsPipelineContext);

/** The stages in board order. */
export const useSettingsStages = () => useStages(useSettingsPipeline());

/** How many deals sit in each stage (the server's column totals, with no filter: the board's own cache key). */
export const getStageCountsQueryOptions = (pipeline: string) =>
  queryOptions({
    queryKey: queryKeys.deals.summary(pipeline, {}),
    queryFn: () =>
      data(api.GET('/api/crm/pipeline-stages/{pipeline}/summary', { params: { path: { pipeline }, query: {} } })),
    select: (summary) => new Map(summary.items.map((s) => [s.stageId, s.dealCount])),
  });

export const useStageCounts = () => useQuery(getStageCountsQueryOptions(useSettingsPipeline()));
