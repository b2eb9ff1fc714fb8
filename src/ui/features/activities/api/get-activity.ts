import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { ACTIVITIES_QUERY_KEY } from './get-activities';

export const getActivity = (id: number) => data(api.GET('/api/crm/activities/{id}', { params: { path: { id } } }));

export const getActivityQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ACTIVITIES_QUERY_KEY, 'one', id], queryFn: () => getActivity(id) });

/** One activity, for a link that names it (a reminder's or the digest's). */
export const useActivity = (id: number | null) =>
  useQuery({ ...getActivityQueryOptions(id ?? 0), enabled: id !== null });
