import type { Kysely } from 'kysely';
import type { Marks } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { findOpenRequests, findWishlistEntries } from './marks.repository.ts';

/**
 * The buyer's own marks on these products: on the wish list (with the entry that removes it),
 * requested (an open request), and reserved for them (an accepted one). Products that are gone, or that the buyer never touched, are simply not named.
 */
export async function getMarks(
  db: Kysely<Database>,
  buyer: Actor,
  productIds: readonly string[],
): Promise<Marks> {
  if (productIds.length === 0) return { wishlist: [], booked: [], reserved: [] };
  const [entries, requests] = await Promise.all([
    findWishlistEntries(db, buyer.id, productIds),
    findOpenRequests(db, buyer.id, productIds),
  ]);
  const ids = (rows: typeof requests) =>
    rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
  return {
    wishlist: entries.map((e) => ({ productId: e.productId, itemId: e.id })),
    booked: ids(requests),
    reserved: ids(requests.filter((r) => r.status === 'accepted')),
  };
}
