import { sql, type Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import { isPostgres, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { pageRows } from '../../lib/paging.ts';
import { selectProductViews } from '../products/public.ts';

/** Where a keyset page starts: strictly after this product in newest-first order. */
export interface ProductKey {
  postedAt: Date;
  id: string;
}

/** Rows `offset` onwards, counted from just after `after` (or from the newest when null). */
export interface PageWindow {
  limit: number;
  offset: number;
  after: ProductKey | null;
}

export function listCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'img'])
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

/**
 * The flag is written as a literal, not a parameter: only then can SQLite's planner prove the
 * query matches the partial index products_advertised_idx.
 */
function advertisedIsTrue(db: Kysely<Database>) {
  return isPostgres(db) ? sql<boolean>`p.advertised = true` : sql<boolean>`p.advertised = 1`;
}

/**
 * A sold listing leaves the catalogue (its category, the advertisements); a reserved one stays,
 * marked. So does a held or hidden one, and those of a suspended seller. Written as a literal so
 * that SQLite's planner matches the partial category index.
 */
const listed = sql<boolean>`status <> 'sold' and moderation is null`;

export function listAdvertised(db: Kysely<Database>, page: PaginationQuery) {
  return pageRows(
    selectProductViews(db)
      .where(advertisedIsTrue(db))
      .where(sql<boolean>`p.status <> 'sold' and p.moderation is null`)
      .orderBy('p.postedAt', 'desc')
      .orderBy('p.id', 'desc'),
    page,
  );
}

/** The category's ids in newest-first order from `window.after` on: a covering index scan. */
function categoryIds(db: Kysely<Database>, category: string, after: ProductKey | null) {
  let ids = db
    .selectFrom('products')
    .where('products.category', '=', category)
    .where(listed)
    .orderBy('products.postedAt', 'desc')
    .orderBy('products.id', 'desc');
  if (after) {
    const w = valueWriters(db);
    ids = ids.where((e) =>
      e(
        e.refTuple('products.postedAt', 'products.id'),
        '<',
        e.tuple(w.date(after.postedAt), after.id),
      ),
    );
  }
  return ids;
}

/**
 * One page of a category, newest first. The page's ids come from products_category_posted_idx
 * alone, and only those rows are joined with their sellers, so each skipped row costs one index
 * step and nothing more.
 */
export function listCategoryPage(db: Kysely<Database>, category: string, window: PageWindow) {
  return selectProductViews(db)
    .innerJoin(
      () =>
        categoryIds(db, category, window.after)
          .select('products.id as pageId')
          .limit(window.limit)
          .offset(window.offset)
          .as('page'),
      (join) => join.onRef('page.pageId', '=', 'p.id'),
    )
    .orderBy('p.postedAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** The key of the product `skip` rows after `after` (or after the start), if there is one. */
export async function findKeyAfter(
  db: Kysely<Database>,
  category: string,
  after: ProductKey | null,
  skip: number,
): Promise<ProductKey | undefined> {
  const row = await categoryIds(db, category, after)
    .select(['products.postedAt', 'products.id'])
    .limit(1)
    .offset(skip)
    .executeTakeFirst();
  return row ? { postedAt: readDate(row.postedAt), id: row.id } : undefined;
}

/**
 * The category's size and order version, which the database keeps current (see the
 * category_product_counts migration).
 */
export async function readCategoryCounter(
  db: Kysely<Database>,
  category: string,
): Promise<{ total: number; version: number }> {
  const row = await db
    .selectFrom('categories')
    .select(['productCount', 'productVersion'])
    .where('name', '=', category)
    .executeTakeFirst();
  return { total: Number(row?.productCount ?? 0), version: Number(row?.productVersion ?? 0) };
}
