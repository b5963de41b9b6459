import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewReply } from './review-item.tsx';

/**
 * A completed order's review: "Review the seller" while the deal may be reviewed, then the
 * review itself, with "Edit" while its author may still change it.
 */
export function OrderReview({ order }: { order: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  if (order.status !== 'completed') return null;
  const { review } = order;
  const sellerName = order.sellerName ?? t('reviewForm.theSeller');
  const now = Date.now();
  const canWrite = !review && order.reviewUntil !== null && Date.parse(order.reviewUntil) > now;
  const canEdit = review !== null && Date.parse(review.editableUntil) > now;
  if (!review && !canWrite) return null;

  return (
    <div className="w-full rounded-box bg-base-200 p-3 text-sm">
      {review ? (
        <section aria-label={t('reviewForm.yourReview')} className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{t('reviewForm.yourReview')}</span>
            <RatingStars average={review.rating} />
            {review.editedAt && (
              <span className="text-base-content/80">{t('sellerPage.review.edited')}</span>
            )}
          </p>
          {review.text && <p className="whitespace-pre-line wrap-anywhere">{review.text}</p>}
          {review.reply && <ReviewReply reply={review.reply} />}
          {canEdit && (
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-base-content/80">
                {t('reviewForm.changeUntil', { day: format.dayMonthYear(review.editableUntil) })}
              </span>
              <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
                {t('reviewForm.edit')}
              </button>
            </p>
          )}
        </section>
      ) : (
        <p className="flex flex-wrap items-center justify-between gap-2">
          <span className="wrap-anywhere">{t('reviewForm.howWasIt', { name: sellerName })}</span>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>
            {t('reviewForm.reviewSeller')}
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
