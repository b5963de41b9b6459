import { z } from '@market/shared/zod';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_EDIT_HOURS,
  REVIEW_TEXT_MAX,
  reviewRatingSchema,
  reviewTextSchema,
  type SellerReview,
} from '@market/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useCreateReview } from '../api/create-review.ts';
import { useEditReview } from '../api/edit-review.ts';
import { StarInput } from './star-input.tsx';

/** The API's rules, from a form that starts with no stars chosen. */
const reviewFormSchema = z.object({
  rating: z.number().nullable().pipe(reviewRatingSchema),
  text: reviewTextSchema,
});

/**
 * Writes the buyer's review of a completed deal, or changes it (`review` given): stars and,
 * if they like, a few words. The seller and every visitor of the seller's profile read it.
 */
export function ReviewDialog({
  bookingId,
  sellerName,
  productName,
  review,
  onClose,
}: {
  bookingId: string;
  sellerName: string;
  productName: string;
  review?: SellerReview;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const create = useCreateReview();
  const edit = useEditReview();
  const form = useForm({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: review?.rating ?? null, text: review?.text ?? '' },
  });
  const rating = useController({ control: form.control, name: 'rating' });
  const textError = form.formState.errors.text?.message;
  const length = form.watch('text').length;

  return (
    <ActionDialog
      title={review ? t('reviewForm.changeTitle') : t('reviewForm.title', { name: sellerName })}
      onClose={onClose}
    >
      {(close) => (
        <Form
          form={form}
          action={review ? 'Changing a review' : 'Reviewing a seller'}
          submitLabel={review ? t('reviewForm.saveChanges') : t('reviewForm.post')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (values) => {
            if (review) {
              await edit.mutateAsync({ id: review._id, ...values });
              toast.success(t('reviewForm.changed'));
            } else {
              await create.mutateAsync({ bookingId, ...values });
              toast.success(t('reviewForm.posted'));
            }
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            {t('reviewForm.intro', { product: productName })}{' '}
            {review
              ? t('reviewForm.changeUntil', { day: format.dayMonthYear(review.editableUntil) })
              : t('reviewForm.changeFor', { hours: format.number(REVIEW_EDIT_HOURS) })}
          </p>
          <StarInput
            value={rating.field.value}
            onChange={rating.field.onChange}
            onBlur={rating.field.onBlur}
            error={rating.fieldState.error?.message}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('reviewForm.textLabel')}
            <textarea
              rows={4}
              maxLength={REVIEW_TEXT_MAX}
              className={`textarea w-full font-normal ${textError ? 'textarea-error' : ''}`}
              aria-invalid={textError ? true : undefined}
              aria-describedby="review-text-count"
              {...form.register('text')}
            />
          </label>
          <p id="review-text-count" className="text-right text-xs text-base-content/80">
            {t('reviewForm.length', {
              length: format.number(length),
              max: format.number(REVIEW_TEXT_MAX),
            })}
          </p>
          {textError && <p className="text-sm text-error">{textError}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
