import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Booking } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { MeetingSpotSummary } from '../../../components/ui/meeting-spot-summary.tsx';
import { BookingStatusBadge, formatMeetingTime } from './booking-status.tsx';

/** What an accepted order tells the buyer: the meeting, the seller's contact and the code. */
function AcceptedDetails({ order }: { order: Booking }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      <dt className="text-base-content/80">Meeting</dt>
      <dd className="font-semibold">{order.meetingAt && formatMeetingTime(order.meetingAt)}</dd>
      <dt className="text-base-content/80">Place</dt>
      <dd className="wrap-anywhere">
        {order.meetingPlace}
        {order.meetingSpot && <MeetingSpotSummary spot={order.meetingSpot} />}
      </dd>
      <dt className="text-base-content/80">Seller</dt>
      <dd className="wrap-anywhere">
        {order.sellerName}
        {order.sellerPhone && (
          <>
            {', '}
            <a className="link" href={`tel:${order.sellerPhone}`}>
              {order.sellerPhone}
            </a>
          </>
        )}
        {order.sellerEmail && (
          <>
            {', '}
            <a className="link" href={`mailto:${order.sellerEmail}`}>
              {order.sellerEmail}
            </a>
          </>
        )}
      </dd>
      {order.inspectionDue && (
        <>
          <dt className="text-base-content/80">Hand-over code</dt>
          <dd>
            {order.inspectionStatus === 'failed'
              ? 'Hidden: the phone did not pass your check.'
              : 'Shown once you check the phone at the meeting ("Check the phone").'}
          </dd>
        </>
      )}
      {order.handoverCode && (
        <>
          <dt className="text-base-content/80">Hand-over code</dt>
          <dd>
            <span className="font-mono text-xl font-bold tracking-widest">
              {order.handoverCode}
            </span>
            <span className="block text-base-content/80">
              Give it to the seller only when you are satisfied and have paid.
            </span>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The buyer's orders; each keeps its own copy of the product, even after the product is gone,
 * and says where the request stands. `actions` (composed by the page) are the buyer's next steps.
 */
export function OrderList({
  orders,
  actions,
  meeting,
}: {
  orders: Booking[];
  actions?: (order: Booking) => ReactNode;
  /** "I'm here" at the meeting and a recorded no-show, for orders that have them (`checkIn`). */
  meeting?: (order: Booking) => ReactNode;
}) {
  const format = useFormat();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {orders.map((order) => {
        const open = order.status === 'requested' || order.status === 'accepted';
        return (
          <li
            key={order._id}
            aria-label={order.productName}
            className="card card-side min-w-0 flex-col border border-base-300 bg-base-100 shadow-sm sm:flex-row"
          >
            <figure className="bg-base-200 p-3 sm:w-36 sm:shrink-0">
              <img
                src={order.imgURL}
                alt={order.productName}
                width={120}
                height={120}
                loading="lazy"
                className="h-28 w-28 object-contain"
              />
            </figure>
            <div className="card-body min-w-0 gap-1 p-4 [&_p]:grow-0">
              <h2 className="card-title text-lg wrap-anywhere">{order.productName}</h2>
              <p className="text-lg font-semibold text-primary">
                {format.price(order.price)}
                {order.agreedPrice !== null && (
                  <span className="ml-2 badge badge-outline badge-primary align-middle">
                    Agreed in an offer
                  </span>
                )}
              </p>
              <BookingStatusBadge
                status={order.status}
                reason={order.reason}
                closedBy={order.closedBy}
                viewer="buyer"
              />
              <p className="text-sm">Booked on {order.date}</p>
              {order.checkedAtHandover && (
                <p>
                  <span className="badge badge-success badge-outline">Checked at hand-over</span>
                </p>
              )}
              {order.status === 'accepted' ? (
                <AcceptedDetails order={order} />
              ) : order.meetingAt ? (
                <p className="text-sm wrap-anywhere">
                  Meeting: {formatMeetingTime(order.meetingAt)}, {order.meetingPlace}
                </p>
              ) : (
                <p className="text-sm wrap-anywhere">
                  {order.status === 'requested' ? 'You asked to meet at ' : 'Meeting location: '}
                  {order.location}
                  {order.status === 'requested' &&
                    `${order.proposedAt ? `, ${formatMeetingTime(order.proposedAt)}` : ''}. Waiting for the seller to answer.`}
                </p>
              )}
              {order.checkIn && meeting && <div className="mt-2">{meeting(order)}</div>}
              <div className="card-actions mt-2 items-center justify-end">
                {actions?.(order)}
                {!order.productAvailable ? (
                  <span className="badge badge-neutral">No longer available</span>
                ) : open ? (
                  <Link to={paths.dashboard.checkout} className="btn btn-sm">
                    Buy Now
                  </Link>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
