import type { Kysely } from 'kysely';
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  NO_SHOW_AFTER_HOURS,
  checkInWindow,
  type BookingState,
  type MeetingSide,
  type NoShowEntry,
  type ShowUpRecord,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { readDate, valueWriters } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, reason } from '../../lib/errors.ts';
import {
  announceCheckIn,
  announceNoShow,
  type BookingFacts,
  type Notifier,
} from '../notifications/public.ts';
import { findBookingForChange } from './bookings.repository.ts';
import { bookingStateFor } from './bookings.service.ts';
import {
  countShowUps,
  listDueNoShows,
  listNoShowsOf,
  recordCheckIn,
  recordNoShow,
  updateNoShowReason,
} from './check-ins.repository.ts';
import { checkedInAt } from './check-ins.rules.ts';
import { showUpRecords } from './show-up.ts';

/*
 * Show-up reliability (decision 0032): "I'm here" within the meeting window, the no-shows the
 * job records, the absent side's reason, and the "showed up to N of M meetings" figures.
 */

type Db = Kysely<Database>;

const NO_SHOW_AFTER_MS = NO_SHOW_AFTER_HOURS * 60 * 60 * 1000;
/** How many of a person's no-shows a moderator sees on their account. */
const NO_SHOWS_SHOWN = 5;

const factsOf = (row: {
  id: string;
  buyerId: string;
  sellerId: string | null;
  productName: string;
  name: string;
}): BookingFacts => ({
  id: row.id,
  buyerId: row.buyerId,
  sellerId: row.sellerId,
  productName: row.productName,
  buyerName: row.name,
});

/** The request and the caller's side of it; anyone else is told it does not exist. */
async function sideOf(
  db: Db,
  actor: Actor,
  permission: 'booking.checkIn' | 'booking.noShowReason',
  id: string,
) {
  await requireAccess(db, actor, permission, id);
  const row = await findBookingForChange(db, id);
  if (!row) throw refusalOf(permission);
  const side: MeetingSide = row.sellerId === actor.id ? 'seller' : 'buyer';
  return side;
}

/**
 * The caller says "I'm here": once per side, while the request is accepted, within its meeting
 * window. The other side is told.
 */
export async function checkIn(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  now: Date = new Date(),
): Promise<BookingState> {
  const side = await sideOf(db, actor, 'booking.checkIn', id);
  const w = valueWriters(db);
  await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const current = await findBookingForChange(trx, id);
    if (!current) throw refusalOf('booking.checkIn');
    if (current.status !== 'accepted' || current.meetingAt === null) {
      throw conflict('bookings.checkIn.noMeeting');
    }
    const already = checkedInAt(current, side);
    if (already !== null) {
      const at = readDate(already);
      throw conflict(reason('bookings.checkIn.already', { at: (texts) => texts.utcTime(at) }));
    }
    const { opensAt, closesAt } = checkInWindow(readDate(current.meetingAt));
    if (now < opensAt || now > closesAt) {
      throw conflict(
        reason('bookings.checkIn.window', {
          from: (texts) => texts.utcTime(opensAt),
          to: (texts) => texts.utcTime(closesAt),
          before: CHECK_IN_OPENS_MINUTES,
          after: CHECK_IN_CLOSES_MINUTES,
        }),
      );
    }
    if (!(await recordCheckIn(trx, id, side, w.date(now)))) {
      throw conflict('common.changedMeanwhile');
    }
    await announceCheckIn(notices, factsOf(current), side, now);
  });
  return bookingStateFor(db, side, id);
}

/** The absent side adds (or rewrites) the reason of their own recorded no-show. */
export async function setNoShowReason(
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
): Promise<BookingState> {
  const side = await sideOf(db, actor, 'booking.noShowReason', id);
  if (!(await updateNoShowReason(db, id, side, reason))) {
    throw conflict('bookings.checkIn.noMissedMeeting');
  }
  return bookingStateFor(db, side, id);
}

/**
 * Records the no-shows that are due: accepted meetings NO_SHOW_AFTER_HOURS past their time,
 * neither completed nor cancelled, with one side checked in; the other side is recorded absent,
 * once, and told. Answers how many it recorded. Several instances may run it at once: each
 * record is a conditional update.
 */
export async function recordDueNoShows(
  db: Db,
  notifier: Notifier,
  now: Date = new Date(),
): Promise<number> {
  const w = valueWriters(db);
  const due = await listDueNoShows(db, w.date(new Date(now.getTime() - NO_SHOW_AFTER_MS)));
  let recorded = 0;
  for (const row of due) {
    const absent: MeetingSide = row.buyerCheckedInAt === null ? 'buyer' : 'seller';
    const done = await notifier.transaction(async (notices) => {
      if (!(await recordNoShow(notices.trx, row.id, absent, w.date(now)))) return false;
      await announceNoShow(notices, factsOf(row), absent, 'accepted', now);
      return true;
    });
    if (done) recorded += 1;
  }
  return recorded;
}

/** A seller's figure for their public profile. */
export async function sellerShowUp(db: Db, sellerId: string): Promise<ShowUpRecord | null> {
  return (await showUpRecords(db, 'seller', [sellerId])).get(sellerId) ?? null;
}

/**
 * A person's whole record and latest no-shows with their reasons, on both sides, for a
 * moderator: the record counts from the first meeting (moderators judge small numbers too).
 */
export async function moderatorShowUpView(
  db: Db,
  userId: string,
): Promise<{ showUp: ShowUpRecord | null; noShows: NoShowEntry[] }> {
  const [asBuyer, asSeller, rows] = await Promise.all([
    countShowUps(db, 'buyer', [userId]),
    countShowUps(db, 'seller', [userId]),
    listNoShowsOf(db, userId, NO_SHOWS_SHOWN),
  ]);
  const meetings = (asBuyer.get(userId)?.meetings ?? 0) + (asSeller.get(userId)?.meetings ?? 0);
  const missed = (asBuyer.get(userId)?.missed ?? 0) + (asSeller.get(userId)?.missed ?? 0);
  return {
    showUp: meetings === 0 ? null : { showed: meetings - missed, meetings },
    noShows: rows.flatMap((row) =>
      row.meetingAt === null || row.noShowAt === null || row.noShowSide === null
        ? []
        : [
            {
              bookingId: row.id,
              productName: row.productName,
              side: row.noShowSide,
              meetingAt: readDate(row.meetingAt).toISOString(),
              recordedAt: readDate(row.noShowAt).toISOString(),
              reason: row.noShowReason,
            },
          ],
    ),
  };
}
