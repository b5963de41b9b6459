import { useState } from 'react';
import { Link } from 'react-router';
import type { Booking } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { calendarUrl } from '../api/calendar-url.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { SharePlanDialog } from './share-plan-dialog.tsx';

/** The buyer's actions on one order: only those its status allows (`order.actions`). */
export function BuyerOrderActions({ order }: { order: Booking }) {
  const [cancelling, setCancelling] = useState(false);
  const [sharing, setSharing] = useState(false);
  const cancel = useCancelBooking();
  const can = new Set(order.actions);
  if (can.size === 0) return null;
  const accepted = order.status === 'accepted';

  return (
    <div className="flex flex-wrap gap-2">
      {accepted && order.inspectionStatus !== null && order.inspectionStatus !== 'complete' && (
        <Link className="btn btn-sm btn-primary" to={paths.dashboard.checkPhone(order._id)}>
          {order.inspectionStatus === 'failed' ? 'See the check' : 'Check the phone'}
        </Link>
      )}
      {can.has('calendar') && (
        <a className="btn btn-sm btn-primary" href={calendarUrl(order._id)} download>
          Add to calendar
        </a>
      )}
      {can.has('calendar') && (
        <button type="button" className="btn btn-sm" onClick={() => setSharing(true)}>
          Share meeting plan
        </button>
      )}
      {sharing && (
        <SharePlanDialog
          bookingId={order._id}
          otherSide="seller"
          onClose={() => setSharing(false)}
        />
      )}
      {can.has('cancel') && (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setCancelling(true)}
        >
          {accepted ? 'Cancel meeting' : 'Cancel request'}
        </button>
      )}
      {cancelling && (
        <CancelDialog
          side="buyer"
          title={accepted ? 'Cancel the meeting' : 'Cancel your request'}
          explanation={
            accepted
              ? `The seller sees your reason, and ${order.productName} becomes available to others again.`
              : `The seller sees your reason. You can request ${order.productName} again in an hour while it is available.`
          }
          submitLabel={accepted ? 'Cancel meeting' : 'Cancel request'}
          action="Cancelling the request"
          onClose={() => setCancelling(false)}
          onSubmit={async (input) => {
            await cancel.mutateAsync({ id: order._id, ...input });
            toast.success(accepted ? 'Meeting cancelled' : 'Request cancelled');
          }}
        />
      )}
    </div>
  );
}
