import type { ReactNode } from 'react';
import { data, redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, PAGE_SIZE_DEFAULT, type SearchSort } from '@market/shared';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFormat } from '../../i18n/locale.tsx';
import { queryClientContext } from '../../lib/query-client.ts';
import { meQueryOptions, useMe } from '../../lib/session.ts';
import { pageFrom } from '../../lib/paging.ts';
import { productsQueryOptions } from '../../features/catalog/api/get-products.ts';
import { searchQueryOptions, useSearch } from '../../features/search/api/get-search.ts';
import { facetsQueryOptions, useFacets } from '../../features/search/api/get-facets.ts';
import { ResultsCount, ResultsFrame } from '../../features/search/components/results-frame.tsx';
import { SaveSearch } from '../../features/search/components/save-search.tsx';
import { useResultsView } from '../../features/search/components/view-toggle.tsx';
import {
  categoryAddress,
  categoryParamsFrom,
  narrowsCategory,
  searchAddress,
  type SearchParams,
} from '../../features/search/search-params.ts';
import { useAddressSearch } from '../../features/search/use-address-search.ts';
import { ErrorState, EmptyState } from '../../components/ui/error-state.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ProductResults } from '../product-results.tsx';
import { SearchResults } from '../search-results.tsx';
import { RESULTS_GRID } from '../product-results.tsx';

/** A category's list has no words to match: its orders are the posting time and the price. */
const CATEGORY_SORTS: readonly SearchSort[] = ['newest', 'price_asc', 'price_desc'];

/** The category an address names, in any case (`/category/Samsung`), as the API spells it. */
function knownCategory(name: string): string | undefined {
  const lower = name.trim().toLowerCase();
  return CATEGORIES.find((category) => category.toLowerCase() === lower);
}

/** The category's search an address asks for; undefined for its plain list. */
function narrowedSearch(name: string, search: URLSearchParams): SearchParams | undefined {
  const category = knownCategory(name);
  if (!category) return undefined;
  const params = categoryParamsFrom(search, category);
  return narrowsCategory(params) ? params : undefined;
}

/**
 * Signed-in users only. Without filters the page is the category's list, paged by number; with
 * filters or another order in the address, the category's search, paged by cursor. Either is
 * fetched before the page shows. The filters' counts come along with a search; for the plain
 * list they follow once the page has shown, so that it is drawn as quickly as ever.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) throw redirect(logInPath(returnTo));
  const category = params.categoryName ?? '';
  const page = pageFrom(url);
  const narrowed = narrowedSearch(category, url.searchParams);
  try {
    if (narrowed) {
      const facets = queryClient.prefetchQuery(facetsQueryOptions(narrowed));
      const cursor = url.searchParams.get('cursor') ?? undefined;
      // One try: any failure but an ended session shows on the page, where Retry asks again.
      await queryClient
        .ensureQueryData({ ...searchQueryOptions(narrowed, cursor), retry: false })
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 401) throw err;
        });
      await facets;
    } else {
      await queryClient.ensureQueryData(productsQueryOptions(category, page));
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      throw redirect(logInPath(returnTo));
    }
    if (err instanceof ApiError && err.status === 404)
      throw data(err.reason ?? err.message, { status: 404 });
    throw err;
  }
  return { category, page };
}

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const { category, page } = useLoaderData<typeof loader>();
  const parse = (search: URLSearchParams) =>
    categoryParamsFrom(search, knownCategory(category) ?? category);
  const { params, chosen, navigating, search } = useAddressSearch(parse);
  const narrowed = narrowsCategory(params);
  const cursor = search.get('cursor') ?? undefined;
  // Only the list the address asks for is fetched.
  const products = useQuery({ ...productsQueryOptions(category, page), enabled: !narrowed });
  const results = useSearch(params, cursor, { enabled: narrowed });
  const facets = useFacets(params);
  const isBuyer = useMe().data?.role === 'buyer';
  const [view, setView] = useResultsView('cards');
  const navigate = useNavigate();
  const addressOf = (next: SearchParams, nextCursor?: string) =>
    `${paths.category(category)}${categoryAddress(next, nextCursor)}`;
  const shown = narrowed ? results : products;
  const loading = shown.isFetching || navigating;

  let body: ReactNode;
  if (narrowed) {
    body = (
      <SearchResults
        results={results}
        params={params}
        cursor={cursor}
        addressOf={addressOf}
        view={view}
        listLabel={t('categories.phones')}
        gridLabel={t('categories.phones')}
        fixedCategory
      />
    );
  } else if (products.isPending) {
    body = <FullScreenSpinner />;
  } else if (products.isError) {
    body = <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  } else if (products.data.items.length === 0) {
    body = <EmptyState>{t('categories.empty')}</EmptyState>;
  } else {
    body = (
      <>
        <ProductResults
          items={products.data.items}
          view={view}
          listLabel={t('categories.phones')}
          gridLabel={t('categories.phones')}
          gridClassName={RESULTS_GRID}
        />
        <Pager page={page} total={products.data.total} pageSize={PAGE_SIZE_DEFAULT} />
      </>
    );
  }

  return (
    <section className="py-10">
      <PageTitle page={category} />
      <h1 className="text-3xl font-bold wrap-anywhere">{category}</h1>
      <ResultsCount loading={loading}>
        {shown.data &&
          t(shown.data.totalExact === false ? 'categories.totalAtLeast' : 'categories.total', {
            total: format.count(shown.data.total),
          })}
      </ResultsCount>
      <ResultsFrame
        chosen={chosen}
        facets={facets.data}
        onChange={(next) => void navigate(addressOf(next))}
        sorts={CATEGORY_SORTS}
        fixedCategory
        view={view}
        onViewChange={setView}
        extra={isBuyer && narrowed && <SaveSearch key={searchAddress(params)} params={params} />}
        loading={loading}
      >
        {body}
      </ResultsFrame>
    </section>
  );
}
