import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PRICE_MAX,
} from '../constants.ts';
import { categoryNameSchema, conditionSchema } from './catalog.ts';
import { idSchema } from './common.ts';
import { STORAGE_OPTIONS_GB } from './listing-details.ts';

/** How results can be ordered; `relevance` falls back to `newest` when no words are given. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_TEXT_MAX = 100;
export const SAVED_SEARCHES_MAX = 20;

/** A query parameter that may repeat (`?condition=good&condition=fair`) or be comma-separated. */
function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .filter((part) => part !== undefined && part !== null)
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return parts.length === 0 ? undefined : [...new Set(parts)];
  }, z.array(item).optional());
}

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of dollars` })
    .min(0, { error: `${label} cannot be negative` })
    .max(PRICE_MAX, { error: `${label} must be at most ${PRICE_MAX.toLocaleString('en-US')}` })
    .optional();

const storage = z.coerce
  .number({ error: `Storage must be one of ${STORAGE_OPTIONS_GB.join(', ')} GB` })
  .refine((gb) => (STORAGE_OPTIONS_GB as readonly number[]).includes(gb), {
    error: `Storage must be one of ${STORAGE_OPTIONS_GB.join(', ')} GB`,
  });

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
    category: z
      .enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` })
      .optional(),
    minPrice: price('Lowest price'),
    maxPrice: price('Highest price'),
    condition: repeatable(
      z.enum(CONDITIONS, { error: `Condition must be one of ${CONDITIONS.join(', ')}` }),
    ),
    storage: repeatable(storage),
    minBattery: z.coerce
      .number({ error: 'Battery health must be a whole number from 1 to 100 (%)' })
      .int({ error: 'Battery health must be a whole number from 1 to 100 (%)' })
      .min(1, { error: 'Battery health must be a whole number from 1 to 100 (%)' })
      .max(100, { error: 'Battery health must be a whole number from 1 to 100 (%)' })
      .optional(),
    /** Verified sellers only (`verified=true`). */
    verified: z
      .enum(['true', 'false'], { error: 'verified must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    /** Words of the listing's area, each as typed or begun, e.g. "Dhanmondi" or "gulsh". */
    location: z
      .string()
      .trim()
      .max(120, { error: 'Location must be at most 120 characters' })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    error: 'The lowest price cannot be above the highest price',
    path: ['maxPrice'],
  });
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

/**
 * `GET /api/search`: the filters, a sort, and keyset paging. `cursor` is the opaque value of the
 * previous page's `Link: <...>; rel="next"` (also in X-Next-Cursor); answers are a JSON array of
 * product cards (the category lists' shape) with the whole count in X-Total-Count.
 */
export const searchQuerySchema = searchFiltersSchema.and(
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
);
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
  /** The cheapest and dearest result, in dollars; null without results. */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

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
