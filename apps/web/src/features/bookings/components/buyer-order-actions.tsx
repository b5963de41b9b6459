import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Booking, BookingAction } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { calendarUrl } from '../api/calendar-url.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { SharePlanDialog } from './share-plan-dialog.tsx';

const allowed = (actions: readonly BookingAction[]): Partial<Record<BookingAction, true>> =>
  Object.fromEntries(actions.map((action) => [action, true]));

/** The buyer's actions on one order: only those its status allows (`order.actions`). */
export function BuyerOrderActions({ order }: { order: Booking }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const [sharing, setSharing] = useState(false);
  const cancel = useCancelBooking();
  // What its status allows, each by name.
  const can = allowed(order.actions);
  if (order.actions.length === 0) return null;
  const accepted = order.status === 'accepted';

  return (
    <div className="flex flex-wrap gap-2">
      {accepted && order.inspectionStatus !== null && order.inspectionStatus !== 'complete' && (
        <Link className="btn btn-sm btn-primary" to={paths.dashboard.checkPhone(order._id)}>
          {order.inspectionStatus === 'failed'
            ? t('requests.actions.seeCheck')
            : t('requests.actions.checkPhone')}
        </Link>
      )}
      {can.calendar && (
        <a className="btn btn-sm btn-primary" href={calendarUrl(order._id)} download>
          {t('requests.actions.addToCalendar')}
        </a>
      )}
      {can.calendar && (
        <button type="button" className="btn btn-sm" onClick={() => setSharing(true)}>
          {t('requests.actions.sharePlan')}
        </button>
      )}
      {sharing && (
        <SharePlanDialog
          bookingId={order._id}
          otherSide="seller"
          onClose={() => setSharing(false)}
        />
      )}
      {can.cancel && (
        <button
          type="button"
          className="btn btn-sm btn-error btn-outline"
          onClick={() => setCancelling(true)}
        >
          {accepted ? t('requests.actions.cancelMeeting') : t('requests.actions.cancelRequest')}
        </button>
      )}
      {cancelling && (
        <CancelDialog
          side="buyer"
          title={
            accepted
              ? t('requests.cancel.buyerMeetingTitle')
              : t('requests.cancel.buyerRequestTitle')
          }
          explanation={
            accepted
              ? t('requests.cancel.buyerMeetingExplanation', { product: order.productName })
              : t('requests.cancel.buyerRequestExplanation', { product: order.productName })
          }
          submitLabel={
            accepted ? t('requests.actions.cancelMeeting') : t('requests.actions.cancelRequest')
          }
          action="Cancelling the request"
          onClose={() => setCancelling(false)}
          onSubmit={async (input) => {
            await cancel.mutateAsync({ id: order._id, ...input });
            toast.success(
              accepted ? t('requests.cancel.meetingDone') : t('requests.cancel.requestDone'),
            );
          }}
        />
      )}
    </div>
  );
}
