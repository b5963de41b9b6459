import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchFacetsSchema } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiQuery } from '../search-params.ts';
import { searchKeys, type SearchParams } from './keys.ts';
import { retryUnlessStarting, useAskAgainWhileStarting } from './search-starting.ts';

/** GET /api/search/facets: how many results each filter's choices would leave. */
export function getFacets(params: SearchParams) {
  return apiRequest('/search/facets', searchFacetsSchema, { query: apiQuery(params) });
}

export const facetsQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: searchKeys.facets(params),
    queryFn: () => getFacets(params),
    placeholderData: keepPreviousData,
    retry: retryUnlessStarting,
  });

export function useFacets(params: SearchParams) {
  const query = useQuery(facetsQueryOptions(params));
  useAskAgainWhileStarting(query);
  return query;
}
