import { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';
import { QUERY_RETRIES, QUERY_STALE_MS } from '@market/shared';
import { ApiError } from './api-client.ts';

/**
 * Cached data lives 5 minutes; failed reads are retried 3 times, except client errors. A server
 * render does not retry: the browser fetches whatever the server could not.
 */
export function createQueryClient({ forServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: forServer ? Infinity : QUERY_STALE_MS,
        retry: (failureCount, err) =>
          !forServer &&
          failureCount < QUERY_RETRIES &&
          !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The query cache a route's loader reads and fills, from the loader's `context`: the browser's
 * one cache, or the server render's own (requests never share one).
 */
export const queryClientContext = createContext<QueryClient>();

/** The router context that hands `queryClient` to the loaders. */
export function loaderContext(queryClient: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, queryClient);
  return context;
}

// Types the loaders' `context` as the router context provider, which is what data routers pass
// (React Router's documented augmentation; in data mode it enables nothing else).
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
