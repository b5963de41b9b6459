import type { Kysely, Transaction } from 'kysely';
import {
  BOOKING_EXPIRY_HOURS,
  CANCEL_REASONS,
  HANDOVER_CODE_MAX_WRONG,
  SOLD_REASON,
  type BookingStatus,
  type CancelReason,
} from '@market/shared';
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
  | { status: 'cancelled'; by: 'buyer' | 'seller'; reason: string; preset?: CancelReason }
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
  /** The email's words when title or body carry the other side's (see NotifyInput.mail). */
  mail?: { title: string; body: string };
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
        mail: {
          title: `New request to book ${product}`,
          body: `See who asked in My Buyers, and accept with a meeting time and place, or decline, within ${BOOKING_EXPIRY_HOURS} hours.`,
        },
      };
    case 'accepted':
      return {
        to: 'buyer',
        kind: 'booking_accepted',
        title: `Your request for ${product} was accepted`,
        body: `Meeting: ${meetingTime(change.meeting)}, ${change.meeting.place}`,
        mail: {
          title: `Your request for ${product} was accepted`,
          body: `Meeting: ${meetingTime(change.meeting)}. The place, the seller's phone number and your hand-over code are in My Orders.`,
        },
      };
    case 'declined':
      return {
        to: 'buyer',
        kind: 'booking_declined',
        title: `Your request for ${product} was declined`,
        body: change.reason ? `Reason: ${change.reason}` : '',
        mail: {
          title: `Your request for ${product} was declined`,
          body:
            change.reason === SOLD_REASON
              ? 'The phone has been sold.'
              : change.reason
                ? 'The seller gave a reason: see it in My Orders.'
                : '',
        },
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
        mail: cancelMail(product, change),
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

/** A cancel by email: the preset reason (the marketplace's words), never the other's note. */
function cancelMail(
  product: string,
  change: Extract<BookingChange, { status: 'cancelled' }>,
): { title: string; body: string } {
  const page = change.by === 'buyer' ? 'My Buyers' : 'My Orders';
  const label =
    change.preset && change.preset !== 'other' ? CANCEL_REASONS[change.preset] : undefined;
  const note = change.reason !== label;
  return {
    title:
      change.by === 'buyer'
        ? `The buyer cancelled the booking of ${product}`
        : `The seller cancelled your booking of ${product}`,
    body:
      (label ? `Reason: ${label}. ` : '') +
      (note ? `They gave a reason: see it in ${page}.` : `See it in ${page}.`),
  };
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
      ...(notice.mail ? { mail: notice.mail } : {}),
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
      // The place is the seller's words: the buyer's email points to it.
      ...(side === 'buyer'
        ? { mail: { title, body: 'The place and your hand-over code are in My Orders.' } }
        : {}),
      link: side === 'buyer' ? MY_ORDERS : MY_BUYERS,
      dedupeKey: meetingReminderKey(booking.id, userId),
      now,
    });
  }
}

export function meetingReminderKey(bookingId: string, userId: string): string {
  return `reminder:${bookingId}:${userId}`;
}

/**
 * The seller entered too many wrong hand-over codes: the buyer's code was renewed, and after
 * HANDOVER_CODE_MAX_WRONG in all completing is locked until `lockedUntil`. The buyer hears of
 * each renewal (the new code is in My Orders, never in the notice), and their open tabs reload
 * it. `wrongTotal` names the renewal, so each is its own notice.
 */
export async function announceCodeRenewed(
  trx: Db,
  booking: Pick<BookingFacts, 'id' | 'buyerId' | 'productName'>,
  wrongTotal: number,
  lockedUntil: Date | null,
  now: Date = new Date(),
): Promise<void> {
  const product = booking.productName;
  const title = lockedUntil
    ? `Completing your deal for ${product} is locked until ${utcTime(lockedUntil)}`
    : `Your hand-over code for ${product} was renewed`;
  const body = lockedUntil
    ? `The seller entered ${HANDOVER_CODE_MAX_WRONG} wrong hand-over codes in all, so nobody can complete this deal until then. Your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.`
    : 'The seller entered wrong hand-over codes, so your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.';
  await notify(trx, {
    userId: booking.buyerId,
    kind: 'handover_code',
    title,
    body,
    link: MY_ORDERS,
    dedupeKey: `handover:${booking.id}:${wrongTotal}:${booking.buyerId}`,
    now,
  });
  await recordLiveEvent(trx, booking.buyerId, {
    type: 'booking',
    bookingId: booking.id,
    status: 'accepted',
  });
}

/** "26 Nov 2026, 06:30 UTC". */
export function utcTime(at: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}
