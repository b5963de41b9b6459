import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useBecomeSeller } from '../api/become-seller.ts';

const BECAME_SELLER =
  'Your account is now a seller account. An admin will verify it; until then your listings show as not verified.';

/**
 * A buyer becomes a seller after one confirmation that says what changes. `onBecameSeller` runs
 * once the account is a seller's (for example to open the page the buyer was sent away from).
 */
export function BecomeSellerButton({
  onBecameSeller,
  className = 'btn btn-secondary btn-sm',
}: {
  onBecameSeller?: () => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  const become = useBecomeSeller();

  const onClick = async () => {
    const confirmed = await confirmAction({
      title: 'Become a seller?',
      lines: [
        'Your account becomes a seller account: you can list phones, advertise them and see who booked them.',
        'Booking, the wishlist and “Ask the seller” are for buyers. While you have open requests or accepted deals in My Orders, finish or cancel them first.',
        'You can go back to buying later, from My Profile, once none of your listings is left unsold.',
        'A new seller is not verified until an admin verifies them.',
      ],
      confirmButton: 'Yes, become a seller',
    });
    if (!confirmed) return;
    try {
      await become.mutateAsync();
    } catch (err) {
      notifyError('Becoming a seller', err);
      return;
    }
    toast.success(BECAME_SELLER);
    onBecameSeller?.();
  };

  return (
    <button
      type="button"
      className={className}
      disabled={!hydrated || become.isPending}
      onClick={() => void onClick()}
    >
      Become a seller
    </button>
  );
}
