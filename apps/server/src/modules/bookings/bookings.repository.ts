import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { OPEN_BOOKING_STATUSES, type BookingStatus, type PaginationQuery } from '@market/shared';
import type { BookingsTable, Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';

/** A booking as both lists show it, with its listing's status and the seller's contact. */
function selectBookingViews(db: Kysely<Database>) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('products as p', 'p.id', 'b.productId')
    .leftJoin('users as s', 's.id', 'b.sellerId')
    .leftJoin('booking_inspections as i', 'i.bookingId', 'b.id')
    .leftJoin('meeting_spots as ms', 'ms.id', 'b.meetingSpotId')
    .select([
      'b.id',
      'b.productId',
      'b.buyerId',
      'b.sellerId',
      'b.name',
      'b.email',
      'b.phone',
      'b.location',
      'b.productName',
      'b.priceCents',
      'b.imgUrl',
      'b.createdAt',
      'b.status',
      'b.proposedAt',
      'b.meetingAt',
      'b.meetingPlace',
      'b.meetingTimeZone',
      'b.closeReason',
      'b.closedBy',
      'b.handoverCode',
      'b.codeAttempts',
      'b.codeLockedUntil',
      'b.updatedAt',
      'b.completedAt',
      'b.buyerCheckedInAt',
      'b.sellerCheckedInAt',
      'b.noShowSide',
      'b.noShowReason',
      'b.offerId',
      'p.status as productStatus',
      'p.placeId as listingPlaceId',
      's.name as sellerName',
      's.phone as sellerPhone',
      's.email as sellerEmail',
      // The check at hand-over; the listing's IMEI hash only says whether it has one.
      'b.inspectionRequired',
      'p.imeiHash as listingImeiHash',
      'i.answers as inspectionAnswers',
      'i.imeiState',
      'i.imeiTries',
      'i.completedAt as inspectionCompletedAt',
      'i.handedOverAt',
      'i.updatedAt as inspectionUpdatedAt',
      // The safe meeting spot the seller chose, if any (decision 0034).
      'ms.id as spotId',
      'ms.name as spotName',
      'ms.address as spotAddress',
      'ms.placeId as spotPlaceId',
      'ms.area as spotArea',
      'ms.lat as spotLat',
      'ms.lon as spotLon',
      'ms.openingHours as spotOpeningHours',
      'ms.kind as spotKind',
    ]);
}

export type BookingView = NonNullable<Awaited<ReturnType<typeof findBookingView>>>;

export function findBookingView(db: Kysely<Database>, id: string) {
  return selectBookingViews(db).where('b.id', '=', id).executeTakeFirst();
}

/**
 * A buyer's bookings (`buyerId`), or the bookings of a seller's products (`sellerId`, those
 * whose product has gone included), newest first.
 */
export function listBookings(
  db: Kysely<Database>,
  side: 'buyerId' | 'sellerId',
  userId: string,
  page: PaginationQuery,
) {
  const rows = selectBookingViews(db).where(`b.${side}`, '=', userId);
  const all = db.selectFrom('bookings').where(side, '=', userId);
  return listPage(newestFirst(rows, 'b.createdAt', 'b.id'), all, page);
}

/**
 * The listing, read inside a transaction that is about to change it or its requests. On
 * PostgreSQL the row stays locked until the transaction ends, so every change of a listing's
 * deal happens one at a time; SQLite runs one write transaction at a time anyway.
 */
export function lockProduct(db: Kysely<Database>, productId: string) {
  const query = db
    .selectFrom('products')
    .select(['id', 'sellerId', 'name', 'resellPriceCents', 'imgUrl', 'status', 'moderation'])
    .where('id', '=', productId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The parts of a booking its changes are decided on. */
export function findBookingForChange(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'buyerId',
      'sellerId',
      'productId',
      'status',
      'createdAt',
      'handoverCode',
      'codeAttempts',
      'codeWrongTotal',
      'codeLockedUntil',
      'productName',
      'name',
      'meetingAt',
      'buyerCheckedInAt',
      'sellerCheckedInAt',
      'noShowSide',
      'inspectionRequired',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertBooking(
  db: Kysely<Database>,
  row: Insertable<BookingsTable>,
): Promise<void> {
  await db.insertInto('bookings').values(row).execute();
}

/**
 * Changes the booking only while it is in one of the `from` states; answers whether it did.
 * The condition is the guard against a concurrent change that got there first.
 */
export async function updateBookingFrom(
  db: Kysely<Database>,
  id: string,
  from: readonly BookingStatus[],
  change: Updateable<BookingsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set(change)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the notices of a changed request need: who its parties are, and what was booked. */
const NOTICE_COLUMNS = ['id', 'buyerId', 'sellerId', 'productName', 'name'] as const;
export type ClosedRequest = {
  id: string;
  buyerId: string;
  sellerId: string | null;
  productName: string;
  name: string;
};

/** Closes every open request of the listing but `exceptId`; answers the requests it closed. */
export async function closeOpenRequests(
  db: Kysely<Database>,
  productId: string,
  exceptId: string | null,
  change: Updateable<BookingsTable>,
): Promise<ClosedRequest[]> {
  let query = db
    .updateTable('bookings')
    .set(change)
    .where('productId', '=', productId)
    .where('status', 'in', OPEN_BOOKING_STATUSES);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.returning(NOTICE_COLUMNS).execute();
}

/** Moves the listing from one of the `from` states; answers whether it did. */
export async function updateProductStatusFrom(
  db: Kysely<Database>,
  productId: string,
  from: readonly ('available' | 'reserved' | 'sold')[],
  to: 'available' | 'reserved' | 'sold',
  soldAt: Date | string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ status: to, soldAt })
    .where('id', '=', productId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Expires the requests still waiting that were made before `before`; answers them. */
export function expireRequestsBefore(
  db: Kysely<Database>,
  before: Date | string,
  change: Updateable<BookingsTable>,
): Promise<ClosedRequest[]> {
  return db
    .updateTable('bookings')
    .set(change)
    .where('status', '=', sql<BookingStatus>`'requested'`)
    .where('createdAt', '<', before)
    .returning(NOTICE_COLUMNS)
    .execute();
}

/**
 * When the buyer last cancelled a request of this listing themselves, if after `since`: a new
 * request of it waits a while after that.
 */
export async function lastOwnCancelSince(
  db: Kysely<Database>,
  buyerId: string,
  productId: string,
  since: string | Date,
) {
  const row = await db
    .selectFrom('bookings')
    .select('updatedAt')
    .where('buyerId', '=', buyerId)
    .where('productId', '=', productId)
    .where('status', '=', 'cancelled')
    .where('closedBy', '=', 'buyer')
    .where('updatedAt', '>', since)
    .orderBy('updatedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.updatedAt ?? null;
}
