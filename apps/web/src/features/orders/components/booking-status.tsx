import { SOLD_REASON, type BookingClosedBy, type BookingStatus } from '@market/shared';

const BADGES: Record<BookingStatus, { label: string; className: string }> = {
  requested: { label: 'Requested', className: 'badge-info' },
  accepted: { label: 'Accepted', className: 'badge-success' },
  declined: { label: 'Declined', className: 'badge-warning' },
  cancelled: { label: 'Cancelled', className: 'badge-neutral' },
  expired: { label: 'Expired', className: 'badge-neutral' },
  completed: { label: 'Completed', className: 'badge-primary' },
};

/** Who closed it, as the viewer reads it. */
function closedByText(closedBy: BookingClosedBy | null, viewer: 'buyer' | 'seller'): string {
  if (closedBy === null || closedBy === 'system') return '';
  if (closedBy === viewer) return 'by you';
  return closedBy === 'buyer' ? 'by the buyer' : 'by the seller';
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
  const badge = BADGES[status];
  const by = status === 'cancelled' ? closedByText(closedBy, viewer) : '';
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className={`badge badge-sm ${badge.className}`}>{badge.label}</span>
      {(by || reason) && (
        <span className="text-sm wrap-anywhere">
          {by && <>Cancelled {by}. </>}
          {reason && (
            <>
              Reason: {reason}
              {reason === SOLD_REASON && ' (the phone is no longer for sale)'}
            </>
          )}
        </span>
      )}
    </span>
  );
}

const meetingFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A meeting time in the viewer's own time zone. */
export function formatMeetingTime(iso: string): string {
  return meetingFormat.format(new Date(iso));
}
