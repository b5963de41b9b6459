import { useState } from 'react';
import { MEETING_PLAN_HOURS_AFTER } from '@market/shared';
import { describeError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { ActionDialog } from '../../../components/ui/action-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import {
  useOwnShare,
  useRevokeMeetingPlan,
  useShareMeetingPlan,
} from '../api/share-meeting-plan.ts';

const expiryFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * "Share my meeting plan": a link for someone the party trusts, showing when and where they meet
 * and with whom (first name only), never a phone number or email. Made on request, copied, and
 * revoked here.
 */
export function SharePlanDialog({
  bookingId,
  otherSide,
  onClose,
}: {
  bookingId: string;
  otherSide: 'seller' | 'buyer';
  onClose: () => void;
}) {
  const own = useOwnShare(bookingId);
  const share = useShareMeetingPlan();
  const revoke = useRevokeMeetingPlan();
  const [failure, setFailure] = useState<string | null>(null);
  const live = own.data?.share ?? null;

  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <ActionDialog title="Share your meeting plan" onClose={onClose}>
      {() => (
        <div className="mt-4 space-y-4">
          <p className="text-sm">
            Send a link to someone you trust, so they know where you will be. It shows the meeting
            time and place, the phone’s photo and name, and the {otherSide}’s first name: no phone
            numbers or email addresses. It stops working {MEETING_PLAN_HOURS_AFTER} hours after the
            meeting, or when you stop sharing it.
          </p>
          {own.isPending ? (
            <SectionSpinner />
          ) : own.isError ? (
            <ErrorState
              title="Could not read your link"
              error={own.error}
              onRetry={() => void own.refetch()}
            />
          ) : live ? (
            <div className="space-y-3">
              <label className="fieldset">
                <span className="fieldset-legend text-sm">Your link</span>
                <input
                  className="input w-full font-mono text-xs"
                  readOnly
                  value={live.url}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <span className="text-sm text-base-content/80">
                  Works until {expiryFormat.format(new Date(live.expiresAt))}
                </span>
              </label>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() =>
                    void run(async () => {
                      // The clipboard is there only on secure pages (https, or this computer).
                      if (!('clipboard' in navigator)) {
                        setFailure('Select the link above and copy it');
                        return;
                      }
                      await navigator.clipboard.writeText(live.url);
                      toast.success('Link copied');
                    })
                  }
                >
                  Copy link
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-sm"
                  disabled={revoke.isPending}
                  onClick={() =>
                    void run(async () => {
                      await revoke.mutateAsync(bookingId);
                      toast.success('The link no longer opens your plan');
                    })
                  }
                >
                  Stop sharing
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={share.isPending}
              onClick={() => void run(() => share.mutateAsync(bookingId))}
            >
              Make a link
            </button>
          )}
          {failure && (
            <p role="alert" className="text-sm text-error">
              {failure}
            </p>
          )}
        </div>
      )}
    </ActionDialog>
  );
}
