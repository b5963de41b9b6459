import { Link } from 'react-router';
import type { Product, User } from '@market/shared';
import { paths } from '../config/paths.ts';
import { ProductCard } from '../features/catalog/components/product-card.tsx';
import type { ProductMarks } from '../features/marks/api/get-marks.ts';
import { CompactResult } from '../features/search/components/compact-result.tsx';
import type { ResultsView } from '../features/search/components/view-toggle.tsx';
import { viewerControls } from './viewer-controls.tsx';

/** The cards of the first row on a wide screen, whose images are in view on any screen. */
const EAGER_CARDS = 4;

/**
 * A page of phones, as category and search pages show them: cards, or on a phone the compact
 * list when the visitor chose it, each offering what this viewer may do.
 */
export function ProductResults({
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
}: {
  items: Product[];
  view: ResultsView;
  listLabel: string;
  gridLabel?: string;
  gridClassName: string;
  viewer: User | null;
  marks: ProductMarks | undefined;
  marksReady: boolean;
  onBook: (product: Product) => void;
  logIn: () => void;
}) {
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
          <span className="font-semibold">Your listing</span>
          <Link to={paths.dashboard.myProducts} className="link link-primary">
            Manage in My Products
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
}
