import { useFormat } from '../../../i18n/locale.tsx';
import type { ReactNode } from 'react';
import { showUpText, type SellerBuyer } from '@market/shared';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { MeetingSpotSummary } from '../../../components/ui/meeting-spot-summary.tsx';
import { BookingStatusBadge, formatMeetingTime } from './booking-status.tsx';

/** Why a requester's phone and email show masked. */
export const CONTACT_AFTER_ACCEPTING = 'Shown in full once you accept';

/** Where the buyer's check of the phone at the hand-over stands, for the seller. */
const CHECK_WORDS = {
  not_started: 'The buyer checks the phone at the meeting',
  in_progress: 'The buyer is checking the phone',
  failed: 'The phone did not pass the buyer’s check',
  complete: 'The buyer checked the phone',
} as const;

function CheckLine({ request }: { request: SellerBuyer }) {
  if (request.status === 'completed') {
    return request.checkedAtHandover ? (
      <span className="badge badge-success badge-outline badge-sm">Checked at hand-over</span>
    ) : null;
  }
  if (request.status !== 'accepted' || request.inspectionStatus === null) return null;
  return <span className="text-sm">{CHECK_WORDS[request.inspectionStatus]}</span>;
}

/** The meeting as it stands: the one the seller set, or what the buyer asked for. */
function Meeting({ request }: { request: SellerBuyer }) {
  if (request.meetingAt) {
    return (
      <span className="flex flex-col">
        <span className="font-semibold">{formatMeetingTime(request.meetingAt)}</span>
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
          ? `Proposed: ${formatMeetingTime(request.proposedAt)}`
          : 'No time proposed'}
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
  const format = useFormat();
  return (
    <DataTable
      rows={buyers}
      rowKey={(buyer) => buyer._id}
      columns={[
        {
          header: 'Buyer',
          rowHeader: true,
          cell: (buyer) => (
            <span className="flex flex-col">
              <span>{buyer.name}</span>
              {buyer.buyerShowUp && (
                <span className="text-sm font-normal text-base-content/80">
                  {showUpText(buyer.buyerShowUp)}
                </span>
              )}
            </span>
          ),
        },
        {
          header: 'Contact',
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
                <span className="text-sm text-base-content/80">{CONTACT_AFTER_ACCEPTING}</span>
              </span>
            ),
        },
        {
          header: 'Product',
          cell: (buyer) => (
            <span className="flex flex-col">
              <span>{buyer.productName}</span>
              {buyer.agreedPrice !== null && (
                <span className="text-sm font-semibold">
                  Agreed price {format.price(buyer.agreedPrice)}
                </span>
              )}
              <span className="text-sm text-base-content/80">Requested {buyer.date}</span>
            </span>
          ),
        },
        {
          header: 'Status',
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
          header: 'Meeting',
          cell: (buyer) => (
            <span className="flex flex-col gap-2">
              <Meeting request={buyer} />
              {buyer.checkIn && meeting?.(buyer)}
            </span>
          ),
        },
        ...(actions ? [{ header: 'Actions', actions: true, cell: actions }] : []),
      ]}
    />
  );
}
