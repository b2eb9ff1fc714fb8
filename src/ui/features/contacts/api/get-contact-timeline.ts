import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type TimelinePage = ApiResponse<'/api/crm/contacts/{id}/timeline', 'get'>;
export type TimelineEntry = TimelinePage['items'][number];

const PAGE_SIZE = 30;

export const getContactTimeline = ({ id, cursor }: { id: number; cursor?: string }) =>
  data(api.GET('/api/crm/contacts/{id}/timeline', { params: { path: { id }, query: { limit: PAGE_SIZE, cursor } } }));

/** A contact's history with its deals' and activities', newest first, a page at a time. */
export const getContactTimelineQueryOptions = (id: number) =>
  infiniteQueryOptions({
    // Deals and activities invalidate queryKeys.timeline.all too: their changes show in their contact's history.
    queryKey: queryKeys.timeline.contact(id),
    queryFn: ({ pageParam }) => getContactTimeline({ id, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useContactTimeline = (id: number) => useInfiniteQuery(getContactTimelineQueryOptions(id));
