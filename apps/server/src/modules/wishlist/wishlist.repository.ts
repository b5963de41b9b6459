import type { Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';

export async function productExists(db: Kysely<Database>, productId: string) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps one entry per user and product: adding it again changes nothing. */
export async function insertWishlistItemOnce(
  db: Kysely<Database>,
  row: { id: string; userId: string; productId: string; createdAt: Date | string },
): Promise<void> {
  await db
    .insertInto('wishlistItems')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'productId']).doNothing())
    .execute();
}

/** Entries are built from their product on every read, so they always show its current values. */
export function listWishlist(db: Kysely<Database>, userId: string, page: PaginationQuery) {
  const entries = db
    .selectFrom('wishlistItems as w')
    .innerJoin('products as p', 'p.id', 'w.productId')
    .select([
      'w.id',
      'w.productId',
      'p.name',
      'p.originalPriceCents',
      'p.resellPriceCents',
      'p.previousResellPriceCents',
      'p.category',
      'p.imgUrl',
      'p.location',
      'p.status',
      'p.moderation',
    ])
    .where('w.userId', '=', userId);
  const count = db.selectFrom('wishlistItems').where('userId', '=', userId);
  return listPage(newestFirst(entries, 'w.createdAt', 'w.id'), count, page);
}

export async function deleteWishlistItem(db: Kysely<Database>, id: string, userId: string) {
  const result = await db
    .deleteFrom('wishlistItems')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
