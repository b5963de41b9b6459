import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES, QUERY_STALE_MS } from '@market/shared';
import { ApiError } from './api-client.ts';
import { renderContext } from './render-context.ts';

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

/** Stands for the query cache of the request being rendered, so loaders read the right one. */
function currentRenderQueryClient(): QueryClient {
  return new Proxy({} as QueryClient, {
    get(_target, property) {
      const client = renderContext().queryClient;
      const value: unknown = Reflect.get(client, property, client);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(client)
        : value;
    },
  });
}

/** The browser's one query cache; during a server render, that render's own. */
export const queryClient: QueryClient = import.meta.env.SSR
  ? currentRenderQueryClient()
  : createQueryClient();
