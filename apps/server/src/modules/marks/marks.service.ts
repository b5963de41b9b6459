import type { Kysely } from 'kysely';
import type { Marks } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { findBookedProductIds, findWishlistEntries } from './marks.repository.ts';

/**
 * The buyer's own marks on these products: on the wish list (with the entry that removes it),
 * and booked. Products that are gone, or that the buyer never touched, are simply not named.
 */
export async function getMarks(
  db: Kysely<Database>,
  buyer: Actor,
  productIds: readonly string[],
): Promise<Marks> {
  if (productIds.length === 0) return { wishlist: [], booked: [] };
  const [entries, booked] = await Promise.all([
    findWishlistEntries(db, buyer.id, productIds),
    findBookedProductIds(db, buyer.id, productIds),
  ]);
  return {
    wishlist: entries.map((e) => ({ productId: e.productId, itemId: e.id })),
    booked,
  };
}
