import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type RetentionRule = ApiResponse<'/api/privacy/retention/rules', 'get'>['items'][number];
export type RetentionKind = RetentionRule['kind'];
export type RetentionCandidate = ApiResponse<'/api/privacy/retention/candidates', 'get'>['items'][number];

/** Both retention rules (each off until an admin turns it on). */
export const useRetentionRules = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.privacy.retentionRules,
      queryFn: () => data(api.GET('/api/privacy/retention/rules')),
    }),
  );

/** The contacts the rules listed that wait for an admin's decision, newest first, 50 a page. */
export const getRetentionWaitingQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.privacy.retentionWaiting,
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/privacy/retention/candidates', {
          params: { query: { decided: false, limit: 50, cursor: pageParam } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useRetentionWaiting = () => useInfiniteQuery(getRetentionWaitingQueryOptions());
