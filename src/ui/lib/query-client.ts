import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * SPEC 7: a read without a fetcher of its own is a GET on its key parts joined by slashes. Features
 * name typed fetchers (features/<x>/api/); this is the fallback the spec describes.
 */
const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return res.json();
};

// SPEC 9: no automatic retry, no refetch on focus, no polling, data never stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
