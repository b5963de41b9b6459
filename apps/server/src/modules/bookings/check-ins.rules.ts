import {
  LATE_CANCEL_HOURS,
  checkInWindow,
  type BookingStatus,
  type MeetingCheckIn,
  type MeetingSide,
} from '@market/shared';
import { readDate } from '../../db/dialect.ts';

/*
 * What "I'm here" and a no-show mean for one request (decision 0032), as plain rules on its
 * row: the views and the cancel use them, the service and the job write them.
 */

type Stamp = Date | string | null;

/** The parts of a request its check-ins are decided on. */
export interface CheckInFacts {
  status: BookingStatus;
  meetingAt: Stamp;
  buyerCheckedInAt: Stamp;
  sellerCheckedInAt: Stamp;
  noShowSide: MeetingSide | null;
}

export const otherSide = (side: MeetingSide): MeetingSide =>
  side === 'buyer' ? 'seller' : 'buyer';

export const checkedInAt = (row: Omit<CheckInFacts, 'noShowSide'>, side: MeetingSide): Stamp =>
  side === 'buyer' ? row.buyerCheckedInAt : row.sellerCheckedInAt;

const iso = (value: Stamp) => (value === null ? null : readDate(value).toISOString());

/**
 * The side recorded absent, as it stands: a deal completed after all (they met late) voids a
 * no-show recorded before it.
 */
export function standingNoShow(row: Pick<CheckInFacts, 'status' | 'noShowSide'>) {
  return row.status === 'completed' ? null : row.noShowSide;
}

/**
 * The request's check-ins as `side` sees them: while it is accepted, and after a no-show was
 * recorded; null otherwise. The reason of a no-show is shown only to the side who wrote it.
 */
export function checkInView(
  side: MeetingSide,
  row: CheckInFacts & { noShowReason: string | null },
): MeetingCheckIn | null {
  if (row.meetingAt === null) return null;
  const absent = standingNoShow(row);
  if (row.status !== 'accepted' && absent === null) return null;
  const { opensAt, closesAt } = checkInWindow(readDate(row.meetingAt));
  return {
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    you: iso(checkedInAt(row, side)),
    other: iso(checkedInAt(row, otherSide(side))),
    noShow: absent === null ? null : absent === side ? 'you' : 'other',
    noShowReason: absent === side ? row.noShowReason : null,
  };
}

/**
 * Whether cancelling an accepted request now records the canceller's no-show: only when it is
 * late (LATE_CANCEL_HOURS or less before the meeting, or after it), the other side had already
 * said "I'm here", and the canceller had not. A cancel by the side who checked in is never
 * theirs; an earlier cancel is never a no-show.
 */
export function cancelIsNoShow(row: CheckInFacts, side: MeetingSide, now: Date): boolean {
  if (row.status !== 'accepted' || row.meetingAt === null || row.noShowSide !== null) return false;
  const lateFrom = readDate(row.meetingAt).getTime() - LATE_CANCEL_HOURS * 60 * 60 * 1000;
  if (now.getTime() < lateFrom) return false;
  return checkedInAt(row, otherSide(side)) !== null && checkedInAt(row, side) === null;
}
