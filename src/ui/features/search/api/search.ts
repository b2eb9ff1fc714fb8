import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';

export const SEARCH_QUERY_KEY = ['search'] as const;

/** Hits per kind the palette asks for. */
export const SEARCH_LIMIT = 5;

export const searchEverything = (q: string, signal?: AbortSignal) =>
  data(api.GET('/api/crm/search', { params: { query: { q, limit: SEARCH_LIMIT } }, signal }));

export type SearchResults = Awaited<ReturnType<typeof searchEverything>>;

/** One request per settled text; the previous answer stays on screen while the next one loads. */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: [...SEARCH_QUERY_KEY, q],
    queryFn: ({ signal }) => searchEverything(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
