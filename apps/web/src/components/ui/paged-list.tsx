import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../../lib/api-client.ts';
import { EmptyState } from './error-state.tsx';
import { Pager } from './pager.tsx';
import { QueryContent } from './query-content.tsx';

/**
 * One page of a fetched list: 'Loading...', a failure with Retry, what an empty list says, or
 * the items and the pager.
 */
export function PagedList<T>({
  query,
  page,
  pageSize,
  empty,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryContent query={query}>
      {({ items, total }) =>
        items.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            {children(items)}
            <Pager page={page} total={total} pageSize={pageSize} />
          </>
        )
      }
    </QueryContent>
  );
}
