import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The user's wish-list entries among these products (one per product, by the unique key). */
export function findWishlistEntries(
  db: Kysely<Database>,
  userId: string,
  productIds: readonly string[],
) {
  return db
    .selectFrom('wishlistItems')
    .select(['id', 'productId'])
    .where('userId', '=', userId)
    .where('productId', 'in', productIds)
    .execute();
}

/** Which of these products the user has booked (their bookings' product ids). */
export async function findBookedProductIds(
  db: Kysely<Database>,
  buyerId: string,
  productIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('productId')
    .where('buyerId', '=', buyerId)
    .where('productId', 'in', productIds)
    .execute();
  return rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
}
