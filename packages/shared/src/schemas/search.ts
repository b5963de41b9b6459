import { z } from '../zod.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';
import { categoryNameSchema, conditionSchema } from './catalog.ts';
import { idSchema } from './common.ts';
import {
  SEARCH_TEXT_MAX,
  hasOrigin,
  searchFilterShape,
  type FacetFilter,
} from './search-filters.ts';

/** How results can be ordered; `relevance` falls back to `newest` when no words are given. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SAVED_SEARCHES_MAX = 20;

/**
 * The filters of a search, without its paging: what a saved search keeps, what facets count
 * over, and what the results page puts in its address.
 */
export const searchFiltersSchema = z
  .object({
    /** Words in any order; empty lists everything that matches the filters. */
    q: z
      .string()
      .trim()
      .max(SEARCH_TEXT_MAX, { error: `Search words must be at most ${SEARCH_TEXT_MAX} characters` })
      .default(''),
    ...searchFilterShape,
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    error: 'The lowest price cannot be above the highest price',
    path: ['maxPrice'],
  })
  .refine((f) => (f.lat === undefined) === (f.lon === undefined), {
    error: 'Give both lat and lon, or neither',
    path: ['lon'],
  })
  .refine((f) => f.radiusKm === undefined || hasOrigin(f), {
    error: 'A radius needs near (a place) or lat and lon',
    path: ['radiusKm'],
  });
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

/**
 * `GET /api/search`: the filters, a sort, and keyset paging. `cursor` is the opaque value of the
 * previous page's `Link: <...>; rel="next"` (also in X-Next-Cursor); answers are a JSON array of
 * product cards (the category lists' shape) with the whole count in X-Total-Count.
 */
export const searchQuerySchema = searchFiltersSchema
  .and(
    z.object({
      sort: z
        .enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` })
        .default('relevance'),
      cursor: z.string().trim().min(1).max(300).optional(),
      limit: z.coerce
        .number({ error: `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
        .int({ error: `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
        .min(1, { error: `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
        .max(PAGE_SIZE_MAX, { error: `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}` })
        .default(PAGE_SIZE_DEFAULT),
    }),
  )
  .refine((q) => q.sort !== 'distance' || hasOrigin(q), {
    error: 'Nearest first needs near (a place) or lat and lon',
    path: ['sort'],
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

const facetCount = <T extends z.ZodType>(value: T) => z.object({ value, count: z.number().int() });

/**
 * `GET /api/search/facets` (same query; paging and sort ignored): how many results each choice
 * of a filter would leave, the other filters applied (a filter's own choices are counted as if
 * it were unset, so that one can widen it).
 */
export const searchFacetsSchema = z.object({
  total: z.number().int(),
  /**
   * False when a count stopped at SEARCH_COUNT_LIMIT matches: the total and every count are then
   * lower bounds (each counted among the matches read).
   */
  exact: z.boolean(),
  category: z.array(facetCount(categoryNameSchema)),
  condition: z.array(facetCount(conditionSchema)),
  storage: z.array(facetCount(z.number().int())),
  /** Results at or above each battery health threshold. */
  minBattery: z.array(facetCount(z.number().int())),
  /** Results from verified sellers. */
  verified: z.number().int(),
  /** Results their sellers state are unlocked. */
  unlocked: z.number().int(),
  /** Results their sellers state are signed out of Find My / Google account. */
  activationLockOff: z.number().int(),
  /**
   * Results within each distance band (DISTANCE_BANDS_KM) of the search's origin, counted
   * without its radius; empty when the search has no origin.
   */
  distance: z.array(facetCount(z.number().int())),
  /** The cheapest and dearest result, in dollars; null without results. */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** Every filter facets count has its counts in the answer, under its own name. */
type FacetAnswerKeys = Exclude<keyof SearchFacets, 'total' | 'exact'>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Fails to compile when a counted filter has no facet in the answer, or a facet no filter. */
export type FacetsAnswerEveryFilter = Holds<Same<FacetAnswerKeys, FacetFilter>>;

/** `GET /api/search/suggest?q=`: model names from the listings that exist, best first. */
export const searchSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'Type at least one letter' }).max(SEARCH_TEXT_MAX),
});
export const searchSuggestionsSchema = z.object({ suggestions: z.array(z.string()).max(10) });
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** `POST /api/saved-searches`: a buyer keeps the current search under a name (20 at most). */
export const createSavedSearchSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(60, { error: 'Name must be at most 60 characters' }),
  filters: searchFiltersSchema,
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;

export const savedSearchSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** The filters as saved, in their validated form. */
  filters: z.record(z.string(), z.unknown()),
  /** The results page's address for these filters (`/search?...`). */
  url: z.string(),
  createdAt: z.string(),
  /** Listings posted after this time are new to this search (for alerts). */
  seenUntil: z.string(),
  /** How many listings on show match it that were posted since its buyer last opened it. */
  newMatches: z.number().int().min(0),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
