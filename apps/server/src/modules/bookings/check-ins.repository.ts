import { sql, type Kysely, type SqlBool } from 'kysely';
import type { MeetingSide } from '@market/shared';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

const checkInColumn = (side: MeetingSide) =>
  side === 'buyer' ? ('buyerCheckedInAt' as const) : ('sellerCheckedInAt' as const);
const partyColumn = (side: MeetingSide) =>
  side === 'buyer' ? ('buyerId' as const) : ('sellerId' as const);

/**
 * Records `side`'s "I'm here" while the request is accepted and that side has not checked in;
 * answers whether it did (the guard against a second press, or a change that got there first).
 */
export async function recordCheckIn(
  db: Db,
  id: string,
  side: MeetingSide,
  at: Date | string,
): Promise<boolean> {
  const column = checkInColumn(side);
  const result = await db
    .updateTable('bookings')
    .set(side === 'buyer' ? { buyerCheckedInAt: at } : { sellerCheckedInAt: at })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The accepted meetings whose time was at or before `before`, with exactly one side checked in
 * and no no-show recorded yet: the other side's no-show is due.
 */
export function listDueNoShows(db: Db, before: Date | string) {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'buyerId',
      'sellerId',
      'productName',
      'name',
      'buyerCheckedInAt',
      'sellerCheckedInAt',
    ])
    .where('status', '=', 'accepted')
    .where('meetingAt', '<=', before)
    .where('noShowSide', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('buyerCheckedInAt', 'is not', null), eb('sellerCheckedInAt', 'is', null)]),
        eb.and([eb('buyerCheckedInAt', 'is', null), eb('sellerCheckedInAt', 'is not', null)]),
      ]),
    )
    .orderBy('meetingAt')
    .execute();
}

/** Records `absent`'s no-show once: only while the request is still accepted and has none. */
export async function recordNoShow(
  db: Db,
  id: string,
  absent: MeetingSide,
  at: Date | string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ noShowSide: absent, noShowAt: at })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .where('noShowSide', 'is', null)
    .where(checkInColumn(absent), 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the reason of `side`'s own standing no-show; answers whether there was one. */
export async function updateNoShowReason(
  db: Db,
  id: string,
  side: MeetingSide,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ noShowReason: reason })
    .where('id', '=', id)
    .where('noShowSide', '=', side)
    .where('status', '<>', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A meeting on record: a completed deal (both came), a recorded no-show, or a meeting both sides
 * checked in to. A completed deal voids a no-show recorded before it.
 */
const onRecord = sql<SqlBool>`(status = 'completed' or "noShowSide" is not null or ("buyerCheckedInAt" is not null and "sellerCheckedInAt" is not null))`;

/** Meetings on record and those the person missed, per person, on one side of the deals. */
export async function countShowUps(
  db: Db,
  side: MeetingSide,
  userIds: readonly string[],
): Promise<Map<string, { meetings: number; missed: number }>> {
  const counts = new Map<string, { meetings: number; missed: number }>();
  if (userIds.length === 0) return counts;
  const party = partyColumn(side);
  const rows = await db
    .selectFrom('bookings')
    .select([
      `${party} as userId`,
      sql<number | string>`count(*)`.as('meetings'),
      sql<
        number | string
      >`sum(case when "noShowSide" = ${side} and status <> 'completed' then 1 else 0 end)`.as(
        'missed',
      ),
    ])
    .where(party, 'in', [...userIds])
    .where(onRecord)
    .groupBy(party)
    .execute();
  for (const row of rows) {
    if (row.userId === null) continue;
    counts.set(row.userId, { meetings: Number(row.meetings), missed: Number(row.missed ?? 0) });
  }
  return counts;
}

/** A person's latest standing no-shows, on either side, newest first. */
export function listNoShowsOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('bookings')
    .select(['id', 'buyerId', 'productName', 'meetingAt', 'noShowSide', 'noShowAt', 'noShowReason'])
    .where((eb) =>
      eb.or([
        eb.and([eb('buyerId', '=', userId), eb('noShowSide', '=', 'buyer')]),
        eb.and([eb('sellerId', '=', userId), eb('noShowSide', '=', 'seller')]),
      ]),
    )
    .where('status', '<>', 'completed')
    .orderBy('noShowAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
