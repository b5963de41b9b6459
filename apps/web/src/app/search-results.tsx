import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '@market/shared';
import type { Page } from '../lib/api-client.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';
import { CursorPager } from '../features/search/components/cursor-pager.tsx';
import { LoosenSearch } from '../features/search/components/loosen-search.tsx';
import { SearchStarting } from '../features/search/components/search-starting.tsx';
import { isSearchStarting } from '../features/search/api/search-starting.ts';
import type { ResultsView } from '../features/search/components/view-toggle.tsx';
import type { SearchParams } from '../features/search/search-params.ts';
import { ProductResults, RESULTS_GRID } from './product-results.tsx';

/** With the filters' sidebar beside them on a wide screen, three cards a row at the widest. */

/**
 * One page of a search's results, as the results page and a filtered category page show them:
 * loading, a failed call with Retry, what to loosen when nothing matches, or the phones with
 * paging by cursor.
 */
export function SearchResults({
  results,
  params,
  cursor,
  addressOf,
  view,
  listLabel,
  gridLabel,
  fixedCategory = false,
}: {
  results: UseQueryResult<Page<Product>>;
  params: SearchParams;
  cursor: string | undefined;
  /** A search's address on this page, from its first page or from a cursor. */
  addressOf: (params: SearchParams, cursor?: string) => string;
  view: ResultsView;
  listLabel: string;
  gridLabel?: string;
  fixedCategory?: boolean;
}) {
  const { t } = useTranslation();
  if (results.isPending) return <FullScreenSpinner />;
  // Asked again after the wait the server gave (useSearch); the results then replace it.
  if (results.isError && isSearchStarting(results.error)) return <SearchStarting />;
  if (results.isError && !results.data) {
    return (
      <ErrorState
        title={t('search.loadFailed')}
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  }
  const { items, nextCursor } = results.data;
  if (items.length === 0) {
    return <LoosenSearch params={params} addressOf={addressOf} fixedCategory={fixedCategory} />;
  }
  return (
    <>
      <ProductResults
        items={items}
        view={view}
        listLabel={listLabel}
        gridLabel={gridLabel}
        gridClassName={RESULTS_GRID}
      />
      <CursorPager
        first={cursor ? addressOf(params) : undefined}
        next={nextCursor ? addressOf(params, nextCursor) : undefined}
      />
    </>
  );
}
