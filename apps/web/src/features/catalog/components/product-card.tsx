import type { ReactNode } from 'react';
import { MESSAGES, formatPrice, yearsOfUse, type Product } from '@market/shared';

function VerifiedBadge() {
  return (
    <span className="inline-flex shrink-0 text-info" title="Verified seller">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 2l2.4 1.8 3 .1.9 2.9 2.4 1.8-.9 2.9.9 2.9-2.4 1.8-.9 2.9-3 .1L12 22l-2.4-1.8-3-.1-.9-2.9-2.4-1.8.9-2.9-.9-2.9 2.4-1.8.9-2.9 3-.1z"
          fill="currentColor"
        />
        <path
          d="M8 12.5l2.5 2.5L16 9.5"
          fill="none"
          stroke="white"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">Verified seller</span>
    </span>
  );
}

/**
 * One listing. The wishlist control and the booking action belong to other features, and
 * depend on who looks (a buyer, a seller, someone signed out), so the page that composes them
 * passes them in; a card without them shows none.
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
  return (
    // Cards far below the fold are laid out and painted only as they near the screen
    // (content-visibility), in a space of about their height until then.
    <li className="card border border-base-300 bg-base-100 shadow-sm [contain-intrinsic-size:auto_640px] [content-visibility:auto]">
      <figure className="bg-base-200">
        <img
          src={product.imgURL}
          alt={product.name}
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-square w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="card-title text-lg">{product.name}</h2>
          {wishlistControl}
        </div>
        <p className="flex grow-0 items-baseline gap-1 text-sm">
          <span className="shrink-0 text-base-content/80">Seller:</span>
          <span className="min-w-0 font-medium">{product.userName || MESSAGES.noName}</span>
          {product.sellerVerified && <VerifiedBadge />}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/80">Years of use</dt>
          <dd>{yearsOfUse(product.yearOfUse)}+</dd>
          <dt className="text-base-content/80">Condition</dt>
          <dd className="capitalize">{product.condition}</dd>
          <dt className="text-base-content/80">Location</dt>
          <dd>{product.location}</dd>
          <dt className="text-base-content/80">Posted</dt>
          <dd>{product.postedDate}</dd>
        </dl>
        <p className="grow-0 text-sm text-base-content/80">
          <s>Original Price: {formatPrice(product.originalPrice)}</s>
        </p>
        <p className="grow-0 text-lg font-bold text-primary">
          Resell Price: {formatPrice(product.resellPrice)}
        </p>
        {action && <div className="card-actions mt-auto pt-2">{action}</div>}
      </div>
    </li>
  );
}
