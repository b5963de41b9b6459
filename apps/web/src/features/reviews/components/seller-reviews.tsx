import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEWS_PAGE_SIZE, type SellerReview } from '@market/shared';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { useSellerReviews } from '../api/get-seller-reviews.ts';
import { ReviewItem } from './review-item.tsx';

/**
 * A seller's reviews, newest first, the page the address asks for (`?page=`): loading, a
 * failure with Retry, "no reviews yet", or the reviews and the pager. `action` adds what the
 * viewer may do with each (the seller's reply).
 */
export function SellerReviews({
  sellerId,
  page,
  empty,
  action,
}: {
  sellerId: string;
  page: number;
  empty: ReactNode;
  action?: (review: SellerReview) => ReactNode;
}) {
  const { t } = useTranslation();
  const reviews = useSellerReviews(sellerId, { page });
  return (
    <PagedList query={reviews} page={page} pageSize={REVIEWS_PAGE_SIZE} empty={empty}>
      {(items) => (
        <ul aria-label={t('sellerPage.review.list')} className="flex flex-col">
          {items.map((review) => (
            <ReviewItem key={review._id} review={review} action={action?.(review)} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
