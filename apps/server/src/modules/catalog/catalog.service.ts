import type { Kysely } from 'kysely';
import {
  CATEGORIES,
  type Advertisement,
  type Category,
  type CategoryName,
  type PaginationQuery,
  type Product,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { readDate } from '../../db/dialect.ts';
import { AppError, notFound, reason } from '../../lib/errors.ts';
import {
  listAdvertised,
  listCategories,
  listCategoryPage,
  readCategoryCounter,
  type ProductKey,
} from './catalog.repository.ts';
import type { CategoryPageAnchors } from './page-anchors.ts';
import { toProduct } from '../products/public.ts';

export async function getCategories(db: Kysely<Database>): Promise<Category[]> {
  const rows = await listCategories(db);
  // The column references only the spec's category names (seeded and checked by foreign keys).
  return rows.map((r) => ({ _id: r.id, name: r.name as CategoryName, img: r.img }));
}

export async function getAdvertisements(
  db: Kysely<Database>,
  page: PaginationQuery,
): Promise<Advertisement[]> {
  const rows = await listAdvertised(db, page);
  return rows.map((row) => {
    const p = toProduct(row);
    return {
      _id: p._id,
      name: p.name,
      Category: p.Category,
      // The whole text: the web shows the spec's 250-character preview with truncateDescription.
      description: p.description,
      imgURL: p.imgURL,
      originalPrice: p.originalPrice,
      resellPrice: p.resellPrice,
    };
  });
}

const CATEGORY_BY_LOWER_CASE = new Map(CATEGORIES.map((c) => [c.toLowerCase(), c]));

/** The canonical category name for a URL segment in any letter case, or 404. */
export function resolveCategory(name: string): CategoryName {
  // Asked on every category read, cached or not: one lookup in a map made once.
  const found = CATEGORY_BY_LOWER_CASE.get(name.trim().toLowerCase());
  if (!found) throw notFound(reason('offers.catalog.noCategory', { name }));
  return found;
}

export function encodeCursor(key: ProductKey): string {
  return Buffer.from(JSON.stringify([key.postedAt.toISOString(), key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): ProductKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [postedAt, id] = parsed as unknown[];
      const date = typeof postedAt === 'string' ? new Date(postedAt) : null;
      if (date && !Number.isNaN(date.getTime()) && typeof id === 'string' && id.length <= 64) {
        return { postedAt: date, id };
      }
    }
  } catch (_err) {
    // Falls through to the same answer as a well-formed but meaningless cursor.
  }
  throw new AppError(400, 'VALIDATION_FAILED', 'offers.catalog.pageLinkStale', {
    cursor: 'offers.catalog.invalidCursor',
  });
}

export interface CategoryPage {
  products: Product[];
  total: number;
  /** Continues after the last product of this page; null on the last page. */
  nextCursor: string | null;
}

export async function getCategoryProducts(
  db: Kysely<Database>,
  anchors: CategoryPageAnchors,
  categoryName: string,
  query: { page: number; limit: number; cursor?: string | undefined },
): Promise<CategoryPage> {
  const category = resolveCategory(categoryName);
  const offset = (query.page - 1) * query.limit;
  let rows: Awaited<ReturnType<typeof listCategoryPage>>;
  let total: number;
  if (query.cursor || anchors.isShallow(offset)) {
    // Near the top (or from a cursor) the page does not depend on the counter: ask both at once.
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    [rows, { total }] = await Promise.all([
      listCategoryPage(db, category, { limit: query.limit, offset: after ? 0 : offset, after }),
      readCategoryCounter(db, category),
    ]);
  } else {
    const counter = await readCategoryCounter(db, category);
    total = counter.total;
    rows =
      offset >= total
        ? []
        : await listCategoryPage(
            db,
            category,
            await anchors.windowFor(db, category, counter.version, offset, query.limit),
          );
  }
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === query.limit
      ? encodeCursor({ postedAt: readDate(last.postedAt), id: last.id })
      : null;
  return { products: rows.map(toProduct), total, nextCursor };
}
