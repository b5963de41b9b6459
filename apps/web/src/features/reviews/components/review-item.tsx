import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { formatDayMonthYear, type SellerReview } from '@market/shared';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';

/** The day a review was written, as the site writes dates. */
export function reviewDate(iso: string): string {
  return formatDayMonthYear(new Date(iso));
}

/** The seller's answer under a review. */
export function ReviewReply({ reply }: { reply: string }) {
  return (
    <div className="mt-2 border-l-4 border-primary/40 pl-3">
      <p className="text-sm font-semibold">Reply from the seller</p>
      <p className="whitespace-pre-line wrap-anywhere">{reply}</p>
    </div>
  );
}

/**
 * One review: its stars, who wrote it and when, the phone of the deal, the text and the seller's
 * reply. `action` (a reply button for the seller) goes under it.
 */
export function ReviewItem({ review, action }: { review: SellerReview; action?: ReactNode }) {
  const format = useFormat();
  return (
    <li className="flex min-w-0 flex-col gap-1 border-b border-base-300 py-4 last:border-b-0">
      <article
        aria-label={`Review by ${review.reviewerName}`}
        className="flex min-w-0 flex-col gap-1"
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RatingStars average={review.rating} />
          <span className="min-w-0 font-semibold wrap-anywhere">{review.reviewerName}</span>
          <span className="text-sm text-base-content/80">
            <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
            {review.editedAt && ' · edited'}
          </span>
        </div>
        {review.productName && (
          <p className="text-sm text-base-content/80 wrap-anywhere">
            Bought: {review.productName}
            {review.agreedPrice !== null &&
              `, for ${format.price(review.agreedPrice)} agreed in an offer`}
          </p>
        )}
        {review.checkedAtHandover && (
          <p>
            <span className="badge badge-success badge-outline badge-sm">Checked at hand-over</span>
          </p>
        )}
        {review.text && <p className="whitespace-pre-line wrap-anywhere">{review.text}</p>}
        {review.reply && <ReviewReply reply={review.reply} />}
      </article>
      {action}
    </li>
  );
}
