import { useCallback, useId, useState } from 'react';
import {
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import type { Product, SearchSort } from '@market/shared';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { meQueryOptions, useEndedSession, useMe } from '../../lib/session.ts';
import { BookingModal } from '../../features/bookings/components/booking-modal.tsx';
import { useMarks } from '../../features/marks/api/get-marks.ts';
import { searchQueryOptions, useSearch } from '../../features/search/api/get-search.ts';
import { facetsQueryOptions, useFacets } from '../../features/search/api/get-facets.ts';
import { SearchFilters } from '../../features/search/components/search-filters.tsx';
import { FiltersDialog } from '../../features/search/components/filters-dialog.tsx';
import { LoosenSearch } from '../../features/search/components/loosen-search.tsx';
import { SaveSearch } from '../../features/search/components/save-search.tsx';
import { useResultsView, ViewToggle } from '../../features/search/components/view-toggle.tsx';
import {
  activeFilters,
  searchAddress,
  searchParamsFrom,
  type SearchParams,
} from '../../features/search/search-params.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { FullScreenSpinner, InlineSpinner } from '../../components/ui/spinner.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ProductResults } from '../product-results.tsx';

const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

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

export function Component() {
  const [search] = useSearchParams();
  const params = searchParamsFrom(search);
  const cursor = search.get('cursor') ?? undefined;
  const results = useSearch(params, cursor);
  const facets = useFacets(params);
  const me = useMe();
  const ended = useEndedSession();
  const viewer = me.data ?? ended ?? null;
  const isBuyer = viewer?.role === 'buyer';
  const marks = useMarks(results.data?.items.map((p) => p._id) ?? [], { enabled: isBuyer });
  const [booking, setBooking] = useState<Product | null>(null);
  const closeBooking = useCallback(() => setBooking(null), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = useResultsView();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const sortId = useId();
  const logIn = () => void navigate(logInPath(`${location.pathname}${location.search}`));
  const go = (next: SearchParams) => void navigate(paths.searchResults(searchAddress(next)));
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === paths.search
      ? navigation.location
      : null;
  const loading = results.isFetching || pending !== null;
  // While a new choice's results load, the filters and the sort show that choice already.
  const chosen = pending ? searchParamsFrom(new URLSearchParams(pending.search)) : params;
  const filtersInUse = activeFilters({ ...params, q: '' }).length;

  const heading = params.q ? `Results for “${params.q}”` : 'All phones';
  const title = <PageTitle page={params.q ? `Search: ${params.q}` : 'Search'} />;

  const filters = (
    <SearchFilters
      // Typed values (prices, location) start again from the address when it changes them.
      key={`${chosen.minPrice}-${chosen.maxPrice}-${chosen.location}`}
      params={chosen}
      facets={facets.data}
      onChange={go}
    />
  );

  let body;
  if (results.isPending) {
    body = <FullScreenSpinner />;
  } else if (results.isError && !results.data) {
    body = (
      <ErrorState
        title="Could not load the results"
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  } else {
    const { items, nextCursor } = results.data;
    const cardGrid = 'grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3';
    body =
      items.length === 0 ? (
        <LoosenSearch params={params} />
      ) : (
        <>
          <ProductResults
            items={items}
            view={view}
            listLabel="Results"
            gridLabel="Results"
            gridClassName={cardGrid}
            viewer={viewer}
            marks={marks.data}
            marksReady={!marks.isPending}
            onBook={setBooking}
            logIn={logIn}
          />
          {(cursor || nextCursor) && (
            <nav aria-label="Pages" className="mt-8 flex justify-center gap-2">
              {cursor && (
                <Link
                  to={paths.searchResults(searchAddress(params))}
                  className="btn btn-sm min-h-11"
                >
                  First page
                </Link>
              )}
              {nextCursor && (
                <Link
                  to={paths.searchResults(searchAddress(params, nextCursor))}
                  rel="next"
                  className="btn btn-primary btn-sm min-h-11"
                >
                  Next page
                </Link>
              )}
            </nav>
          )}
        </>
      );
  }

  return (
    <section className="py-8">
      {title}
      <h1 className="text-3xl font-bold wrap-anywhere">{heading}</h1>
      <p className="mt-1 text-lg" aria-live="polite">
        {results.data
          ? `${results.data.total} ${results.data.total === 1 ? 'phone' : 'phones'} found`
          : ''}
        {loading && (
          <span role="status" className="ml-3 inline-flex items-center gap-2 text-base">
            <InlineSpinner /> Loading results…
          </span>
        )}
      </p>
      <div className="my-4 flex flex-wrap items-center gap-3">
        <FiltersDialog
          open={filtersOpen}
          onOpen={() => setFiltersOpen(true)}
          onClose={() => setFiltersOpen(false)}
          activeCount={filtersInUse}
        >
          {filters}
        </FiltersDialog>
        <label htmlFor={sortId} className="text-sm font-semibold">
          Sort by
        </label>
        <select
          id={sortId}
          className="select select-bordered select-sm min-h-11 w-auto"
          value={chosen.sort}
          onChange={(e) => go({ ...chosen, sort: e.target.value })}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
        <ViewToggle view={view} onChange={setView} />
        {isBuyer && (
          <div className="w-full md:ml-auto md:w-auto">
            <SaveSearch key={searchAddress(params)} params={params} />
          </div>
        )}
      </div>
      <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <aside aria-label="Filters" className="hidden md:block">
          {!filtersOpen && filters}
        </aside>
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
          {body}
        </div>
      </div>
      {booking && isBuyer && (
        <BookingModal
          key={booking._id}
          product={booking}
          buyer={{ name: viewer.name, email: viewer.email, phone: viewer.phone }}
          onClose={closeBooking}
        />
      )}
    </section>
  );
}
