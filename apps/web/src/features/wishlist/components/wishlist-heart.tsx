import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAddToWishlist } from '../api/add-to-wishlist.ts';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';

function HeartButton({
  productName,
  filled,
  disabled,
  onClick,
}: {
  productName: string;
  filled: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-circle btn-ghost btn-sm text-secondary"
      // The name says which phone and what a tap does: "Save iPhone 13 to wishlist", or
      // "Saved: iPhone 13" once it is on the wishlist (a screen reader hears the state in it).
      aria-label={
        filled
          ? t('wishlist.saved', { name: productName })
          : t('wishlist.save', { name: productName })
      }
      title={filled ? t('wishlist.onWishlist') : t('wishlist.add')}
      disabled={disabled}
      onClick={onClick}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.5 4.5 7.1 4.5c2 0 3.5 1.1 4.9 2.9 1.4-1.8 2.9-2.9 4.9-2.9 3.6 0 5.6 3.7 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/**
 * A buyer's heart on a card: filled when the product is on their wishlist (`itemId`, the entry,
 * from the page's marks), and a click saves or removes it. The click shows at once; a failed
 * write says why and the heart goes back. It waits for the app's script and for the marks
 * (`ready`), so it never shows an empty heart for a saved product as if it were the truth.
 */
export function WishlistHeart({
  productId,
  productName,
  itemId,
  ready,
}: {
  productId: string;
  productName: string;
  itemId: string | undefined;
  ready: boolean;
}) {
  const hydrated = useHydrated();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const saved = itemId !== undefined;
  // What the last click asked for, shown until the marks say the same.
  const [wanted, setWanted] = useState<boolean | null>(null);
  if (wanted !== null && wanted === saved) setWanted(null);

  const toggle = async () => {
    setWanted(!saved);
    try {
      if (itemId === undefined) {
        const result = await add.mutateAsync({ productId });
        if (result.acknowledged) toast.success(MESSAGES.wishlistAdded);
      } else {
        await remove.mutateAsync(itemId);
        toast.success(MESSAGES.wishlistRemoved);
      }
    } catch (err) {
      setWanted(null);
      notifyError(saved ? 'Removing from the wishlist' : 'Adding to the wishlist', err);
    }
  };

  return (
    <HeartButton
      productName={productName}
      filled={wanted ?? saved}
      disabled={!hydrated || !ready || add.isPending || remove.isPending}
      onClick={() => void toggle()}
    />
  );
}

/** The heart for someone signed out: saving needs an account, so it leads to log in. */
export function SignedOutHeart({
  productName,
  onLogIn,
}: {
  productName: string;
  onLogIn: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <HeartButton productName={productName} filled={false} disabled={!hydrated} onClick={onLogIn} />
  );
}
