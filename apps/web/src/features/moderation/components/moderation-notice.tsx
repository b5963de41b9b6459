import { lazy, Suspense, useState } from 'react';
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

const HEADLINE: Record<ListingModeration, (listing: string) => string> = {
  held: (listing) => `${listing} is held for a moderator`,
  hidden: (listing) => `${listing} is hidden by a moderator`,
  suspended: (listing) => `${listing} is hidden while the seller's account is suspended`,
};

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
  const hydrated = useHydrated();
  const review = useRequestReview();
  const restore = useRestoreListing();
  const [asked, setAsked] = useState(reviewRequested);
  const [restoring, setRestoring] = useState(false);
  const canAct = state === 'held' || state === 'hidden';

  const askForReview = async () => {
    await review.mutateAsync({ productId });
    setAsked(true);
    toast.success('A moderator will look at your listing again.');
  };

  return (
    <section
      role="status"
      className="alert alert-warning alert-soft my-4 flex flex-col items-start"
    >
      <h2 className="font-semibold wrap-anywhere">
        {HEADLINE[state](listingName ? `“${listingName}”` : 'This listing')}
      </h2>
      <p className="wrap-anywhere">
        {reason ? `Reason: ${reason}` : 'Buyers cannot find, open or book it.'}
      </p>
      {viewer === 'seller' && canAct && (
        <>
          <p className="text-sm">
            Buyers cannot find, open or book it. Edit it to fix what is wrong, then ask for a
            review.
          </p>
          {asked ? (
            <p className="badge badge-info badge-soft">Review requested</p>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!hydrated || review.isPending}
              onClick={() =>
                void askForReview().catch((err: unknown) => notifyError('Asking for a review', err))
              }
            >
              Ask for review
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
          Put back on show
        </button>
      )}
      {restoring && (
        <Suspense fallback={null}>
          <ReasonDialog
            title="Put this listing back on show?"
            explanation="Buyers will find and book it again. Its open reports are resolved, and the seller and the reporters are told."
            submitLabel="Put back on show"
            onSubmit={async (why) => {
              await restore.mutateAsync({ productId, reason: why });
              toast.success('The listing is on show again.');
            }}
            onClose={() => setRestoring(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
