import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGES, imageSrcSet, imageVariantUrl, type Product } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { DistanceAway } from '../../../components/ui/distance-away.tsx';
import { PriceDrop, StatusBadge, VerifiedBadge } from './listing-badges.tsx';
import { useFormat } from '../../../i18n/locale.tsx';
import { cardDetails } from './phone-details.tsx';
import { SellerRatingLine } from './seller-rating-line.tsx';

/** How wide a card's image shows at each screen width (the grid's columns). */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * A card's image: an upload comes in its stored widths only (never the full size), so a phone
 * downloads about what it shows. The demo photos have one small size.
 */
export function CardImage({ url, alt, eager }: { url: string; alt: string; eager: boolean }) {
  return (
    <img
      src={imageVariantUrl(url, 640) ?? url}
      srcSet={imageSrcSet(url, { full: false })}
      sizes={CARD_IMAGE_SIZES}
      alt={alt}
      width={600}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      className="aspect-square w-full object-cover"
    />
  );
}

/**
 * One listing. The wishlist control and the booking action belong to other features, and
 * depend on who looks (a buyer, a seller, someone signed out), so the page that composes them
 * passes them in; a card without them shows none. Its image and title lead to the listing's page.
 */
export function ProductCard({
  product,
  wishlistControl,
  action,
  eager = false,
}: {
  product: Product;
  wishlistControl?: ReactNode;
  /** What the viewer can do with the listing, at the foot of the card. */
  action?: ReactNode;
  /** The card is among the first on the page: its image loads at once. */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const page = paths.product(product._id);
  return (
    // Cards far below the fold are laid out and painted only as they near the screen
    // (content-visibility), in a space of about their height until then.
    <li className="card border border-base-300 bg-base-100 shadow-sm [contain-intrinsic-size:auto_640px] [content-visibility:auto]">
      <figure className="relative bg-base-200">
        {/* The title's link names the page; this one is for the pointer only. */}
        <Link to={page} tabIndex={-1} aria-hidden="true" className="block w-full">
          <CardImage url={product.imgURL} alt={product.name} eager={eager} />
        </Link>
        {product.status !== 'available' && (
          <span className="absolute top-2 left-2">
            <StatusBadge status={product.status} />
          </span>
        )}
      </figure>
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title min-w-0 text-lg wrap-anywhere">
            {/* At least 44 px tall, so that a finger finds it on a phone. */}
            <Link to={page} className="link-hover inline-flex min-h-11 items-center">
              {product.name}
            </Link>
          </h2>
          {wishlistControl}
        </div>
        {/* The seller and their stars, one tap target (44 px at least) to their profile. */}
        <Link
          to={paths.seller(product.sellerId)}
          className="group flex min-h-11 grow-0 flex-col justify-center gap-0.5 text-sm"
        >
          <span className="flex items-baseline gap-1">
            <span className="shrink-0 text-base-content/80">{t('listing.sellerLabel')}</span>
            <span className="min-w-0 font-medium wrap-anywhere group-hover:underline">
              {product.userName || MESSAGES.noName}
            </span>
            {product.sellerVerified && <VerifiedBadge />}
          </span>
          <SellerRatingLine rating={product.sellerRating} />
        </Link>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {cardDetails(product, { t, format }).map(({ term, value, className }) => (
            <Fragment key={term}>
              <dt className="text-base-content/80">{term}</dt>
              <dd className={className}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <DistanceAway lat={product.placeLat} lon={product.placeLon} />
        <p className="grow-0 text-sm text-base-content/80">
          <s>
            {t('listing.originalPrice')} {format.price(product.originalPrice)}
          </s>
        </p>
        <p className="flex grow-0 flex-wrap items-center gap-x-2 gap-y-1 text-lg font-bold text-primary">
          {t('listing.resellPrice')} {format.price(product.resellPrice)}
          <PriceDrop previous={product.previousResellPrice} />
        </p>
        {action && <div className="card-actions mt-auto pt-2">{action}</div>}
      </div>
    </li>
  );
}
