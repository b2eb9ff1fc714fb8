import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../../lib/api-client';

export type SavedReport = ApiResponse<'/api/crm/saved-reports/{id}', 'get'>;

export const SAVED_REPORTS_QUERY_KEY = ['reports', 'saved'] as const;
const PAGE_SIZE = 20;

export const getSavedReports = (cursor?: string) =>
  data(api.GET('/api/crm/saved-reports', { params: { query: { limit: PAGE_SIZE, cursor } } }));

/** Mine and the shared ones, newest first, a page at a time. */
export const getSavedReportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...SAVED_REPORTS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam }) => getSavedReports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useSavedReports = () => useInfiniteQuery(getSavedReportsQueryOptions());
