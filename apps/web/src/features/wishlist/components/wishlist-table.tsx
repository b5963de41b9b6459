import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { imageVariantUrl, MESSAGES, type WishlistItem } from '@market/shared';
import { paths } from '../../../config/paths.ts';
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
  const format = useFormat();
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
          // The photo opens the listing too; the name's link is the one in the tab order.
          cell: (item) => (
            <Link to={paths.product(item.productId)} tabIndex={-1}>
              <img
                // A stored width of an upload, never the full size, for a 56 px picture.
                src={imageVariantUrl(item.imgURL, 320) ?? item.imgURL}
                alt={item.productName}
                width={56}
                height={56}
                loading="lazy"
                className="h-14 w-14 rounded-lg bg-base-200 object-contain"
              />
            </Link>
          ),
        },
        {
          header: 'Name',
          rowHeader: true,
          cell: (item) => (
            <Link to={paths.product(item.productId)} className="link font-medium">
              {item.productName}
            </Link>
          ),
        },
        { header: 'Category', cell: (item) => item.Category },
        {
          header: 'Price',
          // What the phone sells for, and what it cost new (the spec's `price`) struck through.
          cell: (item) => (
            <span className="flex flex-col">
              <span>
                <span className="sr-only">Resell price </span>
                <span className="font-semibold text-primary">{format.price(item.resellPrice)}</span>
              </span>
              {item.previousResellPrice !== null && (
                <span className="badge badge-soft badge-success badge-sm my-1 whitespace-nowrap">
                  {`Price drop: was ${format.price(item.previousResellPrice)}`}
                </span>
              )}
              <span>
                <span className="sr-only">Original price </span>
                <s className="text-sm text-base-content/70">{format.price(item.price)}</s>
              </span>
            </span>
          ),
        },
        { header: 'Location', cell: (item) => item.location },
        {
          header: 'Actions',
          actions: true,
          cell: (item) => (
            <div className="flex flex-wrap items-center gap-2">
              {item.unavailable ? (
                // Taken down by a moderator: neither bought nor opened, whatever its sale says.
                <span className="badge badge-soft badge-warning whitespace-nowrap">
                  Unavailable
                </span>
              ) : item.status === 'available' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={`Buy ${item.productName}`}
                  onClick={() => onBuy(item)}
                >
                  Buy
                </button>
              ) : (
                // A reserved phone may come back; a sold one will not. Neither can be bought now.
                <span className="badge badge-soft badge-neutral whitespace-nowrap">
                  {item.status === 'sold' ? 'Sold' : 'Reserved'}
                </span>
              )}
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
