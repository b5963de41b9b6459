import type { Kysely } from 'kysely';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The party's live link to a deal's meeting plan, if they have one. */
export function findLiveShare(db: Db, bookingId: string, userId: string) {
  return db
    .selectFrom('meeting_plan_shares')
    .select(['id', 'createdAt'])
    .where('bookingId', '=', bookingId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

export function insertShare(
  db: Db,
  row: { id: string; bookingId: string; userId: string; createdAt: Date },
) {
  return db
    .insertInto('meeting_plan_shares')
    .values({ ...row, createdAt: valueWriters(db).date(row.createdAt) })
    .execute();
}

/** Ends the party's live link; answers whether there was one. */
export async function revokeLiveShare(
  db: Db,
  bookingId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('meeting_plan_shares')
    .set({ revokedAt: valueWriters(db).date(now) })
    .where('bookingId', '=', bookingId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A shared plan as its link opens it: the deal's meeting, the phone, both parties' names (only
 * the first name of the other one is shown), and the spot. Nothing else of the deal is read: no
 * phone number, email address or hand-over code can reach the page.
 */
export function findSharedPlan(db: Db, shareId: string) {
  return db
    .selectFrom('meeting_plan_shares as sh')
    .innerJoin('bookings as b', 'b.id', 'sh.bookingId')
    .leftJoin('users as s', 's.id', 'b.sellerId')
    .leftJoin('meeting_spots as ms', 'ms.id', 'b.meetingSpotId')
    .select([
      'sh.userId as sharedById',
      'sh.revokedAt',
      'b.buyerId',
      'b.sellerId',
      'b.name as buyerName',
      's.name as sellerName',
      'b.status',
      'b.meetingAt',
      'b.meetingPlace',
      'b.meetingTimeZone',
      'b.productName',
      'b.imgUrl',
      'ms.id as spotId',
      'ms.name as spotName',
      'ms.address as spotAddress',
      'ms.placeId as spotPlaceId',
      'ms.area as spotArea',
      'ms.lat as spotLat',
      'ms.lon as spotLon',
      'ms.openingHours as spotOpeningHours',
      'ms.kind as spotKind',
    ])
    .where('sh.id', '=', shareId)
    .executeTakeFirst();
}
