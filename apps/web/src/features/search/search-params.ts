import {
  SEARCH_SORTS,
  hasOrigin,
  readSearchAddress,
  searchFilterOf,
  searchFilterParams,
  searchFiltersSet,
  type SearchFilterKey,
  type SearchFilterValues,
  type SearchSort,
} from '@market/shared';
import type { SearchParams } from './api/keys.ts';

export type { SearchParams };

/**
 * The values of unset filters in SearchParams: lists empty, yes/no filters false, others
 * undefined (the shared filters' values leave them all undefined).
 */
const UNSET: Partial<Record<keyof SearchParams, unknown>> = {
  condition: [],
  storage: [],
  verified: false,
};

/** A search's filters as the shared filter list takes them (unset ones undefined). */
export function filterValues(params: SearchParams): SearchFilterValues {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'q' || name === 'sort') continue;
    const unset = value === false || (Array.isArray(value) && value.length === 0);
    values[name] = unset ? undefined : value;
  }
  // The address's values were read through the filters' own checks (searchParamsFrom).
  return values as SearchFilterValues;
}

/**
 * The search an address asks for. Values the API would refuse are dropped here, so that a
 * hand-edited address still shows results (for what remains) rather than an error.
 */
export function searchParamsFrom(search: URLSearchParams): SearchParams {
  const { q, ...values } = readSearchAddress((name) => search.getAll(name));
  const sort = search.get('sort') ?? 'relevance';
  return {
    ...values,
    q,
    condition: values.condition ?? [],
    storage: values.storage ?? [],
    verified: values.verified === true,
    sort:
      (SEARCH_SORTS as readonly string[]).includes(sort) &&
      // Nearest first needs somewhere to measure from.
      (sort !== 'distance' || hasOrigin(values))
        ? (sort as SearchSort)
        : 'relevance',
  };
}

/** The API's query for a search (lists comma-separated, as the API accepts them). */
export function apiQuery(params: SearchParams): Record<string, string | number | undefined> {
  return Object.fromEntries(searchFilterParams({ q: params.q, ...filterValues(params) }, 'join'));
}

/** The results page's address for a search (the first page of it). */
export function searchAddress(params: SearchParams, cursor?: string): string {
  const search = new URLSearchParams(
    searchFilterParams({ q: params.q, ...filterValues(params) }, 'repeat'),
  );
  if (params.sort !== 'relevance') search.set('sort', params.sort);
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A category page's search: the category is the page's own, and there are no words. Its list
 * is in posting order, newest first, which is the search's `newest`.
 */
export function categoryParamsFrom(search: URLSearchParams, category: string): SearchParams {
  const params = searchParamsFrom(search);
  return {
    ...params,
    q: '',
    category,
    sort: params.sort === 'relevance' ? 'newest' : params.sort,
  };
}

/**
 * Whether a category page's address asks for more than the category's own list: a filter, or
 * another order. Without, the page is the category's plain list, paged by number.
 */
export function narrowsCategory(params: SearchParams): boolean {
  return activeFilters({ ...params, category: undefined }).length > 0 || params.sort !== 'newest';
}

/** A category page's address for a search (the category is in the path; newest is its order). */
export function categoryAddress(params: SearchParams, cursor?: string): string {
  const sort = params.sort === 'newest' ? 'relevance' : params.sort;
  return searchAddress({ ...params, q: '', category: undefined, sort }, cursor);
}

/** One filter that narrows a search, named for a person, with the search without it. */
/** A filter in use (or the words typed, `q`); its chip's words are in filter-labels.ts. */
export interface ActiveFilter {
  key: SearchFilterKey | 'q';
  without: SearchParams;
}

/** The search without one filter: its parameters unset. */
function without(params: SearchParams, key: SearchFilterKey): SearchParams {
  // Without its radius a search still measures from its place (nearest first, distances).
  if (key === 'distance') return { ...params, radiusKm: undefined };
  const cleared = Object.fromEntries(
    Object.keys(searchFilterOf(key).schema).map((name) => [
      name,
      UNSET[name as keyof SearchParams],
    ]),
  );
  return { ...params, ...cleared };
}

/** The filters in use, each with the search it would leave when removed. */
export function activeFilters(params: SearchParams): ActiveFilter[] {
  const found: ActiveFilter[] = [];
  if (params.q) found.push({ key: 'q', without: { ...params, q: '' } });
  for (const key of searchFiltersSet(filterValues(params))) {
    found.push({ key, without: without(params, key) });
  }
  return found;
}
