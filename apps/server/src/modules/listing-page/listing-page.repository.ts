import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectProductViews } from '../catalog/product-view.ts';

export function findListing(db: Kysely<Database>, id: string) {
  return selectProductViews(db)
    .select(['p.postedAt', 'u.createdAt as sellerSince', 'p.moderation', 'p.moderationReason'])
    .select(['p.model', 'p.imeiHash'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export function listPhotos(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('productPhotos')
    .select('url')
    .where('productId', '=', productId)
    .orderBy('position')
    .execute();
}

export function listPriceHistory(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('productPriceHistory')
    .select(['originalPriceCents', 'resellPriceCents', 'changedAt'])
    .where('productId', '=', productId)
    .orderBy('changedAt')
    .orderBy('id')
    .execute();
}

/** The seller's listings still on offer or reserved, and on show. */
export async function countOpenListings(db: Kysely<Database>, sellerId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sellerId', '=', sellerId)
    .where('status', '!=', 'sold')
    .where('moderation', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
