import type { Insertable, Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import type { Database, NewProductRow, ProductUpdate } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';
import { selectProductViews } from '../products/public.ts';

export function listSellerProducts(db: Kysely<Database>, sellerId: string, page: PaginationQuery) {
  const theirs = selectProductViews(db)
    .select((eb) =>
      eb
        .selectFrom('bookings as b')
        .select((sub) => sub.fn.count<number | string>('b.buyerId').distinct().as('n'))
        .whereRef('b.productId', '=', 'p.id')
        .as('buyerCount'),
    )
    .select(['p.moderation', 'p.moderationReason'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reports as r')
            .select('r.id')
            .where('r.targetType', '=', 'listing')
            .whereRef('r.targetId', '=', 'p.id')
            .where('r.reason', '=', 'review_request')
            .where('r.status', '=', 'open'),
        )
        .as('reviewRequested'),
    )
    .where('p.sellerId', '=', sellerId);
  const count = db.selectFrom('products').where('sellerId', '=', sellerId);
  return listPage(newestFirst(theirs, 'p.postedAt', 'p.id'), count, page);
}

export function findProductView(db: Kysely<Database>, id: string) {
  return selectProductViews(db).where('p.id', '=', id).executeTakeFirst();
}

export async function insertProduct(db: Kysely<Database>, row: NewProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Sets the advertisement flag; counts only a product that was not yet advertised. */
export async function markAdvertised(db: Kysely<Database>, id: string, sellerId: string) {
  const result = await db
    .updateTable('products')
    .set({ advertised: isPostgres(db) ? true : 1 })
    .where('id', '=', id)
    .where('sellerId', '=', sellerId)
    .where('advertised', '=', isPostgres(db) ? false : 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteSellerProduct(db: Kysely<Database>, id: string, sellerId: string) {
  const result = await db
    .deleteFrom('products')
    .where('id', '=', id)
    .where('sellerId', '=', sellerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The listing's row as its seller changes it; null when it is not theirs (or gone). */
export function findSellerProductForUpdate(db: Kysely<Database>, id: string, sellerId: string) {
  let query = db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'status',
      'category',
      'model',
      'storageGb',
      'networkLock',
      'imeiHash',
      'imgUrl',
      'originalPriceCents',
      'resellPriceCents',
      'previousResellPriceCents',
    ])
    .where('id', '=', id)
    .where('sellerId', '=', sellerId);
  // PostgreSQL: a second edit (or a sale) of the same listing waits for this one to commit.
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateProductRow(
  db: Kysely<Database>,
  id: string,
  changes: ProductUpdate,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

export async function listPhotoUrls(db: Kysely<Database>, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('productPhotos')
    .select('url')
    .where('productId', '=', productId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.url);
}

/** Replaces the listing's photos with these, in this order (the first is the cover). */
export async function replacePhotos(
  db: Kysely<Database>,
  productId: string,
  urls: readonly string[],
): Promise<void> {
  await db.deleteFrom('productPhotos').where('productId', '=', productId).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('productPhotos')
    .values(urls.map((url, position) => ({ productId, position, url })))
    .execute();
}

export async function insertPriceChange(
  db: Kysely<Database>,
  row: Insertable<Database['productPriceHistory']>,
): Promise<void> {
  await db.insertInto('productPriceHistory').values(row).execute();
}
