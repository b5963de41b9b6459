import type { Insertable, Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import type { BookingsTable, Database } from '../../db/schema.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';

const bookingColumns = [
  'id',
  'productId',
  'name',
  'email',
  'phone',
  'location',
  'productName',
  'priceCents',
  'imgUrl',
  'createdAt',
] as const;

export function findBookableProduct(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'sellerId', 'name', 'resellPriceCents', 'imgUrl'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Inserts unless this buyer already booked this product; answers whether it inserted. */
export async function insertBookingOnce(
  db: Kysely<Database>,
  row: Insertable<BookingsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('bookings')
    .values(row)
    .onConflict((oc) => oc.columns(['buyerId', 'productId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findBooking(db: Kysely<Database>, id: string) {
  return db.selectFrom('bookings').select(bookingColumns).where('id', '=', id).executeTakeFirst();
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
  const theirs = db.selectFrom('bookings').where(side, '=', userId);
  return listPage(newestFirst(theirs.select(bookingColumns), 'createdAt', 'id'), theirs, page);
}
