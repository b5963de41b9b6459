import type { Insertable, Kysely } from 'kysely';
import type { BookingsTable, Database } from '../../db/schema.ts';

type Window = { limit: number; offset: number };

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

export function listBuyerBookings(db: Kysely<Database>, buyerId: string, window: Window) {
  return db
    .selectFrom('bookings')
    .select(bookingColumns)
    .where('buyerId', '=', buyerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countBuyerBookings(db: Kysely<Database>, buyerId: string) {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyerId', '=', buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listSellerBookings(db: Kysely<Database>, sellerId: string, window: Window) {
  return db
    .selectFrom('bookings')
    .select(bookingColumns)
    .where('sellerId', '=', sellerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countSellerBookings(db: Kysely<Database>, sellerId: string) {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sellerId', '=', sellerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
