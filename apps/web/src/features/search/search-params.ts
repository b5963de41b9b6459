import {
  CATEGORIES,
  CONDITIONS,
  SEARCH_SORTS,
  STORAGE_OPTIONS_GB,
  formatStorage,
  type SearchSort,
} from '@market/shared';
import type { SearchParams } from './api/keys.ts';

export type { SearchParams };

/** The results page's address parameters, as the API takes them. */
const LIST_KEYS = ['condition', 'storage'] as const;

function all(search: URLSearchParams, key: string): string[] {
  return search
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function wholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/**
 * The search an address asks for. Values the API would refuse are dropped here, so that a
 * hand-edited address still shows results (for what remains) rather than an error.
 */
export function searchParamsFrom(search: URLSearchParams): SearchParams {
  const category = search.get('category') ?? undefined;
  const sort = search.get('sort') ?? 'relevance';
  let minPrice = wholeNumber(search.get('minPrice'), 0, 1_000_000);
  let maxPrice = wholeNumber(search.get('maxPrice'), 0, 1_000_000);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const battery = wholeNumber(search.get('minBattery'), 1, 100);
  const location = search.get('location')?.trim().slice(0, 120);
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? category : undefined,
    minPrice,
    maxPrice,
    condition: [...new Set(all(search, 'condition'))].filter((c) =>
      (CONDITIONS as readonly string[]).includes(c),
    ),
    storage: [...new Set(all(search, 'storage').map(Number))].filter((gb) =>
      (STORAGE_OPTIONS_GB as readonly number[]).includes(gb),
    ),
    minBattery: battery === undefined ? undefined : Math.round(battery),
    verified: search.get('verified') === 'true',
    location: location ? location : undefined,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort) ? (sort as SearchSort) : 'relevance',
  };
}

/** The API's query for a search (lists comma-separated, as the API accepts them). */
export function apiQuery(params: SearchParams): Record<string, string | number | undefined> {
  return {
    q: params.q || undefined,
    category: params.category,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    condition: params.condition.length > 0 ? params.condition.join(',') : undefined,
    storage: params.storage.length > 0 ? params.storage.join(',') : undefined,
    minBattery: params.minBattery,
    verified: params.verified ? 'true' : undefined,
    location: params.location,
  };
}

/** The results page's address for a search (the first page of it). */
export function searchAddress(params: SearchParams, cursor?: string): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category) search.set('category', params.category);
  if (params.minPrice !== undefined) search.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) search.set('maxPrice', String(params.maxPrice));
  for (const key of LIST_KEYS) for (const v of params[key]) search.append(key, String(v));
  if (params.minBattery !== undefined) search.set('minBattery', String(params.minBattery));
  if (params.verified) search.set('verified', 'true');
  if (params.location) search.set('location', params.location);
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
export interface ActiveFilter {
  label: string;
  without: SearchParams;
}

/** The filters in use, each with the search it would leave when removed. */
export function activeFilters(params: SearchParams): ActiveFilter[] {
  const found: ActiveFilter[] = [];
  if (params.q) found.push({ label: `Words “${params.q}”`, without: { ...params, q: '' } });
  if (params.category) {
    found.push({ label: `Brand ${params.category}`, without: { ...params, category: undefined } });
  }
  if (params.minPrice !== undefined || params.maxPrice !== undefined) {
    const from = params.minPrice !== undefined ? `from $${params.minPrice}` : '';
    const to = params.maxPrice !== undefined ? `up to $${params.maxPrice}` : '';
    found.push({
      label: `Price ${[from, to].filter(Boolean).join(' ')}`,
      without: { ...params, minPrice: undefined, maxPrice: undefined },
    });
  }
  if (params.condition.length > 0) {
    found.push({
      label: `Condition ${params.condition.join(', ')}`,
      without: { ...params, condition: [] },
    });
  }
  if (params.storage.length > 0) {
    found.push({
      label: `Storage ${params.storage.map(formatStorage).join(', ')}`,
      without: { ...params, storage: [] },
    });
  }
  if (params.minBattery !== undefined) {
    found.push({
      label: `Battery at least ${params.minBattery}%`,
      without: { ...params, minBattery: undefined },
    });
  }
  if (params.verified) {
    found.push({ label: 'Verified sellers only', without: { ...params, verified: false } });
  }
  if (params.location) {
    found.push({
      label: `Location “${params.location}”`,
      without: { ...params, location: undefined },
    });
  }
  return found;
}
