import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { type ProductStatus } from '@market/shared';

export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex shrink-0 text-info" title={t('listing.verifiedSeller')}>
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
      <span className="sr-only">{t('listing.verifiedSeller')}</span>
    </span>
  );
}

const STATUS_STYLES: Record<ProductStatus, string> = {
  available: 'badge-success',
  reserved: 'badge-warning',
  sold: 'badge-neutral',
};

/** Where the listing stands in its sale. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${STATUS_STYLES[status]}`}>{t(`listing.status.${status}`)}</span>;
}

/** The resell price before its last drop, while the drop stands. */
export function PriceDrop({ previous }: { previous: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (previous === null) return null;
  return (
    <span className="badge badge-soft badge-success whitespace-nowrap">
      {t('listing.priceDrop', { price: format.price(previous) })}
    </span>
  );
}
