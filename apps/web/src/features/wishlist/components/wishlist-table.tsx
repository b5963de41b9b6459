import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatPrice, MESSAGES, type WishlistItem } from '@market/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { alertDeleted, confirmDelete } from '../../../lib/confirm.ts';
import { BookingModal, type Buyer } from '../../bookings/components/booking-modal.tsx';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';
import { bookableProduct } from './wishlist-booking.ts';

/** The buyer's wishlist: Buy opens the booking form, Remove asks first. */
export function WishlistTable({ items, buyer }: { items: WishlistItem[]; buyer: Buyer }) {
  const remove = useRemoveFromWishlist();
  const [booking, setBooking] = useState<WishlistItem | null>(null);

  const onRemove = async (item: WishlistItem) => {
    if (!(await confirmDelete())) return;
    try {
      await remove.mutateAsync(item._id);
      await alertDeleted(MESSAGES.wishlistRemoved);
    } catch (err) {
      console.error(err);
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead className="text-base-content/80">
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
            <th scope="col">Location</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id}>
              <td>
                <img
                  src={item.imgURL}
                  alt={item.productName}
                  width={56}
                  height={56}
                  loading="lazy"
                  className="h-14 w-14 rounded-lg bg-base-200 object-contain"
                />
              </td>
              <th scope="row" className="font-semibold">
                {item.productName}
              </th>
              <td>{item.Category}</td>
              <td>{formatPrice(item.price)}</td>
              <td>{item.location}</td>
              <td>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-xs btn-primary"
                    aria-label={`Buy ${item.productName}`}
                    onClick={() => setBooking(item)}
                  >
                    Buy
                  </button>
                  <button
                    type="button"
                    className="btn btn-xs btn-error"
                    aria-label={`Remove ${item.productName}`}
                    disabled={remove.isPending && remove.variables === item._id}
                    onClick={() => void onRemove(item)}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {booking && (
        <BookingModal
          key={booking._id}
          product={bookableProduct(booking)}
          buyer={buyer}
          onClose={() => setBooking(null)}
        />
      )}
    </div>
  );
}
