import { formatPrice, MESSAGES, type WishlistItem } from '@market/shared';
import { deleteAfterConfirmation } from '../../../lib/confirm.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';

/** The buyer's wishlist: Buy hands the entry to `onBuy`, Remove asks first. */
export function WishlistTable({
  items,
  onBuy,
}: {
  items: WishlistItem[];
  onBuy: (item: WishlistItem) => void;
}) {
  const remove = useRemoveFromWishlist();

  const onRemove = (item: WishlistItem) =>
    deleteAfterConfirmation({
      action: 'Removing from the wishlist',
      confirmation: { question: `Remove "${item.productName}" from your wishlist?` },
      remove: () => remove.mutateAsync(item._id),
      deletedText: MESSAGES.wishlistRemoved,
    });

  return (
    <DataTable
      rows={items}
      rowKey={(item) => item._id}
      columns={[
        {
          header: 'Image',
          media: true,
          cell: (item) => (
            <img
              src={item.imgURL}
              alt={item.productName}
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 rounded-lg bg-base-200 object-contain"
            />
          ),
        },
        { header: 'Name', rowHeader: true, cell: (item) => item.productName },
        { header: 'Category', cell: (item) => item.Category },
        {
          header: 'Price',
          // What the phone sells for, and what it cost new (the spec's `price`) struck through.
          cell: (item) => (
            <span className="flex flex-col">
              <span>
                <span className="sr-only">Resell price </span>
                <span className="font-semibold text-primary">{formatPrice(item.resellPrice)}</span>
              </span>
              <span>
                <span className="sr-only">Original price </span>
                <s className="text-sm text-base-content/70">{formatPrice(item.price)}</s>
              </span>
            </span>
          ),
        },
        { header: 'Location', cell: (item) => item.location },
        {
          header: 'Actions',
          actions: true,
          cell: (item) => (
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                aria-label={`Buy ${item.productName}`}
                onClick={() => onBuy(item)}
              >
                Buy
              </button>
              <button
                type="button"
                className="btn btn-sm btn-error"
                aria-label={`Remove ${item.productName}`}
                disabled={remove.isPending && remove.variables === item._id}
                onClick={() => void onRemove(item)}
              >
                Remove
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
