import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerBuyer } from '@market/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { MeetingSpotSummary } from '../../../components/ui/meeting-spot-summary.tsx';
import { BookingStatusBadge } from './booking-status.tsx';

/** Where the buyer's check of the phone at the hand-over stands, for the seller. */
function CheckLine({ request }: { request: SellerBuyer }) {
  const { t } = useTranslation();
  if (request.status === 'completed') {
    return request.checkedAtHandover ? (
      <span className="badge badge-success badge-outline badge-sm">
        {t('requests.order.checkedAtHandover')}
      </span>
    ) : null;
  }
  if (request.status !== 'accepted' || request.inspectionStatus === null) return null;
  return <span className="text-sm">{t(`requests.buyers.check.${request.inspectionStatus}`)}</span>;
}

/** The meeting as it stands: the one the seller set, or what the buyer asked for. */
function Meeting({ request }: { request: SellerBuyer }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (request.meetingAt) {
    return (
      <span className="flex flex-col">
        <span className="font-semibold">{format.meetingTime(request.meetingAt)}</span>
        <span>{request.meetingPlace}</span>
        {request.meetingSpot && <MeetingSpotSummary spot={request.meetingSpot} />}
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <span>{request.location}</span>
      <span className="text-sm text-base-content/80">
        {request.proposedAt
          ? t('requests.buyers.proposed', { time: format.meetingTime(request.proposedAt) })
          : t('requests.buyers.noTimeProposed')}
      </span>
    </span>
  );
}

/**
 * The requests for the seller's products: who, how to reach them, where they stand and the
 * meeting, with the answers the seller can give (`actions`, composed by the page).
 */
export function MyBuyersTable({
  buyers,
  actions,
  meeting,
}: {
  buyers: SellerBuyer[];
  actions?: (request: SellerBuyer) => ReactNode;
  /** "I'm here" at the meeting and a recorded no-show, for requests that have them (`checkIn`). */
  meeting?: (request: SellerBuyer) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        {
          header: t('requests.buyers.buyer'),
          rowHeader: true,
          cell: (buyer) => (
            <span className="flex flex-col">
              <span>{buyer.name}</span>
              {buyer.buyerShowUp && (
                <span className="text-sm font-normal text-base-content/80">
                  {t('requests.buyers.showedUp', {
                    count: buyer.buyerShowUp.meetings,
                    showed: format.number(buyer.buyerShowUp.showed),
                    meetings: format.number(buyer.buyerShowUp.meetings),
                  })}
                </span>
              )}
            </span>
          ),
        },
        {
          header: t('requests.buyers.contact'),
          cell: (buyer) =>
            buyer.contactShown ? (
              <span className="flex flex-col">
                <a className="link whitespace-nowrap" href={`tel:${buyer.phone}`}>
                  {buyer.phone}
                </a>
                <span>{buyer.email}</span>
              </span>
            ) : (
              <span className="flex flex-col">
                <span className="whitespace-nowrap">{buyer.phone}</span>
                <span>{buyer.email}</span>
                <span className="text-sm text-base-content/80">
                  {t('requests.buyers.contactAfterAccepting')}
                </span>
              </span>
            ),
        },
        {
          header: t('requests.buyers.product'),
          cell: (buyer) => (
            <span className="flex flex-col">
              <span>{buyer.productName}</span>
              {buyer.agreedPrice !== null && (
                <span className="text-sm font-semibold">
                  {t('requests.buyers.agreedPrice', { price: format.price(buyer.agreedPrice) })}
                </span>
              )}
              <span className="text-sm text-base-content/80">
                {t('requests.buyers.requestedOn', { date: format.dayMonthYear(buyer.date) })}
              </span>
            </span>
          ),
        },
        {
          header: t('requests.buyers.status'),
          cell: (buyer) => (
            <span className="flex flex-col items-start gap-1">
              <BookingStatusBadge
                status={buyer.status}
                reason={buyer.reason}
                closedBy={buyer.closedBy}
                viewer="seller"
              />
              <CheckLine request={buyer} />
            </span>
          ),
        },
        {
          header: t('requests.buyers.meeting'),
          cell: (buyer) => (
            <span className="flex flex-col gap-2">
              <Meeting request={buyer} />
              {buyer.checkIn && meeting?.(buyer)}
            </span>
          ),
        },
        ...(actions
          ? [{ header: t('requests.buyers.actions'), actions: true, cell: actions }]
          : []),
      ]}
    />
  );
}
