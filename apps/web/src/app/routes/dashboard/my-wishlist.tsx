import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { WishlistItem } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { LIST_PAGE_SIZE } from '../../../lib/paging.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import {
  BookingModal,
  type BookableProduct,
} from '../../../features/bookings/components/booking-modal.tsx';
import { useWishlist } from '../../../features/wishlist/api/get-wishlist.ts';
import { WishlistTable } from '../../../features/wishlist/components/wishlist-table.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/**
 * The product a wishlist entry stands for, as the booking modal shows it. The entry's price is
 * the original price (as the spec sends it); the order will carry the resell price.
 */
function bookableProduct(item: WishlistItem): BookableProduct {
  return {
    _id: item.productId,
    name: item.productName,
    imgURL: item.imgURL,
    resellPrice: item.resellPrice,
  };
}

export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  const page = usePageParam();
  const wishlist = useWishlist({ email: me.email, page });
  const [booking, setBooking] = useState<WishlistItem | null>(null);

  return (
    <section>
      <PageTitle page={t('myWishlist.title')} />
      <h1 className="mb-6 text-2xl font-bold">{t('myWishlist.title')}</h1>
      <PagedList
        query={wishlist}
        page={page}
        pageSize={LIST_PAGE_SIZE}
        empty={
          <Trans
            i18nKey="myWishlist.empty"
            components={{ find: <Link to={paths.categories} className="link link-primary" /> }}
          />
        }
      >
        {(items) => <WishlistTable items={items} onBuy={setBooking} />}
      </PagedList>
      {booking && (
        <BookingModal
          key={booking._id}
          product={bookableProduct(booking)}
          buyer={me}
          onClose={() => setBooking(null)}
        />
      )}
    </section>
  );
}
