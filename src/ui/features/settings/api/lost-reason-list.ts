import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type SettingsLostReason = ApiResponse<'/api/crm/lost-reasons', 'get'>['items'][number];

// Under the board's own prefix ['pipeline', 'lost-reasons']: invalidating it refreshes the board's lost dialog too.
export const LOST_REASONS_PREFIX = queryKeys.pipeline.lostReasons;
export const ALL_LOST_REASONS_QUERY_KEY = [...LOST_REASONS_PREFIX, 'with-retired'] as const;

export const getAllLostReasonsQueryOptions = () =>
  queryOptions({
    queryKey: ALL_LOST_REASONS_QUERY_KEY,
    queryFn: () => data(api.GET('/api/crm/lost-reasons', { params: { query: { includeRetired: true } } })),
  });

/** The offered reasons in order, then the retired ones. */
export const useAllLostReasons = () => useQuery(getAllLostReasonsQueryOptions());
