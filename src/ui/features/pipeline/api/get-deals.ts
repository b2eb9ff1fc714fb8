import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type DealsPage = ApiResponse<'/api/crm/deals', 'get'>;
export type Deal = DealsPage['items'][number];

/** The list's filters as the API names them. */
export type DealFilters = Omit<ApiQuery<'/api/crm/deals', 'get'>, 'limit' | 'cursor' | 'includeTotal'>;

export const DEALS_QUERY_KEY = queryKeys.deals.all;
export const DEAL_LISTS_QUERY_KEY = queryKeys.deals.lists;
const PAGE_SIZE = 50;

export const getDeals = ({ filters, cursor }: { filters: DealFilters; cursor?: string }) =>
  data(
    api.GET('/api/crm/deals', {
      params: { query: { ...filters, limit: PAGE_SIZE, cursor, includeTotal: cursor === undefined } },
    }),
  );

/** The deals matching the filters (newest first, or a board column's order), a page at a time; the first page counts them. */
export const getDealsQueryOptions = (filters: DealFilters) =>
  infiniteQueryOptions({
    queryKey: [...DEAL_LISTS_QUERY_KEY, filters],
    queryFn: ({ pageParam }) => getDeals({ filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDeals = (filters: DealFilters, enabled = true) =>
  useInfiniteQuery({ ...getDealsQueryOptions(filters), enabled });
