import type { Kysely } from 'kysely';
import type { Database, NewProductRow } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { selectProductViews } from '../catalog/product-view.ts';

export function listSellerProducts(
  db: Kysely<Database>,
  sellerId: string,
  window: { limit: number; offset: number },
) {
  return selectProductViews(db)
    .where('p.sellerId', '=', sellerId)
    .orderBy('p.postedAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countSellerProducts(db: Kysely<Database>, sellerId: string) {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sellerId', '=', sellerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProductView(db: Kysely<Database>, id: string) {
  return selectProductViews(db).where('p.id', '=', id).executeTakeFirst();
}

export async function insertProduct(db: Kysely<Database>, row: NewProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function isOwnProduct(db: Kysely<Database>, id: string, sellerId: string) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .where('sellerId', '=', sellerId)
    .executeTakeFirst();
  return row !== undefined;
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
