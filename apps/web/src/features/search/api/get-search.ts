import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productSchema, type Product } from '@market/shared';
import { apiPage, type Page } from '../../../lib/api-client.ts';
import { apiQuery } from '../search-params.ts';
import { searchKeys, type SearchParams } from './keys.ts';
import { retryUnlessStarting, useAskAgainWhileStarting } from './search-starting.ts';

/** GET /api/search: one page of results, the total, and the next page's cursor. */
export function getSearch(params: SearchParams, cursor?: string): Promise<Page<Product>> {
  return apiPage('/search', productSchema, {
    query: { ...apiQuery(params), sort: params.sort, cursor },
  });
}

export const searchQueryOptions = (params: SearchParams, cursor?: string) =>
  queryOptions({
    queryKey: searchKeys.results(params, cursor),
    queryFn: () => getSearch(params, cursor),
    // The last results stay while a changed filter's arrive (the page shows it is loading).
    placeholderData: keepPreviousData,
    retry: retryUnlessStarting,
  });

/**
 * The results the loader fetched. A call that failed there shows its error at once, with Retry,
 * rather than being asked again on the way in.
 */
export function useSearch(
  params: SearchParams,
  cursor?: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useQuery({ ...searchQueryOptions(params, cursor), retryOnMount: false, enabled });
  // A server still getting search ready: its note shows, and the results replace it.
  useAskAgainWhileStarting(query);
  return query;
}
