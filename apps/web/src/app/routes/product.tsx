import { useState, type ReactNode } from 'react';
import {
  Link,
  data,
  useLoaderData,
  useLocation,
  useNavigate,
  type LoaderFunctionArgs,
} from 'react-router';
import type { ListingPage, User } from '@market/shared';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { useEndedSession, useMe } from '../../lib/session.ts';
import { listingQueryOptions, useListing } from '../../features/catalog/api/get-listing.ts';
import { ListingHead } from '../../features/catalog/components/listing-head.tsx';
import { ListingView } from '../../features/catalog/components/listing-view.tsx';
import { BookButton } from '../../features/bookings/components/book-button.tsx';
import { BookingModal } from '../../features/bookings/components/booking-modal.tsx';
import { useMarks } from '../../features/marks/api/get-marks.ts';
import {
  SignedOutHeart,
  WishlistHeart,
} from '../../features/wishlist/components/wishlist-heart.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';

/** Public: anyone may read a listing, so that links to it can be shared. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const id = params.productId ?? '';
  try {
    await queryClient.ensureQueryData(listingQueryOptions(id));
  } catch (err) {
    // A deleted listing's address is not found, with the site's 404 page and status.
    if (err instanceof ApiError && err.status === 404) throw data(err.message, { status: 404 });
    throw err;
  }
  return { id };
}

interface Controls {
  actions?: ReactNode;
  wishlistControl?: ReactNode;
}

/**
 * What the viewer can do: a buyer books and saves; someone signed out is led to log in; the
 * listing's seller edits it; other sellers and admins only read.
 */
function controlsFor(
  listing: ListingPage,
  viewer: User | null,
  buyer: {
    saved: string | undefined;
    booked: boolean;
    reservedForYou: boolean;
    ready: boolean;
    book: () => void;
  },
  logIn: () => void,
): Controls {
  if (!viewer) {
    return {
      wishlistControl: <SignedOutHeart onLogIn={logIn} />,
      actions: <BookButton booked={false} status={listing.status} ready onBook={logIn} />,
    };
  }
  if (viewer.role === 'buyer') {
    return {
      wishlistControl: (
        <WishlistHeart productId={listing._id} itemId={buyer.saved} ready={buyer.ready} />
      ),
      actions: (
        <BookButton
          booked={buyer.booked}
          reservedForYou={buyer.reservedForYou}
          status={listing.status}
          ready={buyer.ready}
          onBook={buyer.book}
        />
      ),
    };
  }
  if (listing.userEmail.toLowerCase() === viewer.email.toLowerCase()) {
    return {
      actions: (
        <>
          <Link to={paths.dashboard.editProduct(listing._id)} className="btn btn-primary">
            Edit listing
          </Link>
          <Link to={paths.dashboard.myProducts} className="link link-primary">
            Manage in My Products
          </Link>
        </>
      ),
    };
  }
  return {};
}

export function Component() {
  const { id } = useLoaderData<typeof loader>();
  const listing = useListing(id);
  const me = useMe();
  // A session that ends while the booking form is open keeps the form, and what was typed in it.
  const ended = useEndedSession();
  const viewer = me.data ?? ended ?? null;
  const isBuyer = viewer?.role === 'buyer';
  const marks = useMarks([id], { enabled: isBuyer });
  const [booking, setBooking] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const logIn = () => void navigate(logInPath(`${location.pathname}${location.search}`));

  if (listing.isPending) return <FullScreenSpinner />;
  if (listing.isError) {
    return <ErrorState error={listing.error} onRetry={() => void listing.refetch()} />;
  }
  const product = listing.data;
  const buyer = {
    saved: marks.data?.savedEntries.get(id),
    booked: marks.data?.booked.has(id) ?? false,
    reservedForYou: marks.data?.reserved.has(id) ?? false,
    ready: !marks.isPending,
    book: () => setBooking(true),
  };

  return (
    <>
      <ListingHead listing={product} />
      <ListingView listing={product} {...controlsFor(product, viewer, buyer, logIn)} />
      {booking && isBuyer && (
        <BookingModal
          product={product}
          buyer={{ name: viewer.name, email: viewer.email, phone: viewer.phone }}
          onClose={() => setBooking(false)}
        />
      )}
    </>
  );
}
