import { useTranslation } from 'react-i18next';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Product, User } from '@market/shared';
import { logInPath, paths } from '../config/paths.ts';
import { useEndedSession, useMe } from '../lib/session.ts';
import { ProductCard } from '../features/catalog/components/product-card.tsx';
import { useMarks, type ProductMarks } from '../features/marks/api/get-marks.ts';
import { CompactResult } from '../features/search/components/compact-result.tsx';
import type { ResultsView } from '../features/search/components/view-toggle.tsx';
import { viewerControls } from './viewer-controls.tsx';

/** The grid of cards a page of results is laid out in. */
export const RESULTS_GRID = 'grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** The cards of the first row on a wide screen, whose images are in view on any screen. */
const EAGER_CARDS = 4;

/**
 * The booking form and its form library load when a buyer first books, not with the list: they
 * would add to the work a phone does before the page answers.
 */
const BookingModal = lazy(() =>
  import('../features/bookings/components/booking-modal.tsx').then((m) => ({
    default: m.BookingModal,
  })),
);

interface ListProps {
  items: Product[];
  view: ResultsView;
  listLabel: string;
  gridLabel?: string;
  gridClassName: string;
}

/**
 * A page of phones, as category and search pages show them: cards, or on a phone the compact
 * list when the visitor chose it, each offering what this viewer may do (a buyer books here, in
 * the booking form over the page).
 */
export function ProductResults(props: ListProps) {
  const me = useMe();
  // A session that ends while the booking form is open keeps the form, and what was typed in it.
  const ended = useEndedSession();
  const viewer = me.data ?? ended ?? null;
  const isBuyer = viewer?.role === 'buyer';
  const marks = useMarks(
    props.items.map((p) => p._id),
    { enabled: isBuyer },
  );
  const [booking, setBooking] = useState<Product | null>(null);
  const closeBooking = useCallback(() => setBooking(null), []);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const logIn = useCallback(
    () => void navigate(logInPath(`${pathname}${search}`)),
    [navigate, pathname, search],
  );
  // When the viewer's marks arrive (or who is signed in is known), the cards are drawn again in
  // the background, yielding between cards, rather than in one long task that holds up a phone.
  const shownViewer = useDeferredValue(viewer);
  const shownMarks = useDeferredValue(marks.data);
  const marksReady = useDeferredValue(!marks.isPending);

  return (
    <>
      <Listing
        {...props}
        viewer={shownViewer}
        marks={shownMarks}
        marksReady={marksReady}
        onBook={setBooking}
        logIn={logIn}
      />
      {booking && isBuyer && (
        <Suspense>
          <BookingModal
            key={booking._id}
            product={booking}
            buyer={{ name: viewer.name, email: viewer.email, phone: viewer.phone }}
            onClose={closeBooking}
          />
        </Suspense>
      )}
    </>
  );
}

const Listing = memo(function Listing({
  items,
  view,
  listLabel,
  gridLabel,
  gridClassName,
  viewer,
  marks,
  marksReady,
  onBook,
  logIn,
}: ListProps & {
  viewer: User | null;
  marks: ProductMarks | undefined;
  marksReady: boolean;
  onBook: (product: Product) => void;
  logIn: () => void;
}) {
  const { t } = useTranslation();
  const controls = (product: Product) =>
    viewerControls({
      product,
      viewer,
      marks,
      marksReady,
      onBook: () => onBook(product),
      logIn,
      ownListing: (
        <p className="flex w-full flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-semibold">{t('listing.yours')}</span>
          <Link to={paths.dashboard.myProducts} className="link link-primary">
            {t('listing.manageInMyProducts')}
          </Link>
        </p>
      ),
    });
  return (
    <>
      {view === 'list' && (
        <ul aria-label={listLabel} className="md:hidden">
          {items.map((product, index) => (
            <CompactResult
              key={product._id}
              product={product}
              eager={index < EAGER_CARDS}
              wishlistControl={controls(product).wishlistControl}
            />
          ))}
        </ul>
      )}
      <ul
        aria-label={gridLabel}
        className={`${view === 'list' ? 'hidden md:grid' : 'grid'} ${gridClassName}`}
      >
        {items.map((product, index) => (
          <ProductCard
            key={product._id}
            product={product}
            eager={index < EAGER_CARDS}
            {...controls(product)}
          />
        ))}
      </ul>
    </>
  );
});
