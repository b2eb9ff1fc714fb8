import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type SavedReport = ApiResponse<'/api/crm/saved-reports/{id}', 'get'>;

const PAGE_SIZE = 20;

export const getSavedReports = (cursor?: string) =>
  data(api.GET('/api/crm/saved-reports', { params: { query: { limit: PAGE_SIZE, cursor } } }));

/** Mine and the shared ones, newest first, a page at a time (listed on the reports page, opened in the builder). */
export const getSavedReportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.reports.saved, 'list'],
    queryFn: ({ pageParam }) => getSavedReports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useSavedReports = () => useInfiniteQuery(getSavedReportsQueryOptions());
