import { useState } from 'react';
import { formatDayMonthYear, type Booking } from '@market/shared';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewReply } from './review-item.tsx';

/**
 * A completed order's review: "Review the seller" while the deal may be reviewed, then the
 * review itself, with "Edit" while its author may still change it.
 */
export function OrderReview({ order }: { order: Booking }) {
  const [open, setOpen] = useState(false);
  if (order.status !== 'completed') return null;
  const { review } = order;
  const sellerName = order.sellerName ?? 'the seller';
  const now = Date.now();
  const canWrite = !review && order.reviewUntil !== null && Date.parse(order.reviewUntil) > now;
  const canEdit = review !== null && Date.parse(review.editableUntil) > now;
  if (!review && !canWrite) return null;

  return (
    <div className="w-full rounded-box bg-base-200 p-3 text-sm">
      {review ? (
        <section aria-label="Your review" className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Your review</span>
            <RatingStars average={review.rating} />
            {review.editedAt && <span className="text-base-content/80">edited</span>}
          </p>
          {review.text && <p className="whitespace-pre-line wrap-anywhere">{review.text}</p>}
          {review.reply && <ReviewReply reply={review.reply} />}
          {canEdit && (
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-base-content/80">
                You can change it until {formatDayMonthYear(new Date(review.editableUntil))}.
              </span>
              <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
                Edit review
              </button>
            </p>
          )}
        </section>
      ) : (
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="wrap-anywhere">
            How was the deal with {sellerName}? Other buyers read your review.
          </span>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>
            Review the seller
          </button>
        </p>
      )}
      {open && (
        <ReviewDialog
          bookingId={order._id}
          sellerName={sellerName}
          productName={order.productName}
          {...(review ? { review } : {})}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
