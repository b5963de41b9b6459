import { Trans, useTranslation } from 'react-i18next';
import { lazy, Suspense, useState } from 'react';
import {
  Link,
  data,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { isId } from '@market/shared';
import { logInPath, paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { isStandIn, useEndedSession, useMe } from '../../lib/session.ts';
import { listingQueryOptions, useListing } from '../../features/catalog/api/get-listing.ts';
import { similarListingsQueryOptions } from '../../features/catalog/api/get-similar-listings.ts';
import { ListingHead } from '../../features/catalog/components/listing-head.tsx';
import { ListingView } from '../../features/catalog/components/listing-view.tsx';
import { MarkSoldButton } from '../../features/bookings/components/mark-sold-button.tsx';
import { MakeOfferButton } from '../../features/offers/components/make-offer-button.tsx';
import { OfferRulesButton } from '../../features/offers/components/offer-rules-button.tsx';
import { useMarks } from '../../features/marks/api/get-marks.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { viewerControls } from '../viewer-controls.tsx';
import { ReportButton } from '../../features/moderation/components/report-button.tsx';
import { ModerationNotice } from '../../features/moderation/components/moderation-notice.tsx';
import { NotFoundContent } from '../../components/layout/not-found-content.tsx';
import { ListingGone } from '../listing-gone.tsx';
import { PhoneHistorySection } from '../../features/inspection/components/phone-history.tsx';
import { RouteErrorContent } from './error-page.tsx';
import { DistanceOriginProvider } from '../../components/ui/distance-away.tsx';
import { useDistanceOrigin } from '../../features/places/api/use-distance-origin.ts';

// The booking form (and the schemas it checks with) loads when a buyer asks for it.
const BookingModal = lazy(() =>
  import('../../features/bookings/components/booking-modal.tsx').then((m) => ({
    default: m.BookingModal,
  })),
);

/** Public: anyone may read a listing, so that links to it can be shared. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const id = params.productId ?? '';
  try {
    await queryClient.ensureQueryData(listingQueryOptions(id));
  } catch (err) {
    // A deleted or hidden listing's address is not found (status 404); its page offers phones
    // like it, fetched here so that they are drawn with it.
    if (err instanceof ApiError && err.status === 404) {
      if (isId(id)) await queryClient.prefetchQuery(similarListingsQueryOptions(id));
      throw data(err.reason ?? err.message, { status: 404 });
    }
    throw err;
  }
  return { id };
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useLoaderData<typeof loader>();
  const listing = useListing(id);
  const me = useMe();
  // The buyer's saved area: the listing's distance from it is shown.
  const origin = useDistanceOrigin({}, !!me.data);
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
  const { wishlistControl, action } = viewerControls({
    product,
    viewer,
    marks: marks.data,
    marksReady: !marks.isPending,
    onBook: () => setBooking(true),
    logIn,
    ownListing: (
      <>
        <Link to={paths.dashboard.editProduct(product._id)} className="btn btn-primary">
          {t('listing.edit')}
        </Link>
        <MarkSoldButton product={product} />
        {product.status === 'available' && <OfferRulesButton listing={product} />}
        <Link to={paths.dashboard.myProducts} className="link link-primary">
          {t('listing.manageInMyProducts')}
        </Link>
      </>
    ),
    sellerNote: (
      <p role="note" className="rounded-box border border-info/40 bg-info/10 p-3 text-sm">
        <Trans
          i18nKey="listing.sellerNote"
          components={{
            profile: <Link to={paths.dashboard.profile} className="link link-primary" />,
          }}
        />
      </p>
    ),
  });

  const own = viewer !== null && viewer._id === product.sellerId;
  // A buyer haggles over an available listing they have not booked yet.
  const offerable =
    isBuyer &&
    !isStandIn(viewer) &&
    product.status === 'available' &&
    !product.moderation &&
    !marks.data?.booked.has(product._id);
  // Anyone but its seller and admins may report it (once the page knows who looks); someone
  // signed out logs in first.
  const report =
    !own && viewer?.role !== 'admin' && !(viewer && isStandIn(viewer)) ? (
      <ReportButton
        targetType="listing"
        targetId={product._id}
        targetName={product.name}
        {...(viewer ? {} : { onLogIn: logIn })}
      />
    ) : null;

  return (
    <>
      <ListingHead listing={product} />
      {product.moderation && (own || viewer?.role === 'admin') && (
        <ModerationNotice
          productId={product._id}
          state={product.moderation.state}
          reason={product.moderation.reason}
          viewer={own ? 'seller' : 'admin'}
        />
      )}
      <DistanceOriginProvider origin={origin}>
        <ListingView
          listing={product}
          wishlistControl={wishlistControl}
          actions={
            report || offerable ? (
              <>
                {action}
                {offerable && <MakeOfferButton listing={product} ready={!marks.isPending} />}
                {report}
              </>
            ) : (
              action
            )
          }
        />
      </DistanceOriginProvider>
      {/* A held or hidden listing (shown only to its seller and admins) has no public history. */}
      {!product.moderation && (
        <PhoneHistorySection productId={product._id} imeiGiven={product.imeiGiven} />
      )}
      {booking && isBuyer && (
        <Suspense fallback={null}>
          <BookingModal
            product={product}
            buyer={{ name: viewer.name, email: viewer.email, phone: viewer.phone }}
            onClose={() => setBooking(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A listing that is no longer available keeps the site's header and footer: the page says so and
 * offers phones like it. An address that cannot name a listing gets the 404 page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { productId = '' } = useParams();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return isId(productId) ? <ListingGone id={productId} /> : <NotFoundContent />;
  }
  return <RouteErrorContent />;
}
