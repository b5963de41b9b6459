import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectProductViews } from '../products/public.ts';

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

/**
 * Up to `limit` listings on show (not sold, not held or hidden), newest first, but for `except`;
 * only of the category, and of the model, when given.
 */
export function listOnShow(
  db: Kysely<Database>,
  filter: { category?: string; model?: string; except?: string },
  limit: number,
) {
  let query = selectProductViews(db)
    .where(sql<boolean>`p.status <> 'sold' and p.moderation is null`)
    .orderBy('p.postedAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit);
  if (filter.category !== undefined) query = query.where('p.category', '=', filter.category);
  if (filter.model !== undefined) query = query.where('p.model', '=', filter.model);
  if (filter.except !== undefined) query = query.where('p.id', '!=', filter.except);
  return query.execute();
}

/** What a listing is (its model and brand), whatever its state; null when it is gone. */
export function findListingKind(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('products')
    .select(['category', 'model'])
    .where('id', '=', id)
    .executeTakeFirst();
}
