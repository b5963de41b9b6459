import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_REPLY_MAX, replySellerReviewSchema, type SellerReview } from '@market/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { useReplyToReview } from '../api/reply-review.ts';
import { ReviewItem } from './review-item.tsx';

/** The seller answers a review of them, once, under the review on their public profile. */
export function ReplyDialog({ review, onClose }: { review: SellerReview; onClose: () => void }) {
  const { t } = useTranslation();
  const reply = useReplyToReview();
  const form = useForm({
    resolver: zodResolver(replySellerReviewSchema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;

  return (
    <ActionDialog
      title={t('reviewForm.replyTitle', { name: review.reviewerName })}
      onClose={onClose}
    >
      {(close) => (
        <Form
          form={form}
          action="Replying to a review"
          submitLabel={t('reviewForm.postReply')}
          className="mt-3 space-y-3"
          footerClassName="space-y-3"
          onSubmit={async ({ text }) => {
            await reply.mutateAsync({ id: review._id, text });
            toast.success(t('reviewForm.replyPosted'));
            close();
          }}
        >
          <ul className="rounded-box bg-base-200 px-3">
            <ReviewItem review={review} />
          </ul>
          <p className="text-sm">{t('reviewForm.replyExplanation')}</p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('reviewForm.replyLabel')}
            <textarea
              rows={4}
              maxLength={REVIEW_REPLY_MAX}
              className={`textarea w-full font-normal ${error ? 'textarea-error' : ''}`}
              aria-invalid={error ? true : undefined}
              {...form.register('text')}
            />
          </label>
          {error && <p className="text-sm text-error">{error}</p>}
        </Form>
      )}
    </ActionDialog>
  );
}
