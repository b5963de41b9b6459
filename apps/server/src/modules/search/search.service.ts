import type { Kysely } from 'kysely';
import {
  CATEGORIES,
  CONDITIONS,
  STORAGE_OPTIONS_GB,
  type Product,
  type SearchFacets,
  type SearchFilters,
  type SearchQuery,
} from '@market/shared';
import { readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { centsToDollars } from '../../lib/money.ts';
import { toProduct } from '../products/product-view.ts';
import type { SearchCursors } from './search-cursor.ts';
import {
  COUNT_LIMIT,
  countSearchRows,
  findFacetPasses,
  findPageEntries,
  findPostedAfter,
  findSuggestions,
  resolveTerms,
  type SearchOrder,
} from './search.repository.ts';
import { readCards, type CardCache } from './search-cards.ts';
import type { LiveSearchIndex } from './search-index-feed.ts';
import { BATTERY_THRESHOLDS, filtersSet, type SearchIndex } from './search-index.ts';
import { parseSearchText } from './search-text.ts';

type Db = Kysely<Database>;

export const SUGGESTIONS_MAX = 8;

/** The words of a search, corrected where a long word matches nothing. */
export async function searchTerms(db: Db, text: string) {
  return resolveTerms(db, parseSearchText(text));
}

export interface SearchResult {
  /** The page's cards, each as its JSON text. */
  cards: string[];
  /** Exact when `totalExact`; otherwise at least this many (COUNT_LIMIT). */
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

/**
 * The in-memory index for a search, caught up with every write before it; null when the
 * database's engine answers: no index on this server (SEARCH_INDEX=database) or not built yet,
 * or a location filter, which matches the listing's own text that the index does not hold.
 */
async function indexFor(
  live: LiveSearchIndex | null,
  filters: SearchFilters,
): Promise<{ index: SearchIndex; cards: CardCache } | null> {
  if (!live?.ready || filters.location) return null;
  return live.current();
}

export async function searchProducts(
  db: Db,
  cursors: SearchCursors,
  query: SearchQuery,
  live: LiveSearchIndex | null = null,
): Promise<SearchResult> {
  const typed = parseSearchText(query.q);
  // Without words there is nothing to rank by: the best match is the newest.
  const order: SearchOrder =
    query.sort === 'relevance' && typed.length === 0 ? 'newest' : query.sort;
  // Read before any query: a forged cursor costs nothing.
  const after = query.cursor ? cursors.read(query.cursor, order) : null;
  const input = { filters: query, order, after, limit: query.limit };
  const memory = await indexFor(live, query);
  let found;
  if (memory) {
    const { index } = memory;
    const terms = index.resolveTerms(typed);
    found = {
      entries: index.page(terms, query, order, after, query.limit + 1),
      count: index.count(terms, query, COUNT_LIMIT),
    };
  } else {
    const terms = await resolveTerms(db, typed);
    const [entries, count] = await Promise.all([
      findPageEntries(db, { ...input, terms }),
      countSearchRows(db, query, terms),
    ]);
    found = { entries, count };
  }
  const docids = found.entries.map((e) => e.docid);
  const cards = await (memory ? memory.cards.get(db, docids) : readCards(db, docids));
  // A listing sold since its document was read has no card: it is left out.
  const shown = found.entries.filter((e) => cards.has(e.docid));
  const page = shown.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    shown.length > query.limit && last
      ? cursors.issue(order, { key: last.key, id: String(last.docid) })
      : null;
  return {
    cards: page.map((e) => cards.get(e.docid)!),
    total: found.count.count,
    totalExact: found.count.exact,
    nextCursor,
  };
}

export async function searchFacets(
  db: Db,
  filters: SearchFilters,
  live: LiveSearchIndex | null = null,
): Promise<SearchFacets> {
  const typed = parseSearchText(filters.q);
  const index = (await indexFor(live, filters))?.index;
  const passes = index
    ? index.facets(index.resolveTerms(typed), filters, COUNT_LIMIT)
    : await findFacetPasses(db, filters, await resolveTerms(db, typed));
  const { all, without } = passes;
  const counted = [all, ...filtersSet(filters).map(without)];
  const present = <T>(values: readonly T[], counts: number[]) =>
    values.map((value, i) => ({ value, count: counts[i]! })).filter((c) => c.count > 0);
  const prices = without('price');
  return {
    total: all.total,
    // A pass that read the limit may have stopped there: its counts are then lower bounds.
    exact: counted.every((pass) => pass.total < COUNT_LIMIT),
    // The columns hold only the marketplace's categories and conditions.
    category: present(CATEGORIES, without('category').category),
    condition: present(CONDITIONS, without('condition').condition),
    storage: present(STORAGE_OPTIONS_GB, without('storage').storage),
    minBattery: BATTERY_THRESHOLDS.map((value, i) => ({
      value,
      count: without('minBattery').battery[i]!,
    })),
    verified: without('verified').verified,
    price: {
      min: prices.minPrice === null ? null : centsToDollars(prices.minPrice),
      max: prices.maxPrice === null ? null : centsToDollars(prices.maxPrice),
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
