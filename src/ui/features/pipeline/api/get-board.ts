import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { DEAL_LISTS_QUERY_KEY, type DealsPage } from './get-deals';

/** The board's pipeline and its filters as the API names them (the same on the cards and on the column totals). */
export type BoardFilters = NonNullable<ApiQuery<'/api/crm/pipeline-stages/{pipeline}/summary', 'get'>> & {
  pipeline: string;
  /** A custom field's value (the server reads it as the field's type). */
  [name: `customFields.${string}`]: string;
};
export type StageSummary = ApiResponse<'/api/crm/pipeline-stages/{pipeline}/summary', 'get'>['items'][number];

/** A column opens with this many cards and loads as many more when scrolled to its end. */
export const COLUMN_PAGE_SIZE = 30;

export const boardColumnQueryKey = (stage: string, filters: BoardFilters) =>
  [...DEAL_LISTS_QUERY_KEY, { stage, order: 'position', ...filters }] as const;
export const boardSummaryQueryKey = ({ pipeline, ...filters }: BoardFilters) =>
  queryKeys.deals.summary(pipeline, filters);

/** One column's cards in their board order, a page at a time (its own keyset cursor). */
export const getBoardColumnQueryOptions = (stage: string, filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: boardColumnQueryKey(stage, filters),
    queryFn: ({ pageParam }): Promise<DealsPage> =>
      data(
        api.GET('/api/crm/deals', {
          params: {
            query: {
              ...filters,
              stage,
              order: 'position',
              limit: COLUMN_PAGE_SIZE,
              cursor: pageParam,
            },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useBoardColumn = (stage: string, filters: BoardFilters) =>
  useInfiniteQuery(getBoardColumnQueryOptions(stage, filters));

/** Each column's count, value and forecast over every matching deal, computed by the server. */
export const getBoardSummaryQueryOptions = (filters: BoardFilters) => {
  const { pipeline, ...query } = filters;
  return queryOptions({
    queryKey: boardSummaryQueryKey(filters),
    queryFn: () =>
      data(api.GET('/api/crm/pipeline-stages/{pipeline}/summary', { params: { path: { pipeline }, query } })),
  });
};

export const useBoardSummary = (filters: BoardFilters) => useQuery(getBoardSummaryQueryOptions(filters));

/**
 * Whether every column has had its first page answered (or refused), and stays true after: what the board shows
 * first is asked for first, and what can wait (filter choices, the lost reasons' read-ahead) asks after it.
 */
export function useBoardLoaded(stages: string[] | undefined, filters: BoardFilters): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const loaded = useSyncExternalStore(subscribe, () =>
    Boolean(
      stages?.every(
        (stage) => (client.getQueryState(boardColumnQueryKey(stage, filters))?.status ?? 'pending') !== 'pending',
      ),
    ),
  );
  const [once, setOnce] = useState(false);
  if (loaded && !once) setOnce(true);
  return loaded || once;
}
