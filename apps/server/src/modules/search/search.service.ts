import type { Kysely } from 'kysely';
import type {
  Product,
  SearchFacets,
  SearchFilters,
  SearchQuery,
  CategoryName,
  Condition,
} from '@market/shared';
import { readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { centsToDollars } from '../../lib/money.ts';
import { toProduct } from '../catalog/product-view.ts';
import type { SearchCursors } from './search-cursor.ts';
import {
  countSearchRows,
  findFacetCounts,
  findPostedAfter,
  findSearchRows,
  findSuggestions,
  resolveTerms,
  type SearchOrder,
} from './search.repository.ts';
import { parseSearchText } from './search-text.ts';

type Db = Kysely<Database>;

export const SUGGESTIONS_MAX = 8;

/** The words of a search, corrected where a long word matches nothing. */
export async function searchTerms(db: Db, text: string) {
  return resolveTerms(db, parseSearchText(text));
}

export interface SearchResult {
  products: Product[];
  /** Exact when `totalExact`; otherwise at least this many (COUNT_LIMIT). */
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

export async function searchProducts(
  db: Db,
  cursors: SearchCursors,
  query: SearchQuery,
): Promise<SearchResult> {
  const typed = parseSearchText(query.q);
  // Without words there is nothing to rank by: the best match is the newest.
  const order: SearchOrder =
    query.sort === 'relevance' && typed.length === 0 ? 'newest' : query.sort;
  // Read before any query: a forged cursor costs nothing.
  const after = query.cursor ? cursors.read(query.cursor, order) : null;
  const terms = await resolveTerms(db, typed);
  const [rows, count] = await Promise.all([
    findSearchRows(db, { filters: query, terms, order, after, limit: query.limit }),
    countSearchRows(db, query, terms),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? cursors.issue(order, { key: last.key, id: String(last.docid) })
      : null;
  return {
    products: page.map(({ row }) => toProduct(row)),
    total: count.count,
    totalExact: count.exact,
    nextCursor,
  };
}

export async function searchFacets(db: Db, filters: SearchFilters): Promise<SearchFacets> {
  const terms = await searchTerms(db, filters.q);
  const counts = await findFacetCounts(db, filters, terms);
  return {
    total: counts.total,
    exact: counts.exact,
    // The columns hold only the marketplace's categories and conditions.
    category: counts.category.map((c) => ({ value: c.value as CategoryName, count: c.count })),
    condition: counts.condition.map((c) => ({ value: c.value as Condition, count: c.count })),
    storage: counts.storage,
    minBattery: counts.battery,
    verified: counts.verified,
    price: {
      min: counts.price.min === null ? null : centsToDollars(counts.price.min),
      max: counts.price.max === null ? null : centsToDollars(counts.price.max),
    },
  };
}

export interface NewMatches {
  /** The newest few, newest first. */
  products: Product[];
  total: number;
  /** The newest one's posting time: a saved search has seen everything up to it. */
  newestPostedAt: Date | null;
}

/** Listings matching the filters posted after `since`: what a saved search has not seen. */
export async function findNewMatches(
  db: Db,
  filters: SearchFilters,
  since: Date,
  limit: number,
): Promise<NewMatches> {
  const terms = await searchTerms(db, filters.q);
  const { rows, total } = await findPostedAfter(db, filters, terms, since, limit);
  const newest = rows[0];
  return {
    products: rows.map((row) => toProduct(row)),
    total,
    newestPostedAt: newest ? readDate(newest.postedAt) : null,
  };
}

export async function suggestNames(db: Db, text: string): Promise<string[]> {
  const terms = parseSearchText(text);
  if (terms.length === 0) return [];
  return findSuggestions(db, terms, SUGGESTIONS_MAX);
}
