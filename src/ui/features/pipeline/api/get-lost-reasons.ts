import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type LostReason = ApiResponse<'/api/crm/lost-reasons', 'get'>['items'][number];

export const getLostReasonsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pipeline.lostReasons, queryFn: () => data(api.GET('/api/crm/lost-reasons')) });

/** The list a lost deal's reason is picked from ('other' takes free text). */
export const useLostReasons = (enabled = true) => useQuery({ ...getLostReasonsQueryOptions(), enabled });
