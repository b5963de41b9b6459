import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_STALE_MS } from '@market/shared';
import { ApiError } from './api-client.ts';

/** Cached data lives 5 minutes; failed reads are retried 3 times, except client errors. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      gcTime: QUERY_STALE_MS,
      retry: (failureCount, err) =>
        failureCount < QUERY_RETRIES &&
        !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
