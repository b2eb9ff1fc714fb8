import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export type SaveGoalsInput = ApiBody<'/api/crm/goals', 'put'>;

/** Replaces a month's goals for every pipeline or one (a person left out has none that month). */
export const saveGoals = ({
  month,
  pipeline,
  body,
}: {
  month: string;
  pipeline: string | null;
  body: SaveGoalsInput;
}) => data(api.PUT('/api/crm/goals', { params: { query: { month, ...(pipeline && { pipeline }) } }, body }));

// The goals read anywhere (reports, this tab) and the home's goal bars.
export const useSaveGoals = () =>
  useMutation({
    mutationFn: saveGoals,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.goals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
