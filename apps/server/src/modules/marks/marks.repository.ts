import type { Kysely } from 'kysely';
import { OPEN_BOOKING_STATUSES } from '@market/shared';
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

/** The user's open requests (requested or accepted) among these products. */
export function findOpenRequests(
  db: Kysely<Database>,
  buyerId: string,
  productIds: readonly string[],
) {
  return db
    .selectFrom('bookings')
    .select(['productId', 'status'])
    .where('buyerId', '=', buyerId)
    .where('productId', 'in', productIds)
    .where('status', 'in', OPEN_BOOKING_STATUSES)
    .execute();
}
