import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * The relations between a user and a thing that access rules are made of. Each is one indexed
 * lookup that answers only whether the relation holds.
 */

async function holds<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
): Promise<boolean> {
  const row = await query
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function isSellerOfProduct(db: Kysely<Database>, userId: string, productId: string) {
  return holds(
    db.selectFrom('products').where('id', '=', productId).where('sellerId', '=', userId),
  );
}

/** The buyer who booked, or the seller whose product was booked. */
export function isPartyToBooking(db: Kysely<Database>, userId: string, bookingId: string) {
  return holds(
    db
      .selectFrom('bookings')
      .where('id', '=', bookingId)
      .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)])),
  );
}

export function isOwnerOfWishlistItem(db: Kysely<Database>, userId: string, itemId: string) {
  return holds(
    db.selectFrom('wishlistItems').where('id', '=', itemId).where('userId', '=', userId),
  );
}
