import { useTranslation } from 'react-i18next';
import {
  CANCEL_REASONS,
  SOLD_REASON,
  type BookingClosedBy,
  type BookingStatus,
  type CancelReason,
} from '@market/shared';

const BADGE_CLASSES: Record<BookingStatus, string> = {
  requested: 'badge-info',
  accepted: 'badge-success',
  declined: 'badge-warning',
  cancelled: 'badge-neutral',
  expired: 'badge-neutral',
  completed: 'badge-primary',
};

/** Who cancelled it, as the viewer reads it; nothing when the marketplace closed it. */
function cancelledBy(
  closedBy: BookingClosedBy | null,
  viewer: 'buyer' | 'seller',
): 'you' | 'buyer' | 'seller' | null {
  if (closedBy === null || closedBy === 'system') return null;
  return closedBy === viewer ? 'you' : closedBy;
}

/** A preset reason is kept in English words: those words are shown in the viewer's language. */
function presetOf(reason: string): CancelReason | undefined {
  return (Object.keys(CANCEL_REASONS) as CancelReason[]).find(
    (preset) => CANCEL_REASONS[preset] === reason,
  );
}

/** A request's status as a badge, with who closed it and why. */
export function BookingStatusBadge({
  status,
  reason,
  closedBy,
  viewer,
}: {
  status: BookingStatus;
  reason: string | null;
  closedBy: BookingClosedBy | null;
  viewer: 'buyer' | 'seller';
}) {
  const { t } = useTranslation();
  const by = status === 'cancelled' ? cancelledBy(closedBy, viewer) : null;
  const preset = reason === null ? undefined : presetOf(reason);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className={`badge badge-sm ${BADGE_CLASSES[status]}`}>
        {t(`requests.status.${status}`)}
      </span>
      {(by || reason) && (
        <span className="text-sm wrap-anywhere">
          {by && <>{t(`requests.cancelledBy.${by}`)} </>}
          {reason &&
            (reason === SOLD_REASON
              ? t('requests.reasonSold')
              : t('requests.reason', {
                  reason: preset ? t(`requests.cancelReason.${preset}`) : reason,
                }))}
        </span>
      )}
    </span>
  );
}
