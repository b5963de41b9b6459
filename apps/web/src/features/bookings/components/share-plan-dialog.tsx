import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_PLAN_HOURS_AFTER } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
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
  const { t } = useTranslation();
  const format = useFormat();
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
    <ActionDialog title={t('requests.share.title')} onClose={onClose}>
      {() => (
        <div className="mt-4 space-y-4">
          <p className="text-sm">
            {t('requests.share.explanation', {
              context: otherSide,
              hours: format.number(MEETING_PLAN_HOURS_AFTER),
            })}
          </p>
          {own.isPending ? (
            <SectionSpinner />
          ) : own.isError ? (
            <ErrorState
              title={t('requests.share.readFailed')}
              error={own.error}
              onRetry={() => void own.refetch()}
            />
          ) : live ? (
            <div className="space-y-3">
              <label className="fieldset">
                <span className="fieldset-legend text-sm">{t('requests.share.yourLink')}</span>
                <input
                  className="input w-full font-mono text-xs"
                  readOnly
                  value={live.url}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <span className="text-sm text-base-content/80">
                  {t('requests.share.worksUntil', { time: format.dayTime(live.expiresAt) })}
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
                        setFailure(t('requests.share.selectAndCopy'));
                        return;
                      }
                      await navigator.clipboard.writeText(live.url);
                      toast.success(t('requests.share.copied'));
                    })
                  }
                >
                  {t('requests.share.copy')}
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-sm"
                  disabled={revoke.isPending}
                  onClick={() =>
                    void run(async () => {
                      await revoke.mutateAsync(bookingId);
                      toast.success(t('requests.share.stopped'));
                    })
                  }
                >
                  {t('requests.share.stop')}
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
              {t('requests.share.make')}
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
