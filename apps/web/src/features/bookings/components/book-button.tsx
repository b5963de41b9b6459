import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@market/shared';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** A fact in place of the button: said plainly, not in the faint grey of an unavailable one. */
function Fact({ label, tone }: { label: string; tone: 'mine' | 'other' }) {
  return (
    <button
      type="button"
      className={`btn btn-block disabled:text-base-content ${
        tone === 'mine' ? 'disabled:bg-success/15' : 'disabled:bg-base-300'
      }`}
      disabled
    >
      {tone === 'mine' && <LineIcon d="M5 12.5l4.5 4.5L19 7.5" size={18} strokeWidth={2.5} />}
      {label}
    </button>
  );
}

/**
 * A card's booking action: 'Booked Now' opens the booking (or, for someone signed out, leads
 * to log in). A listing the buyer has an open request for says 'Requested', or 'Reserved for
 * you' once the seller accepted; one reserved for someone else says 'Reserved', a sold one
 * 'Sold'. None of those can be pressed. It waits for the app's script and, for a buyer, for
 * their marks (`ready`), so an early tap is never lost and a requested listing is never offered
 * again.
 */
export function BookButton({
  booked,
  reservedForYou = false,
  status = 'available',
  ready,
  onBook,
}: {
  /** The buyer has an open request for it. */
  booked: boolean;
  reservedForYou?: boolean;
  status?: ProductStatus;
  ready: boolean;
  onBook: () => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (reservedForYou) return <Fact label={t('booking.reservedForYou')} tone="mine" />;
  if (booked) return <Fact label={t('booking.requested')} tone="mine" />;
  if (status === 'sold') return <Fact label={t('listing.status.sold')} tone="other" />;
  if (status === 'reserved') return <Fact label={t('listing.status.reserved')} tone="other" />;
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={!hydrated || !ready}
      onClick={onBook}
    >
      {t('booking.book')}
    </button>
  );
}
