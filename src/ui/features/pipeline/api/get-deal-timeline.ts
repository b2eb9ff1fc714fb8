import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type DealTimelineEntry = ApiResponse<'/api/crm/deals/{id}/timeline', 'get'>['items'][number];

/** Under queryKeys.timeline.all: every deal, contact or activity change invalidates it. */
export const getDealTimelineQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.timeline.deal(id),
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/crm/deals/{id}/timeline', { params: { path: { id }, query: { limit: 20, cursor: pageParam } } }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDealTimeline = (id: number) => useInfiniteQuery(getDealTimelineQueryOptions(id));
