import { useEffect } from 'react';
import { QUERY_RETRIES } from '@market/shared';
import { ApiError } from '../../../lib/api-client.ts';

/** Seconds to wait when a "starting" answer names none. */
const STARTING_WAIT_SECONDS = 3;

/** The server has just started and is still getting search ready (503 SEARCH_STARTING). */
export function isSearchStarting(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 503 && err.code === 'SEARCH_STARTING';
}

/**
 * The app's retries for a search call, except "starting": that shows its notice at once and is
 * asked again after the wait the server gives (`useAskAgainWhileStarting`).
 */
export function retryUnlessStarting(failureCount: number, err: Error): boolean {
  if (isSearchStarting(err)) return false;
  return (
    failureCount < QUERY_RETRIES &&
    !(err instanceof ApiError && err.status >= 400 && err.status < 500)
  );
}

/** While a search call answers "starting", asks again after each Retry-After. */
export function useAskAgainWhileStarting(query: {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}): void {
  const { isError, error, errorUpdatedAt, refetch } = query;
  const wait =
    isError && isSearchStarting(error) ? (error.retryAfterSeconds ?? STARTING_WAIT_SECONDS) : null;
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => void refetch(), wait * 1000);
    return () => clearTimeout(timer);
  }, [wait, errorUpdatedAt, refetch]);
}
