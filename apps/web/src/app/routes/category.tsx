import { useCallback, useState } from 'react';
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE_DEFAULT, type Product } from '@market/shared';
import { logInPath } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { meQueryOptions, useMe } from '../../features/auth/api/get-me.ts';
import { productsQueryOptions, useProducts } from '../../features/catalog/api/get-products.ts';
import { ProductCard } from '../../features/catalog/components/product-card.tsx';
import { Pagination } from '../../features/catalog/components/pagination.tsx';
import { BookingModal } from '../../features/bookings/components/booking-modal.tsx';
import { WishlistHeart } from '../../features/wishlist/components/wishlist-heart.tsx';
import { ErrorState, EmptyState } from '../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';

/** The cards of the first row on a wide screen, whose images are in view on any screen. */
const EAGER_CARDS = 4;

function pageFrom(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Signed-in users only; the first page of products is fetched before the page shows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
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
  const [booking, setBooking] = useState<Product | null>(null);
  const closeBooking = useCallback(() => setBooking(null), []);

  if (products.isPending) return <FullScreenSpinner />;
  if (products.isError) {
    return <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  }
  const { items, total } = products.data;

  return (
    <section className="py-10">
      <h1 className="text-3xl font-bold">{category}</h1>
      <p className="mt-1 mb-6 text-lg" aria-live="polite">
        Total Products ({total})
      </p>
      {items.length === 0 ? (
        <EmptyState>No phones in this category right now.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((product, index) => (
            <ProductCard
              key={product._id}
              product={product}
              eager={index < EAGER_CARDS}
              wishlistControl={<WishlistHeart productId={product._id} />}
              onBook={() => setBooking(product)}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={PAGE_SIZE_DEFAULT} />
      {booking && me.data && (
        <BookingModal
          key={booking._id}
          product={booking}
          buyer={{ name: me.data.name, email: me.data.email, phone: me.data.phone }}
          onClose={closeBooking}
        />
      )}
    </section>
  );
}
