import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { SEARCH_SORTS, hasOrigin } from '@market/shared';
import { DistanceOriginProvider } from '../../components/ui/distance-away.tsx';
import { NearControl } from '../../features/places/components/near-control.tsx';
import { useDistanceOrigin } from '../../features/places/api/use-distance-origin.ts';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../i18n/locale.tsx';
import { queryClientContext } from '../../lib/query-client.ts';
import { meQueryOptions, useMe } from '../../lib/session.ts';
import { searchQueryOptions, useSearch } from '../../features/search/api/get-search.ts';
import { facetsQueryOptions, useFacets } from '../../features/search/api/get-facets.ts';
import { ResultsCount, ResultsFrame } from '../../features/search/components/results-frame.tsx';
import { SaveSearch } from '../../features/search/components/save-search.tsx';
import { useResultsView } from '../../features/search/components/view-toggle.tsx';
import {
  searchAddress,
  searchParamsFrom,
  type SearchParams,
} from '../../features/search/search-params.ts';
import { useAddressSearch } from '../../features/search/use-address-search.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SearchResults } from '../search-results.tsx';

/**
 * Signed-in users only, like the category pages; the results (and, alongside, the filters'
 * counts) are fetched before the page shows. A failed call is shown on the page, with Retry.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) throw redirect(logInPath(returnTo));
  const params = searchParamsFrom(url.searchParams);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const facets = queryClient.prefetchQuery(facetsQueryOptions(params));
  try {
    // One try: the page then shows what failed, and Retry asks again.
    await queryClient.ensureQueryData({ ...searchQueryOptions(params, cursor), retry: false });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      throw redirect(logInPath(returnTo));
    }
    // Any other failure shows on the page, where Retry asks again.
  }
  await facets;
  return null;
}

const addressOf = (params: SearchParams, cursor?: string) =>
  paths.searchResults(searchAddress(params, cursor));

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const { params, chosen, navigating, search } = useAddressSearch(searchParamsFrom);
  const cursor = search.get('cursor') ?? undefined;
  const results = useSearch(params, cursor);
  const facets = useFacets(params);
  const isBuyer = useMe().data?.role === 'buyer';
  const [view, setView] = useResultsView();
  const navigate = useNavigate();
  const loading = results.isFetching || navigating;
  const origin = useDistanceOrigin(params, !!useMe().data);

  return (
    <section className="py-8">
      <PageTitle page={params.q ? t('search.titleFor', { q: params.q }) : t('search.title')} />
      <h1 className="text-3xl font-bold wrap-anywhere">
        {params.q ? t('search.resultsFor', { q: params.q }) : t('search.allPhones')}
      </h1>
      <ResultsCount loading={loading}>
        {results.data &&
          t(results.data.totalExact === false ? 'search.foundAtLeast' : 'search.found', {
            count: results.data.total,
            shown: format.count(results.data.total),
          })}
      </ResultsCount>
      <ResultsFrame
        chosen={chosen}
        facets={facets.data}
        onChange={(next) => void navigate(addressOf(next))}
        sorts={SEARCH_SORTS}
        view={view}
        onViewChange={setView}
        extra={isBuyer && <SaveSearch key={searchAddress(params)} params={params} />}
        loading={loading}
        near={(current, change) => (
          <NearControl
            value={current}
            onChange={(origin) =>
              change({
                ...current,
                ...origin,
                // A radius or nearest first without anywhere to measure from means nothing.
                ...(hasOrigin(origin) ? {} : { radiusKm: undefined }),
                sort:
                  !hasOrigin(origin) && current.sort === 'distance' ? 'relevance' : current.sort,
              })
            }
          />
        )}
      >
        <DistanceOriginProvider origin={origin}>
          <SearchResults
            results={results}
            params={params}
            cursor={cursor}
            addressOf={addressOf}
            view={view}
            listLabel={t('search.results')}
            gridLabel={t('search.results')}
          />
        </DistanceOriginProvider>
      </ResultsFrame>
    </section>
  );
}
