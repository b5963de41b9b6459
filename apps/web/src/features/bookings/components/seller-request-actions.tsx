import { useState } from 'react';
import type { SellerBuyer } from '@market/shared';
import { toast } from '../../../lib/toast.ts';
import { calendarUrl } from '../api/calendar-url.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { useDeclineBooking } from '../api/decline-booking.ts';
import { AcceptDialog } from './accept-dialog.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { CodeDialog } from './code-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { SharePlanDialog } from './share-plan-dialog.tsx';

type Open = 'accept' | 'decline' | 'cancel' | 'complete' | 'share' | null;

/** The seller's answers to one request: only those its status allows (`request.actions`). */
export function SellerRequestActions({ request }: { request: SellerBuyer }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const decline = useDeclineBooking();
  const cancel = useCancelBooking();
  const can = new Set(request.actions);
  if (can.size === 0) return null;

  return (
    <div className="flex flex-wrap gap-2 @4xl:w-max @4xl:flex-col @4xl:items-stretch">
      {can.has('accept') && (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen('accept')}>
          Accept
        </button>
      )}
      {can.has('complete') && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => setOpen('complete')}
        >
          Enter hand-over code
        </button>
      )}
      {can.has('calendar') && (
        <a className="btn btn-sm" href={calendarUrl(request._id)} download>
          Add to calendar
        </a>
      )}
      {can.has('calendar') && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('share')}>
          Share meeting plan
        </button>
      )}
      {can.has('decline') && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('decline')}>
          Decline
        </button>
      )}
      {can.has('cancel') && (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setOpen('cancel')}
        >
          Cancel meeting
        </button>
      )}

      {open === 'accept' && (
        <AcceptDialog
          request={request}
          near={request.listingPlaceId === null ? undefined : String(request.listingPlaceId)}
          onClose={close}
        />
      )}
      {open === 'complete' && <CodeDialog request={request} onClose={close} />}
      {open === 'share' && (
        <SharePlanDialog bookingId={request._id} otherSide="buyer" onClose={close} />
      )}
      {open === 'decline' && (
        <ReasonDialog
          title={`Decline ${request.name}'s request`}
          explanation={`${request.name} will see that you declined, with your reason if you give one.`}
          label="Reason (optional)"
          submitLabel="Decline request"
          action="Declining the request"
          onClose={close}
          onSubmit={async (reason) => {
            await decline.mutateAsync({ id: request._id, ...(reason ? { reason } : {}) });
            toast.success(`Declined ${request.name}'s request`);
          }}
        />
      )}
      {open === 'cancel' && (
        <CancelDialog
          side="seller"
          title={`Cancel the meeting with ${request.name}`}
          explanation={`${request.productName} becomes available again, and ${request.name} sees your reason.`}
          submitLabel="Cancel meeting"
          action="Cancelling the meeting"
          onClose={close}
          onSubmit={async (input) => {
            await cancel.mutateAsync({ id: request._id, ...input });
            toast.success(`Cancelled the meeting with ${request.name}`);
          }}
        />
      )}
    </div>
  );
}
