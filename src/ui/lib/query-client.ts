import { QueryClient } from '@tanstack/react-query';

// SPEC §9: no automatic retry, no refetch on focus, no polling, data never stale. Every query names
// its own typed fetcher (features/<x>/api/), so there is no untyped default one.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
