import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Booking } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { MeetingSpotSummary } from '../../../components/ui/meeting-spot-summary.tsx';
import { BookingStatusBadge } from './booking-status.tsx';

/** What an accepted order tells the buyer: the meeting, the seller's contact and the code. */
function AcceptedDetails({ order }: { order: Booking }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      <dt className="text-base-content/80">{t('requests.order.meeting')}</dt>
      <dd className="font-semibold">{order.meetingAt && format.meetingTime(order.meetingAt)}</dd>
      <dt className="text-base-content/80">{t('requests.order.place')}</dt>
      <dd className="wrap-anywhere">
        {order.meetingPlace}
        {order.meetingSpot && <MeetingSpotSummary spot={order.meetingSpot} />}
      </dd>
      <dt className="text-base-content/80">{t('requests.order.seller')}</dt>
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
          <dt className="text-base-content/80">{t('requests.order.handoverCode')}</dt>
          <dd>
            {order.inspectionStatus === 'failed'
              ? t('requests.order.codeHidden')
              : t('requests.order.codeAfterCheck')}
          </dd>
        </>
      )}
      {order.handoverCode && (
        <>
          <dt className="text-base-content/80">{t('requests.order.handoverCode')}</dt>
          <dd>
            <span className="font-mono text-xl font-bold tracking-widest">
              {order.handoverCode}
            </span>
            <span className="block text-base-content/80">{t('requests.order.codeGive')}</span>
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
  const { t } = useTranslation();
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
                    {t('requests.order.agreedInOffer')}
                  </span>
                )}
              </p>
              <BookingStatusBadge
                status={order.status}
                reason={order.reason}
                closedBy={order.closedBy}
                viewer="buyer"
              />
              <p className="text-sm">
                {t('requests.order.bookedOn', { date: format.dayMonthYear(order.date) })}
              </p>
              {order.checkedAtHandover && (
                <p>
                  <span className="badge badge-success badge-outline">
                    {t('requests.order.checkedAtHandover')}
                  </span>
                </p>
              )}
              {order.status === 'accepted' ? (
                <AcceptedDetails order={order} />
              ) : order.meetingAt ? (
                <p className="text-sm wrap-anywhere">
                  {t('requests.order.meetingAt', {
                    time: format.meetingTime(order.meetingAt),
                    place: order.meetingPlace,
                  })}
                </p>
              ) : (
                <p className="text-sm wrap-anywhere">
                  {order.status !== 'requested'
                    ? t('requests.order.meetingLocation', { place: order.location })
                    : order.proposedAt
                      ? t('requests.order.askedToMeetAt', {
                          place: order.location,
                          time: format.meetingTime(order.proposedAt),
                        })
                      : t('requests.order.askedToMeet', { place: order.location })}
                </p>
              )}
              {order.checkIn && meeting && <div className="mt-2">{meeting(order)}</div>}
              <div className="card-actions mt-2 items-center justify-end">
                {actions?.(order)}
                {!order.productAvailable ? (
                  <span className="badge badge-neutral">
                    {t('requests.order.noLongerAvailable')}
                  </span>
                ) : open ? (
                  <Link to={paths.dashboard.checkout} className="btn btn-sm">
                    {t('requests.order.buyNow')}
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
