import type { Kysely } from 'kysely';
import {
  FACET_FILTERS,
  SEARCH_FILTERS,
  type FacetFilter,
  type Product,
  type SearchFacets,
  type SearchFilters,
  type SearchQuery,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { centsToDollars } from '../../lib/money.ts';
import { requirePlace, type Gazetteer } from '../places/public.ts';
import { toProduct } from '../products/public.ts';
import type { SearchCursors } from './search-cursor.ts';
import {
  BATTERY_THRESHOLDS,
  COUNT_LIMIT,
  filtersSet,
  type FacetPass,
  type SearchEngine,
  type SearchOrder,
} from './search-engine.ts';
import type { LiveSearchIndex } from './search-index-feed.ts';
import { findCardViews } from './search.repository.ts';
import { parseSearchText, type SearchTerm } from './search-text.ts';

type Db = Kysely<Database>;

export const SUGGESTIONS_MAX = 8;

/**
 * The words of a search as the engine matches them, corrected where a long word matches nothing;
 * null when the words or the location have characters but no searchable word: such a search
 * matches nothing (never the whole catalogue).
 */
function searchTerms(engine: SearchEngine, filters: SearchFilters): SearchTerm[] | null {
  const typed = parseSearchText(filters.q);
  if (typed.length === 0 && filters.q.trim() !== '') return null;
  if (filters.location !== undefined && parseSearchText(filters.location).length === 0) return null;
  return engine.resolveTerms(typed);
}

/**
 * The search's origin as the engine reads it: a `near` place's centre in `lat` and `lon` (400
 * naming `near` when no place has the id). A position given with `near` is replaced by it.
 */
export function withOrigin<F extends SearchFilters>(places: Gazetteer, filters: F): F {
  if (filters.near === undefined) return filters;
  const place = requirePlace(places, filters.near, 'near');
  return { ...filters, lat: place.lat, lon: place.lon };
}

export interface SearchResult {
  /** The page's cards, each as its JSON in UTF-8. */
  cards: Buffer[];
  /** Exact when `totalExact`; otherwise at least this many (COUNT_LIMIT). */
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

/** The server's search engine, caught up with every write committed before the call. */
export async function searchEngine(live: LiveSearchIndex) {
  const { index, cards } = await live.current();
  const engine: SearchEngine = index;
  return { engine, cards };
}

export async function searchProducts(
  db: Db,
  cursors: SearchCursors,
  query: SearchQuery,
  live: LiveSearchIndex,
): Promise<SearchResult> {
  // Without words there is nothing to rank by: the best match is the newest.
  const order: SearchOrder =
    query.sort === 'relevance' && parseSearchText(query.q).length === 0 ? 'newest' : query.sort;
  // Read before any search: a forged cursor costs nothing.
  const after = query.cursor ? cursors.read(query.cursor, order) : null;
  const { engine, cards: kept } = await searchEngine(live);
  const terms = searchTerms(engine, query);
  if (!terms) return { cards: [], total: 0, totalExact: true, nextCursor: null };
  const entries = engine.page(terms, query, order, after, query.limit + 1);
  const count = engine.count(terms, query, COUNT_LIMIT);
  const cards = await kept.get(
    db,
    entries.map((e) => e.docid),
  );
  // A listing sold since its document was read has no card: it is left out.
  const shown = entries.filter((e) => cards.has(e.docid));
  const page = shown.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    shown.length > query.limit && last
      ? cursors.issue(order, { key: last.key, id: String(last.docid) })
      : null;
  return {
    cards: page.map((e) => cards.get(e.docid)!),
    total: count.count,
    totalExact: count.exact,
    nextCursor,
  };
}

const NO_FACETS: SearchFacets = {
  total: 0,
  exact: true,
  category: [],
  condition: [],
  storage: [],
  minBattery: BATTERY_THRESHOLDS.map((value) => ({ value, count: 0 })),
  verified: 0,
  unlocked: 0,
  activationLockOff: 0,
  distance: [],
  price: { min: null, max: null },
};

/** Choices with results, in the filter's order, with their counts. */
const present = <T>(values: readonly T[], counts: number[]) =>
  values.map((value, i) => ({ value, count: counts[i]! })).filter((c) => c.count > 0);

/**
 * Each counted filter's facet in the answer, read from the pass without that filter. The index
 * holds only the marketplace's categories and conditions.
 */
const FACET_ANSWERS = {
  category: (pass) => present(SEARCH_FILTERS.category.choices, pass.category),
  condition: (pass) => present(SEARCH_FILTERS.condition.choices, pass.condition),
  storage: (pass) => present(SEARCH_FILTERS.storage.choices, pass.storage),
  minBattery: (pass) =>
    SEARCH_FILTERS.minBattery.choices.map((value, i) => ({ value, count: pass.battery[i]! })),
  verified: (pass) => pass.verified,
  unlocked: (pass) => pass.unlocked,
  activationLockOff: (pass) => pass.activationLockOff,
  // Bands count only with an origin: every band of a search without one is empty.
  distance: (pass) =>
    pass.distance.some((count) => count > 0)
      ? SEARCH_FILTERS.distance.choices.map((value, i) => ({ value, count: pass.distance[i]! }))
      : [],
  price: (pass) => ({
    min: pass.minPrice === null ? null : centsToDollars(pass.minPrice),
    max: pass.maxPrice === null ? null : centsToDollars(pass.maxPrice),
  }),
} satisfies { [K in FacetFilter]: (pass: FacetPass) => SearchFacets[K] };

export async function searchFacets(
  live: LiveSearchIndex,
  filters: SearchFilters,
): Promise<SearchFacets> {
  const { engine } = await searchEngine(live);
  const terms = searchTerms(engine, filters);
  if (!terms) return NO_FACETS;
  const { all, without } = engine.facets(terms, filters, COUNT_LIMIT);
  const counted = [all, ...filtersSet(filters).map(without)];
  const answers = Object.fromEntries(
    FACET_FILTERS.map((key) => [key, FACET_ANSWERS[key](without(key))]),
  ) as { [K in FacetFilter]: ReturnType<(typeof FACET_ANSWERS)[K]> };
  return {
    total: all.total,
    // A pass that read the limit may have stopped there: its counts are then lower bounds.
    exact: counted.every((pass) => pass.total < COUNT_LIMIT),
    ...answers,
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
  live: LiveSearchIndex,
  filters: SearchFilters,
  since: Date,
  limit: number,
): Promise<NewMatches> {
  const { engine } = await searchEngine(live);
  const terms = searchTerms(engine, filters);
  if (!terms) return { products: [], total: 0, newestPostedAt: null };
  const found = engine.newSince(terms, filters, since, limit);
  const rows = await findCardViews(db, found.docids);
  return {
    products: rows.map((row) => toProduct(row)),
    total: found.total,
    newestPostedAt: found.newestPostedAt,
  };
}

/** The posting time of the newest listing matching the filters, if any. */
export async function findNewestPostedAt(
  live: LiveSearchIndex,
  filters: SearchFilters,
): Promise<Date | null> {
  const { engine } = await searchEngine(live);
  const terms = searchTerms(engine, filters);
  return terms ? engine.newest(terms, filters) : null;
}

/** Names of listings on show beginning with the typed words (see SearchEngine.suggestions). */
export async function suggestNames(live: LiveSearchIndex, text: string): Promise<string[]> {
  const terms = parseSearchText(text);
  if (terms.length === 0) return [];
  const { engine } = await searchEngine(live);
  return engine.suggestions(terms, SUGGESTIONS_MAX);
}
