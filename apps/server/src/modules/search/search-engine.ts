import {
  BATTERY_THRESHOLDS,
  FACET_FILTERS,
  SEARCH_COUNT_LIMIT,
  searchFilterOf,
  type FacetFilter,
  type SearchFilters,
} from '@market/shared';
import type { SearchTerm } from './search-text.ts';

/**
 * What answers a search: the listings on show with their words, filters and areas. The server's
 * in-memory index (search-index.ts, decision 0017) is the one implementation; a dedicated engine
 * fed from `search_log` would be another. Every answer follows the same rules: terms match
 * words as prefixes (or whole words for corrections), the location's terms match only the
 * listing's area words, best match has three ranks, and newest first is descending docid.
 */
export interface SearchEngine {
  /** The terms with corrections for long words that begin no indexed word. */
  resolveTerms(terms: SearchTerm[]): SearchTerm[];
  /** The first `n` matches after `after` in the order, each with its cursor key. */
  page(
    terms: SearchTerm[],
    filters: SearchFilters,
    order: SearchOrder,
    after: SearchAfter | null,
    n: number,
  ): PageEntry[];
  /** How many match, read up to `limit`: exact below it, else "at least" `limit`. */
  count(terms: SearchTerm[], filters: SearchFilters, limit: number): SearchCount;
  /** The facet passes, each over the first `limit` matches newest first (descending docid). */
  facets(terms: SearchTerm[], filters: SearchFilters, limit: number): FacetPasses;
  /** Names of listings on show whose words begin with the terms: most listed, shortest, A–Z. */
  suggestions(terms: SearchTerm[], limit: number): string[];
  /** Matches posted after `since`: the newest `limit` of them (newest first) and how many. */
  newSince(
    terms: SearchTerm[],
    filters: SearchFilters,
    since: Date,
    limit: number,
  ): { docids: number[]; total: number; newestPostedAt: Date | null };
  /** The posting time of the newest match, if any. */
  newest(terms: SearchTerm[], filters: SearchFilters): Date | null;
}

/**
 * How many matches a count reads: past it, a total is "at least" this many, as a dedicated engine
 * answers (decision 0017). Facets count the first this-many matches of each pass the same way.
 */
export const COUNT_LIMIT = SEARCH_COUNT_LIMIT;

/**
 * The orders results can come in. Newest and best match follow the document ids; the price
 * orders break ties by document id in the same direction.
 */
export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'distance';

/**
 * Where a page starts: strictly after the entry with this key in the order. The key is the docid
 * (newest), "rank:docid" (best match), the price (price orders) or the distance in metres
 * (nearest first, newest first within a distance), with the docid as `id` (price and distance).
 */
export interface SearchAfter {
  key: number | string;
  id: string;
}

export interface PageEntry {
  docid: number;
  key: number | string;
}

export interface SearchCount {
  /** Exact up to the limit; past it, the limit. */
  count: number;
  exact: boolean;
}

export { BATTERY_THRESHOLDS };
export type { FacetFilter };

/** The filters a search sets that facets count, each counted without in a pass of its own. */
export function filtersSet(filters: SearchFilters): FacetFilter[] {
  return FACET_FILTERS.filter((key) => searchFilterOf(key).isSet(filters));
}

/** The counts of one facet pass, by the index of each value in its list of choices. */
export interface FacetPass {
  total: number;
  category: number[];
  condition: number[];
  storage: number[];
  battery: number[];
  verified: number;
  unlocked: number;
  activationLockOff: number;
  /** Within each of DISTANCE_BANDS_KM of the origin (empty counts without one). */
  distance: number[];
  minPrice: number | null;
  maxPrice: number | null;
}

/** A pass with every filter, and the pass without each filter (`all` for one not set). */
export interface FacetPasses {
  all: FacetPass;
  without(filter: FacetFilter): FacetPass;
}
