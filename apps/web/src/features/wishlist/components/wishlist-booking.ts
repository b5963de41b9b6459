import type { WishlistItem } from '@market/shared';
import type { BookableProduct } from '../../bookings/components/booking-modal.tsx';

/**
 * The product a wishlist entry stands for, as the booking modal shows it. The entry's price is
 * the original price (as the spec sends it); the order will carry the resell price.
 */
export function bookableProduct(item: WishlistItem): BookableProduct {
  return {
    _id: item.productId,
    name: item.productName,
    imgURL: item.imgURL,
    resellPrice: item.resellPrice,
  };
}
