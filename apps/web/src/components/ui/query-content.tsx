import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FullScreenSpinner } from './spinner.tsx';
import { ErrorState } from './error-state.tsx';

/** The three states of a fetched list: 'Loading...', a failure with Retry, then the content. */
export function QueryContent<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
