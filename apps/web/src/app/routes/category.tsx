import { useCallback, useState } from 'react';
import {
  Link,
  data,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  type LoaderFunctionArgs,
} from 'react-router';
import { PAGE_SIZE_DEFAULT, type Product } from '@market/shared';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { meQueryOptions, useEndedSession, useMe } from '../../lib/session.ts';
import { productsQueryOptions, useProducts } from '../../features/catalog/api/get-products.ts';
import { BookingModal } from '../../features/bookings/components/booking-modal.tsx';
import { useMarks } from '../../features/marks/api/get-marks.ts';
import { ErrorState, EmptyState } from '../../components/ui/error-state.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { pageFrom } from '../../lib/paging.ts';
import { useResultsView, ViewToggle } from '../../features/search/components/view-toggle.tsx';
import { ProductResults } from '../product-results.tsx';

/** Signed-in users only; the first page of products is fetched before the page shows. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) throw redirect(logInPath(returnTo));
  const category = params.categoryName ?? '';
  const page = pageFrom(url);
  try {
    await queryClient.ensureQueryData(productsQueryOptions(category, page));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      throw redirect(logInPath(returnTo));
    }
    if (err instanceof ApiError && err.status === 404) throw data(err.message, { status: 404 });
    throw err;
  }
  return { category, page };
}

export function Component() {
  const { category, page } = useLoaderData<typeof loader>();
  const products = useProducts(category, page);
  const me = useMe();
  // A session that ends while the booking form is open keeps the form, and what was typed in it.
  const ended = useEndedSession();
  const viewer = me.data ?? ended ?? null;
  const isBuyer = viewer?.role === 'buyer';
  const marks = useMarks(products.data?.items.map((p) => p._id) ?? [], { enabled: isBuyer });
  const [booking, setBooking] = useState<Product | null>(null);
  const closeBooking = useCallback(() => setBooking(null), []);
  const [view, setView] = useResultsView('cards');
  const navigate = useNavigate();
  const location = useLocation();
  const logIn = () => void navigate(logInPath(`${location.pathname}${location.search}`));
  const title = <PageTitle page={category} />;

  if (products.isPending) {
    return (
      <>
        {title}
        <FullScreenSpinner />
      </>
    );
  }
  if (products.isError) {
    return (
      <>
        {title}
        <ErrorState error={products.error} onRetry={() => void products.refetch()} />
      </>
    );
  }
  const { items, total } = products.data;

  return (
    <section className="py-10">
      {title}
      <h1 className="text-3xl font-bold">{category}</h1>
      <p className="mt-1 text-lg" aria-live="polite">
        Total Products ({total})
      </p>
      <div className="mt-3 mb-6 flex flex-wrap items-center gap-3">
        <Link
          to={paths.searchResults(new URLSearchParams({ category }))}
          className="btn btn-outline btn-sm min-h-11"
        >
          Filter and sort
        </Link>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {items.length === 0 ? (
        <EmptyState>No phones in this category right now.</EmptyState>
      ) : (
        <ProductResults
          items={items}
          view={view}
          listLabel="Phones"
          gridClassName="grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          viewer={viewer}
          marks={marks.data}
          marksReady={!marks.isPending}
          onBook={setBooking}
          logIn={logIn}
        />
      )}
      <Pager page={page} total={total} pageSize={PAGE_SIZE_DEFAULT} />
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
