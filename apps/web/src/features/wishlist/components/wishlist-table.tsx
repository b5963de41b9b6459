import { useFormat } from '../../../i18n/locale.tsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const format = useFormat();
  const remove = useRemoveFromWishlist();

  const onRemove = (item: WishlistItem) =>
    deleteAfterConfirmation({
      action: 'Removing from the wishlist',
      confirmation: { question: t('myWishlist.removeQuestion', { name: item.productName }) },
      remove: () => remove.mutateAsync(item._id),
      deletedText: MESSAGES.wishlistRemoved,
    });

  return (
    <DataTable
      rows={items}
      rowKey={(item) => item._id}
      columns={[
        {
          header: t('myWishlist.column.image'),
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
          header: t('myWishlist.column.name'),
          rowHeader: true,
          cell: (item) => (
            <Link to={paths.product(item.productId)} className="link font-medium">
              {item.productName}
            </Link>
          ),
        },
        { header: t('myWishlist.column.category'), cell: (item) => item.Category },
        {
          header: t('myWishlist.column.price'),
          // What the phone sells for, and what it cost new (the spec's `price`) struck through.
          cell: (item) => (
            <span className="flex flex-col">
              <span>
                <span className="sr-only">{t('listing.resellPriceSr')} </span>
                <span className="font-semibold text-primary">{format.price(item.resellPrice)}</span>
              </span>
              {item.previousResellPrice !== null && (
                <span className="badge badge-soft badge-success badge-sm my-1 whitespace-nowrap">
                  {t('listing.priceDrop', { price: format.price(item.previousResellPrice) })}
                </span>
              )}
              <span>
                <span className="sr-only">{t('listing.originalPriceSr')} </span>
                <s className="text-sm text-base-content/70">{format.price(item.price)}</s>
              </span>
            </span>
          ),
        },
        { header: t('myWishlist.column.location'), cell: (item) => item.location },
        {
          header: t('myWishlist.column.actions'),
          actions: true,
          cell: (item) => (
            <div className="flex flex-wrap items-center gap-2">
              {item.unavailable ? (
                // Taken down by a moderator: neither bought nor opened, whatever its sale says.
                <span className="badge badge-soft badge-warning whitespace-nowrap">
                  {t('myWishlist.unavailable')}
                </span>
              ) : item.status === 'available' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={t('myWishlist.buyLabel', { name: item.productName })}
                  onClick={() => onBuy(item)}
                >
                  {t('myWishlist.buy')}
                </button>
              ) : (
                // A reserved phone may come back; a sold one will not. Neither can be bought now.
                <span className="badge badge-soft badge-neutral whitespace-nowrap">
                  {item.status === 'sold' ? t('listing.status.sold') : t('listing.status.reserved')}
                </span>
              )}
              <button
                type="button"
                className="btn btn-sm btn-error"
                aria-label={t('myWishlist.removeLabel', { name: item.productName })}
                disabled={remove.isPending && remove.variables === item._id}
                onClick={() => void onRemove(item)}
              >
                {t('myWishlist.remove')}
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
