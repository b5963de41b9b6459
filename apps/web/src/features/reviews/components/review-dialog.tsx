import { z } from '@market/shared/zod';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_EDIT_HOURS,
  REVIEW_TEXT_MAX,
  formatDayMonthYear,
  reviewRatingSchema,
  reviewTextSchema,
  type SellerReview,
} from '@market/shared';
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
    <ActionDialog title={review ? 'Change your review' : `Review ${sellerName}`} onClose={onClose}>
      {(close) => (
        <Form
          form={form}
          action={review ? 'Changing a review' : 'Reviewing a seller'}
          submitLabel={review ? 'Save changes' : 'Post review'}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async (values) => {
            if (review) {
              await edit.mutateAsync({ id: review._id, ...values });
              toast.success('Your review is changed');
            } else {
              await create.mutateAsync({ bookingId, ...values });
              toast.success('Thank you! Your review is on the seller’s profile');
            }
            close();
          }}
        >
          <p className="text-sm wrap-anywhere">
            How did buying {productName} go? Your first name and the initial of your last name show
            with the review.{' '}
            {review
              ? `You can change it until ${formatDayMonthYear(new Date(review.editableUntil))}.`
              : `You can change it for ${REVIEW_EDIT_HOURS} hours after posting.`}
          </p>
          <StarInput
            value={rating.field.value}
            onChange={rating.field.onChange}
            onBlur={rating.field.onBlur}
            error={rating.fieldState.error?.message}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Your review (optional)
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
            {length.toLocaleString('en-US')} / {REVIEW_TEXT_MAX.toLocaleString('en-US')}
          </p>
          {textError && <p className="text-sm text-error">{textError}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
