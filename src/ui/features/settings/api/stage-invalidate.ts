import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

/** A stage change reaches the board: its stages, its columns (keyed by stage name) and its totals. */
export const invalidateStages = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.deals.all }),
  ]);
