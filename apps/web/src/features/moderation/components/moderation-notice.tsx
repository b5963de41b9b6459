import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import type { ListingModeration } from '@market/shared';
import { notifyError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useRequestReview } from '../api/request-review.ts';
import { useRestoreListing } from '../api/restore.ts';

// The dialog (its form and the schema it checks with) loads when a moderator opens it.
const ReasonDialog = lazy(() =>
  import('./reason-dialog.tsx').then((m) => ({ default: m.ReasonDialog })),
);

const HEADLINE = {
  held: { named: 'moderation.notice.heldNamed', plain: 'moderation.notice.held' },
  hidden: { named: 'moderation.notice.hiddenNamed', plain: 'moderation.notice.hidden' },
  suspended: { named: 'moderation.notice.suspendedNamed', plain: 'moderation.notice.suspended' },
} as const satisfies Record<ListingModeration, { named: string; plain: string }>;

/**
 * What the seller (and an admin) read above a listing that moderation keeps off show: why, and
 * what they can do. Buyers never see the listing: its page tells them it is unavailable.
 */
export function ModerationNotice({
  productId,
  listingName,
  state,
  reason,
  viewer,
  reviewRequested = false,
}: {
  productId: string;
  /** Named in the headline where several listings are listed (My Products). */
  listingName?: string;
  state: ListingModeration;
  reason: string | null;
  viewer: 'seller' | 'admin';
  /** The seller already asked for a review that no moderator has answered. */
  reviewRequested?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const review = useRequestReview();
  const restore = useRestoreListing();
  const [asked, setAsked] = useState(reviewRequested);
  const [restoring, setRestoring] = useState(false);
  const canAct = state === 'held' || state === 'hidden';

  const askForReview = async () => {
    await review.mutateAsync({ productId });
    setAsked(true);
    toast.success(t('moderation.notice.reviewToast'));
  };

  return (
    <section
      role="status"
      className="alert alert-warning alert-soft my-4 flex flex-col items-start"
    >
      <h2 className="font-semibold wrap-anywhere">
        {listingName ? t(HEADLINE[state].named, { name: listingName }) : t(HEADLINE[state].plain)}
      </h2>
      <p className="wrap-anywhere">
        {reason ? t('moderation.notice.reason', { reason }) : t('moderation.notice.unavailable')}
      </p>
      {viewer === 'seller' && canAct && (
        <>
          <p className="text-sm">{t('moderation.notice.sellerHint')}</p>
          {asked ? (
            <p className="badge badge-info badge-soft">{t('moderation.notice.reviewRequested')}</p>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!hydrated || review.isPending}
              onClick={() =>
                void askForReview().catch((err: unknown) => notifyError('Asking for a review', err))
              }
            >
              {t('moderation.notice.askReview')}
            </button>
          )}
        </>
      )}
      {viewer === 'admin' && canAct && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={!hydrated}
          onClick={() => setRestoring(true)}
        >
          {t('moderation.notice.restore')}
        </button>
      )}
      {restoring && (
        <Suspense fallback={null}>
          <ReasonDialog
            title={t('moderation.notice.restoreTitle')}
            explanation={t('moderation.notice.restoreText')}
            submitLabel={t('moderation.notice.restore')}
            onSubmit={async (why) => {
              await restore.mutateAsync({ productId, reason: why });
              toast.success(t('moderation.notice.restoredToast'));
            }}
            onClose={() => setRestoring(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
