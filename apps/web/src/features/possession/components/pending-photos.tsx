import { useId, useState } from 'react';
import { MODERATION_REASON_MAX, type PendingPossession } from '@market/shared';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError, useDescribeError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useReviewPossession } from '../api/review-possession.ts';

/**
 * Photos of phones beside their codes: the moderator checks that the code on the paper is the
 * listing's and the phone is the model listed, then approves or rejects with a reason.
 */
export function PendingPhotos({ items }: { items: PendingPossession[] }) {
  const { t } = useTranslation();
  const review = useReviewPossession();
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState<PendingPossession | null>(null);
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.productId} className="rounded-box border border-base-300 p-4">
            <img
              src={item.photoUrl}
              alt={t('possession.photoFor', { name: item.productName })}
              className="mb-3 max-h-80 w-full rounded-box bg-base-200 object-contain"
            />
            <p className="font-semibold wrap-anywhere">
              <Link to={paths.product(item.productId)} className="link link-hover">
                {item.productName}
              </Link>
            </p>
            <p className="text-sm wrap-anywhere">
              <Trans
                i18nKey="possession.facts"
                values={{
                  code: item.code,
                  model: item.model ?? t('possession.modelNotGiven'),
                  seller: item.seller.name,
                }}
                components={{ code: <strong className="font-mono" /> }}
              />
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-success btn-sm min-h-11"
                disabled={!hydrated || review.isPending}
                onClick={() =>
                  review.mutate(
                    { productId: item.productId, decision: 'approve' },
                    {
                      onSuccess: () => toast.success(t('possession.approved')),
                      onError: (err) => notifyError('Approving the photo', err),
                    },
                  )
                }
              >
                {t('possession.approve')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm min-h-11"
                disabled={!hydrated}
                onClick={() => setRejecting(item)}
              >
                {t('possession.reject')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}

function RejectDialog({ item, onClose }: { item: PendingPossession; onClose: () => void }) {
  const { t } = useTranslation();
  const describeError = useDescribeError();
  const review = useReviewPossession();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <ActionDialog title={t('possession.rejectTitle', { name: item.productName })} onClose={onClose}>
      {(close) => (
        <form
          className="mt-4 space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setError(t('forms.messages.photoWhy'));
              return;
            }
            review.mutate(
              { productId: item.productId, decision: 'reject', reason },
              {
                onSuccess: () => {
                  toast.success(t('possession.rejected'));
                  close();
                },
                onError: (err) => setError(describeError(err)),
              },
            );
          }}
        >
          <div className="fieldset">
            <label htmlFor={id} className="fieldset-legend text-sm">
              {t('possession.reason')}
            </label>
            <textarea
              id={id}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              className={`textarea w-full ${error ? 'textarea-error' : ''}`}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-error" disabled={review.isPending}>
            {t('possession.rejectPhoto')}
          </button>
        </form>
      )}
    </ActionDialog>
  );
}
