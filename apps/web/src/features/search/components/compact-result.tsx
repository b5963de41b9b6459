import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatStorage, imageVariantUrl, isCarrierLocked, type Product } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { DistanceAway } from '../../../components/ui/distance-away.tsx';

/**
 * One result as a row of about 120 px, for phones: the photo, the name (to the listing's page),
 * the price, storage, battery and condition, and a lock the seller states.
 */
export function CompactResult({
  product,
  wishlistControl,
  eager = false,
}: {
  product: Product;
  wishlistControl?: ReactNode;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const page = paths.product(product._id);
  return (
    <li className="relative flex min-h-[120px] items-center gap-3 border-b border-base-300 py-2">
      <Link to={page} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={imageVariantUrl(product.imgURL, 320) ?? product.imgURL}
          alt=""
          width={96}
          height={96}
          loading={eager ? 'eager' : 'lazy'}
          className="size-24 rounded-box bg-base-200 object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/*
          Two lines at most, so that every row keeps its height (the link's name stays whole);
          the link covers the whole row, a target the size of a finger.
        */}
        <h2 className="font-semibold">
          <Link
            to={page}
            className="link-hover line-clamp-2 wrap-anywhere after:absolute after:inset-0"
          >
            {product.name}
          </Link>
        </h2>
        <p className="font-bold text-primary">{format.price(product.resellPrice)}</p>
        <p className="flex flex-wrap gap-x-2 text-sm text-base-content/80">
          {product.storageGb !== null && <span>{formatStorage(product.storageGb)}</span>}
          {product.batteryHealth !== null && (
            <span>
              {t('listing.batteryPercent', { percent: format.number(product.batteryHealth) })}
            </span>
          )}
          <span className="capitalize">{t(`listing.condition.${product.condition}`)}</span>
          {isCarrierLocked(product.networkLock) === true && (
            <span>{t('listing.carrierLocked')}</span>
          )}
          {product.activationLockOff === false && <span>{t('listing.stillSignedIn')}</span>}
        </p>
        <DistanceAway lat={product.placeLat} lon={product.placeLon} />
      </div>
      {wishlistControl && <div className="relative z-10 shrink-0">{wishlistControl}</div>}
    </li>
  );
}
