import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type CompanyTimelineEntry = ApiResponse<'/api/crm/companies/{id}/timeline', 'get'>['items'][number];

const PAGE_SIZE = 30;

export const getCompanyTimeline = ({ id, cursor }: { id: number; cursor?: string }) =>
  data(api.GET('/api/crm/companies/{id}/timeline', { params: { path: { id }, query: { limit: PAGE_SIZE, cursor } } }));

/** A company's history (created, its fields' changes), newest first, a page at a time. */
export const getCompanyTimelineQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.timeline.company(id),
    queryFn: ({ pageParam }) => getCompanyTimeline({ id, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useCompanyTimeline = (id: number) => useInfiniteQuery(getCompanyTimelineQueryOptions(id));
