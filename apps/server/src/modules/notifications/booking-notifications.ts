import type { Kysely, Transaction } from 'kysely';
import { BOOKING_EXPIRY_HOURS, type BookingStatus } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { recordLiveEvent } from '../events/live-events.ts';
import { notify } from './notify.ts';

type Db = Kysely<Database> | Transaction<Database>;

const MY_ORDERS = '/dashboard/my-orders';
const MY_BUYERS = '/dashboard/my-buyers';

/** What a booking's notices say and whom they go to. */
export interface BookingFacts {
  id: string;
  buyerId: string;
  /** Null once the seller's account is gone. */
  sellerId: string | null;
  productName: string;
  buyerName: string;
}

export interface Meeting {
  at: Date;
  place: string;
  timeZone: string;
}

export type BookingChange =
  | { status: 'requested' }
  | { status: 'accepted'; meeting: Meeting }
  | { status: 'declined'; reason: string | null }
  | { status: 'cancelled'; by: 'buyer' | 'seller'; reason: string }
  | { status: 'expired' }
  | { status: 'completed' };

/** "Tue, 25 Nov 2026, 15:30" in the meeting's own time zone, as the seller set it. */
export function meetingTime(meeting: Pick<Meeting, 'at' | 'timeZone'>): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: meeting.timeZone,
      timeZoneName: 'short',
    }).format(meeting.at);
  } catch {
    // A zone this runtime does not know: the time in UTC is still right.
    return `${meeting.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}

interface Notice {
  to: 'buyer' | 'seller';
  kind:
    | 'booking_requested'
    | 'booking_accepted'
    | 'booking_declined'
    | 'booking_cancelled'
    | 'booking_expired';
  title: string;
  body: string;
}

function noticeOf(b: BookingFacts, change: BookingChange): Notice | null {
  const product = b.productName;
  switch (change.status) {
    case 'requested':
      return {
        to: 'seller',
        kind: 'booking_requested',
        title: `${b.buyerName} asked to book ${product}`,
        body: `Accept with a meeting time and place, or decline, within ${BOOKING_EXPIRY_HOURS} hours.`,
      };
    case 'accepted':
      return {
        to: 'buyer',
        kind: 'booking_accepted',
        title: `Your request for ${product} was accepted`,
        body: `Meeting: ${meetingTime(change.meeting)}, ${change.meeting.place}`,
      };
    case 'declined':
      return {
        to: 'buyer',
        kind: 'booking_declined',
        title: `Your request for ${product} was declined`,
        body: change.reason ? `Reason: ${change.reason}` : '',
      };
    case 'cancelled':
      return {
        to: change.by === 'buyer' ? 'seller' : 'buyer',
        kind: 'booking_cancelled',
        title:
          change.by === 'buyer'
            ? `${b.buyerName} cancelled the booking of ${product}`
            : `The seller cancelled your booking of ${product}`,
        body: `Reason: ${change.reason}`,
      };
    case 'expired':
      return {
        to: 'buyer',
        kind: 'booking_expired',
        title: `Your request for ${product} expired`,
        body: `The seller did not answer within ${BOOKING_EXPIRY_HOURS} hours.`,
      };
    case 'completed':
      return null;
  }
}

/**
 * A booking changed: the other side hears of it (a notification, and an email unless turned
 * off), and both sides' open tabs get the new status. In the transaction of the change.
 */
export async function announceBookingChange(
  trx: Db,
  booking: BookingFacts,
  change: BookingChange,
  now: Date = new Date(),
): Promise<void> {
  const notice = noticeOf(booking, change);
  const recipient = notice?.to === 'seller' ? booking.sellerId : booking.buyerId;
  if (notice && recipient) {
    await notify(trx, {
      userId: recipient,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.to === 'seller' ? MY_BUYERS : MY_ORDERS,
      dedupeKey: `booking:${booking.id}:${change.status}:${recipient}`,
      now,
    });
  }
  const status: BookingStatus = change.status;
  for (const party of [booking.buyerId, booking.sellerId]) {
    if (party)
      await recordLiveEvent(trx, party, { type: 'booking', bookingId: booking.id, status });
  }
}

/** Two hours before an accepted meeting, each side is reminded once. */
export async function remindOfMeeting(
  trx: Db,
  booking: BookingFacts,
  meeting: Meeting,
  now: Date = new Date(),
): Promise<void> {
  const title = `Your meeting for ${booking.productName} is at ${meetingTime(meeting)}`;
  for (const [side, userId] of [
    ['buyer', booking.buyerId],
    ['seller', booking.sellerId],
  ] as const) {
    if (!userId) continue;
    await notify(trx, {
      userId,
      kind: 'meeting_reminder',
      title,
      body:
        side === 'buyer'
          ? `Place: ${meeting.place}. Bring your hand-over code from My Orders.`
          : `Place: ${meeting.place}. Ask the buyer for the hand-over code once they are satisfied.`,
      link: side === 'buyer' ? MY_ORDERS : MY_BUYERS,
      dedupeKey: meetingReminderKey(booking.id, userId),
      now,
    });
  }
}

export function meetingReminderKey(bookingId: string, userId: string): string {
  return `reminder:${bookingId}:${userId}`;
}
