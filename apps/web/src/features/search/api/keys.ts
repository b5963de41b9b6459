/**
 * The search's query keys, built only here. Results and facets are keyed by the whole address
 * (filters, sort and cursor), so that Back finds the page it left in the cache.
 */
export interface SearchParams {
  q: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  condition: string[];
  storage: number[];
  minBattery?: number;
  verified: boolean;
  location?: string;
  sort: string;
}

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
