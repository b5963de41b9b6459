import { paths } from '@market/shared';
import type { BookingStatus, CancelReason } from '@market/shared';
import type { NotificationContent, Notices } from './notify.ts';
import { serverTexts } from '@market/shared/texts';

const MY_ORDERS = paths.dashboard.myOrders;
const MY_BUYERS = paths.dashboard.myBuyers;

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

/** "Tue, 25 Nov 2026, 15:30 GMT+6" in the meeting's own time zone, as the seller set it. */
export function meetingTime(meeting: Pick<Meeting, 'at' | 'timeZone'>): string {
  return serverTexts('en').meetingTime(meeting.at, meeting.timeZone);
}

/** Who hears of a booking's change, and what they are told. */
type Notice = { to: 'buyer' | 'seller' } & Extract<
  NotificationContent,
  {
    kind:
      | 'booking_requested'
      | 'booking_accepted'
      | 'booking_declined'
      | 'booking_cancelled'
      | 'booking_expired';
  }
>;

function noticeOf(b: BookingFacts, change: BookingChange): Notice | null {
  const productName = b.productName;
  switch (change.status) {
    case 'requested':
      return {
        to: 'seller',
        kind: 'booking_requested',
        params: { buyerName: b.buyerName, productName },
      };
    case 'accepted':
      return {
        to: 'buyer',
        kind: 'booking_accepted',
        params: {
          productName,
          at: change.meeting.at,
          timeZone: change.meeting.timeZone,
          place: change.meeting.place,
        },
      };
    case 'declined':
      return {
        to: 'buyer',
        kind: 'booking_declined',
        params: { productName, reason: change.reason },
      };
    case 'cancelled':
      return {
        to: change.by === 'buyer' ? 'seller' : 'buyer',
        kind: 'booking_cancelled',
        params: {
          productName,
          buyerName: b.buyerName,
          by: change.by,
          reason: change.reason,
          preset: change.preset,
        },
      };
    case 'expired':
      return { to: 'buyer', kind: 'booking_expired', params: { productName } };
    case 'completed':
      return null;
  }
}

/**
 * A booking changed: the other side hears of it (a notification, and an email unless turned
 * off), and both sides' open tabs get the new status. In the transaction of the change.
 */
export async function announceBookingChange(
  notices: Notices,
  booking: BookingFacts,
  change: BookingChange,
  now: Date = new Date(),
): Promise<void> {
  const notice = noticeOf(booking, change);
  const recipient = notice?.to === 'seller' ? booking.sellerId : booking.buyerId;
  if (notice && recipient) {
    const { to, ...content } = notice;
    await notices.notify({
      userId: recipient,
      ...content,
      link: to === 'seller' ? MY_BUYERS : MY_ORDERS,
      dedupeKey: `booking:${booking.id}:${change.status}:${recipient}`,
      now,
    });
  }
  const status: BookingStatus = change.status;
  for (const party of [booking.buyerId, booking.sellerId]) {
    if (party) await notices.record(party, { type: 'booking', bookingId: booking.id, status });
  }
}

/** Two hours before an accepted meeting, each side is reminded once. */
export async function remindOfMeeting(
  notices: Notices,
  booking: BookingFacts,
  meeting: Meeting,
  now: Date = new Date(),
): Promise<void> {
  for (const [side, userId] of [
    ['buyer', booking.buyerId],
    ['seller', booking.sellerId],
  ] as const) {
    if (!userId) continue;
    await notices.notify({
      userId,
      kind: 'meeting_reminder',
      params: {
        productName: booking.productName,
        at: meeting.at,
        timeZone: meeting.timeZone,
        place: meeting.place,
        side,
      },
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
  notices: Notices,
  booking: Pick<BookingFacts, 'id' | 'buyerId' | 'productName'>,
  wrongTotal: number,
  lockedUntil: Date | null,
  now: Date = new Date(),
): Promise<void> {
  await notices.notify({
    userId: booking.buyerId,
    kind: 'handover_code',
    params: {
      productName: booking.productName,
      lockedUntil,
    },
    link: MY_ORDERS,
    dedupeKey: `handover:${booking.id}:${wrongTotal}:${booking.buyerId}`,
    now,
  });
  await notices.record(booking.buyerId, {
    type: 'booking',
    bookingId: booking.id,
    status: 'accepted',
  });
}

/** "26 Nov 2026, 06:30 UTC". */
export function utcTime(at: Date): string {
  return serverTexts('en').utcTime(at);
}

/**
 * One side pressed "I'm here" at the meeting: the other side hears of it, and both sides' open
 * tabs reload the request. Once per side and deal (the check-in itself is once).
 */
export async function announceCheckIn(
  notices: Notices,
  booking: BookingFacts,
  side: 'buyer' | 'seller',
  now: Date = new Date(),
): Promise<void> {
  const other = side === 'buyer' ? booking.sellerId : booking.buyerId;
  if (other) {
    await notices.notify({
      userId: other,
      kind: 'meeting_check_in',
      params: { productName: booking.productName, side },
      link: side === 'buyer' ? MY_BUYERS : MY_ORDERS,
      dedupeKey: `check-in:${booking.id}:${side}`,
      now,
    });
  }
  await recordBookingState(notices, booking, 'accepted');
}

/**
 * A no-show was recorded: the absent side is told (they may add a reason), and both sides' open
 * tabs reload the request. Once per deal.
 */
export async function announceNoShow(
  notices: Notices,
  booking: BookingFacts,
  absent: 'buyer' | 'seller',
  status: BookingStatus,
  now: Date = new Date(),
): Promise<void> {
  const userId = absent === 'buyer' ? booking.buyerId : booking.sellerId;
  if (userId) {
    await notices.notify({
      userId,
      kind: 'no_show_recorded',
      params: {
        productName: booking.productName,
        page: absent === 'buyer' ? 'myOrders' : 'myBuyers',
      },
      link: absent === 'buyer' ? MY_ORDERS : MY_BUYERS,
      dedupeKey: `no-show:${booking.id}`,
      now,
    });
  }
  await recordBookingState(notices, booking, status);
}

async function recordBookingState(
  notices: Notices,
  booking: BookingFacts,
  status: BookingStatus,
): Promise<void> {
  for (const party of [booking.buyerId, booking.sellerId]) {
    if (party) await notices.record(party, { type: 'booking', bookingId: booking.id, status });
  }
}
