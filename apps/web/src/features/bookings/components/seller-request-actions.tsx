import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingAction, SellerBuyer } from '@market/shared';
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

const allowed = (actions: readonly BookingAction[]): Partial<Record<BookingAction, true>> =>
  Object.fromEntries(actions.map((action) => [action, true]));

/** The seller's answers to one request: only those its status allows (`request.actions`). */
export function SellerRequestActions({ request }: { request: SellerBuyer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const decline = useDeclineBooking();
  const cancel = useCancelBooking();
  // What its status allows, each by name.
  const can = allowed(request.actions);
  if (request.actions.length === 0) return null;

  return (
    <div className="flex flex-wrap gap-2 @4xl:w-max @4xl:flex-col @4xl:items-stretch">
      {can.accept && (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen('accept')}>
          {t('requests.actions.accept')}
        </button>
      )}
      {can.complete && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => setOpen('complete')}
        >
          {t('requests.actions.enterCode')}
        </button>
      )}
      {can.calendar && (
        <a className="btn btn-sm" href={calendarUrl(request._id)} download>
          {t('requests.actions.addToCalendar')}
        </a>
      )}
      {can.calendar && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('share')}>
          {t('requests.actions.sharePlan')}
        </button>
      )}
      {can.decline && (
        <button type="button" className="btn btn-sm" onClick={() => setOpen('decline')}>
          {t('requests.actions.decline')}
        </button>
      )}
      {can.cancel && (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setOpen('cancel')}
        >
          {t('requests.actions.cancelMeeting')}
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
          title={t('requests.decline.title', { name: request.name })}
          explanation={t('requests.decline.explanation', { name: request.name })}
          label={t('requests.decline.label')}
          submitLabel={t('requests.decline.submit')}
          action="Declining the request"
          onClose={close}
          onSubmit={async (reason) => {
            await decline.mutateAsync({ id: request._id, ...(reason ? { reason } : {}) });
            toast.success(t('requests.decline.done', { name: request.name }));
          }}
        />
      )}
      {open === 'cancel' && (
        <CancelDialog
          side="seller"
          title={t('requests.cancel.sellerTitle', { name: request.name })}
          explanation={t('requests.cancel.sellerExplanation', {
            product: request.productName,
            name: request.name,
          })}
          submitLabel={t('requests.actions.cancelMeeting')}
          action="Cancelling the meeting"
          onClose={close}
          onSubmit={async (input) => {
            await cancel.mutateAsync({ id: request._id, ...input });
            toast.success(t('requests.cancel.sellerDone', { name: request.name }));
          }}
        />
      )}
    </div>
  );
}
