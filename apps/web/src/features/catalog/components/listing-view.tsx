import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES, isCarrierLocked, type ListingPage } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { FairPriceLine } from './fair-price-line.tsx';
import { pageDetails } from './phone-details.tsx';
import { ListingGallery } from './listing-gallery.tsx';
import { PriceDrop, StatusBadge, VerifiedBadge } from './listing-badges.tsx';
import { SellerRatingLine } from './seller-rating-line.tsx';

/** The saving against the price new, in whole percent. */
function savingPercent(original: number, resell: number): number {
  return original > 0 ? Math.round(((original - resell) / original) * 100) : 0;
}

/** The phone's details, as a table of terms. */
function PhoneDetails({ listing }: { listing: ListingPage }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {pageDetails(listing, { t, format }).map(({ term, value }) => (
        <div key={term} className="contents">
          <dt className="text-base-content/80">{term}</dt>
          <dd className="min-w-0 font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A listing's page: photos, prices, details, the seller and the description. What the viewer
 * can do (book, save, edit) belongs to other features and depends on who looks, so the route
 * passes it in: `actions` under the price, `wishlistControl` beside the name.
 */
export function ListingView({
  listing,
  actions,
  wishlistControl,
}: {
  listing: ListingPage;
  actions?: ReactNode;
  wishlistControl?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const saving = savingPercent(listing.originalPrice, listing.resellPrice);
  return (
    <article className="grid gap-8 py-8 lg:grid-cols-2">
      <ListingGallery photos={listing.photos} name={listing.name} />
      <div className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={listing.status} />
            <span className="badge badge-outline">{listing.Category}</span>
            {listing.imeiGiven && (
              <span className="badge badge-outline">{t('listing.imeiGiven')}</span>
            )}
          </div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="min-w-0 text-3xl font-bold wrap-anywhere">{listing.name}</h1>
            {listing.status !== 'sold' && wishlistControl}
          </div>
        </header>

        <section aria-label={t('listing.price')} className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-3xl font-bold text-primary">
              <span className="sr-only">{t('listing.resellPriceSr')} </span>
              {format.price(listing.resellPrice)}
            </span>
            <s className="text-lg text-base-content/70">
              <span className="sr-only">{t('listing.originalPriceSr')} </span>
              {format.price(listing.originalPrice)}
            </s>
            {saving > 0 && (
              <span className="badge badge-success">
                {t('listing.save', { percent: format.number(saving) })}
              </span>
            )}
          </p>
          <PriceDrop previous={listing.previousResellPrice} />
          <FairPriceLine
            fairPrice={listing.fairPrice}
            locked={isCarrierLocked(listing.networkLock) === true}
          />
        </section>

        {listing.status === 'sold' ? (
          <p role="status" className="alert alert-info">
            {t('listing.sold')}
          </p>
        ) : (
          actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>
        )}

        <section aria-labelledby="seller-heading" className="rounded-box bg-base-200 p-4">
          <h2 id="seller-heading" className="mb-2 text-lg font-semibold">
            {t('listing.seller')}
          </h2>
          <p className="flex items-baseline gap-1 font-medium">
            <span className="min-w-0 wrap-anywhere">{listing.seller.name || MESSAGES.noName}</span>
            {listing.seller.verified && <VerifiedBadge />}
          </p>
          <p className="my-1 text-sm">
            <SellerRatingLine rating={listing.sellerRating} />
          </p>
          <p className="text-sm text-base-content/80">
            {t('listing.memberSince', {
              since: listing.seller.memberSince,
              count: listing.seller.listingCount,
              listings: format.count(listing.seller.listingCount),
            })}
          </p>
          <Link
            to={paths.seller(listing.sellerId)}
            className="link link-primary inline-flex min-h-11 items-center text-sm"
          >
            {t('listing.sellerProfile')}
          </Link>
        </section>

        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="mb-3 text-lg font-semibold">
            {t('listing.details')}
          </h2>
          <PhoneDetails listing={listing} />
        </section>
      </div>

      <section aria-labelledby="description-heading" className="lg:col-span-2">
        <h2 id="description-heading" className="mb-2 text-lg font-semibold">
          {t('listing.description')}
        </h2>
        {listing.description ? (
          <p className="whitespace-pre-line wrap-anywhere">{listing.description}</p>
        ) : (
          <p className="text-base-content/80">{t('listing.noDescription')}</p>
        )}
      </section>
    </article>
  );
}
