import type { Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import type { Database, NewProductRow } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';
import { selectProductViews } from '../catalog/product-view.ts';

export function listSellerProducts(db: Kysely<Database>, sellerId: string, page: PaginationQuery) {
  const theirs = selectProductViews(db)
    .select((eb) =>
      eb
        .selectFrom('bookings as b')
        .select((sub) => sub.fn.count<number | string>('b.buyerId').distinct().as('n'))
        .whereRef('b.productId', '=', 'p.id')
        .as('buyerCount'),
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
