import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerReview } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';

/** The seller's answer under a review. */
export function ReviewReply({ reply }: { reply: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 border-l-4 border-primary/40 pl-3">
      <p className="text-sm font-semibold">{t('sellerPage.review.reply')}</p>
      <p className="whitespace-pre-line wrap-anywhere">{reply}</p>
    </div>
  );
}

/**
 * One review: its stars, who wrote it and when, the phone of the deal, the text and the seller's
 * reply. `action` (a reply button for the seller) goes under it.
 */
export function ReviewItem({ review, action }: { review: SellerReview; action?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="flex min-w-0 flex-col gap-1 border-b border-base-300 py-4 last:border-b-0">
      <article
        aria-label={t('sellerPage.review.by', { name: review.reviewerName })}
        className="flex min-w-0 flex-col gap-1"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RatingStars average={review.rating} />
          <span className="min-w-0 font-semibold wrap-anywhere">{review.reviewerName}</span>
          <span className="text-sm text-base-content/80">
            <time dateTime={review.createdAt}>{format.dayMonthYear(review.createdAt)}</time>
            {review.editedAt && ` · ${t('sellerPage.review.edited')}`}
          </span>
        </div>
        {review.productName && (
          <p className="text-sm text-base-content/80 wrap-anywhere">
            {review.agreedPrice === null
              ? t('sellerPage.review.bought', { product: review.productName })
              : t('sellerPage.review.boughtAgreed', {
                  product: review.productName,
                  price: format.price(review.agreedPrice),
                })}
          </p>
        )}
        {review.checkedAtHandover && (
          <p>
            <span className="badge badge-success badge-outline badge-sm">
              {t('sellerPage.review.checked')}
            </span>
          </p>
        )}
        {review.text && <p className="whitespace-pre-line wrap-anywhere">{review.text}</p>}
        {review.reply && <ReviewReply reply={review.reply} />}
      </article>
      {action}
    </li>
  );
}
