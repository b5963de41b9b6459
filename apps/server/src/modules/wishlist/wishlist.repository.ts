import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
export function listWishlist(
  db: Kysely<Database>,
  userId: string,
  window: { limit: number; offset: number },
) {
  return db
    .selectFrom('wishlistItems as w')
    .innerJoin('products as p', 'p.id', 'w.productId')
    .select([
      'w.id',
      'w.productId',
      'p.name',
      'p.originalPriceCents',
      'p.resellPriceCents',
      'p.category',
      'p.imgUrl',
      'p.location',
    ])
    .where('w.userId', '=', userId)
    .orderBy('w.createdAt', 'desc')
    .orderBy('w.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countWishlist(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('wishlistItems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteWishlistItem(db: Kysely<Database>, id: string, userId: string) {
  const result = await db
    .deleteFrom('wishlistItems')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
