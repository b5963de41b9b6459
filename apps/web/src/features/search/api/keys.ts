import type { SearchFilterValues } from '@market/shared';

/**
 * The search's query keys, built only here. Results and facets are keyed by the whole address
 * (filters, sort and cursor), so that Back finds the page it left in the cache.
 */

/** A search as the web holds it: the shared filters' values, lists empty and no "false" when unset. */
export type SearchParams = Omit<
  SearchFilterValues,
  'category' | 'condition' | 'storage' | 'verified'
> & {
  q: string;
  /** A category page's own brand is any name its path gives. */
  category?: string;
  /** The filters' lists, empty when unset. */
  condition: string[];
  storage: number[];
  verified: boolean;
  sort: string;
};

export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams, cursor: string | undefined) =>
    [...searchKeys.all, 'results', params, cursor ?? null] as const,
  facets: (params: SearchParams) => [...searchKeys.all, 'facets', params] as const,
  suggestions: (text: string) => [...searchKeys.all, 'suggest', text] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};
