import { formatPrice, type ProductStatus } from '@market/shared';

export function VerifiedBadge() {
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

const STATUS_LABELS: Record<ProductStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
};
const STATUS_STYLES: Record<ProductStatus, string> = {
  available: 'badge-success',
  reserved: 'badge-warning',
  sold: 'badge-neutral',
};

/** Where the listing stands in its sale. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`badge ${STATUS_STYLES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The resell price before its last drop, while the drop stands. */
export function PriceDrop({ previous }: { previous: number | null }) {
  if (previous === null) return null;
  return (
    <span className="badge badge-soft badge-success whitespace-nowrap">
      {`Price drop: was ${formatPrice(previous)}`}
    </span>
  );
}
