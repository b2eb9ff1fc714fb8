import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** Default read: GET on the key parts joined by slashes. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(queryKey.join('/'));

// SPEC §9: no automatic retry, no refetch on focus, no polling, data never stale.
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
