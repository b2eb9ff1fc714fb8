import { queryClient } from '../../../lib/query-client';

/** A stage change reaches the board: its stages, its columns (keyed by stage name) and its totals. */
export const invalidateStages = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['pipeline'] }),
    queryClient.invalidateQueries({ queryKey: ['deals'] }),
  ]);
