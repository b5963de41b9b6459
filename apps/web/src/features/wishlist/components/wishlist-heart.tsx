import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { MESSAGES } from '@market/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { saveToWishlist } from '../api/add-to-wishlist.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * The card's heart: filled the moment it is clicked, then saved. A failed save is logged and the
 * heart empties again, except when the product is already on the list.
 */
export function WishlistHeart({ productId }: { productId: string }) {
  const hydrated = useHydrated();
  const [filled, setFilled] = useState(false);
  const queryClient = useQueryClient();

  const onClick = async () => {
    if (filled) return;
    setFilled(true);
    try {
      const result = await saveToWishlist(queryClient, { productId });
      if (result.acknowledged) toast.success(MESSAGES.wishlistAdded);
    } catch (err) {
      console.error(err);
      if (!(err instanceof ApiError && err.status === 409)) setFilled(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-circle btn-ghost btn-sm text-secondary"
      aria-label="Add to wishlist"
      aria-pressed={filled}
      disabled={!hydrated}
      onClick={() => void onClick()}
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
