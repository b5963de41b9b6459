import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  apiQuery,
  categoryAddress,
  narrowsCategory,
  searchAddress,
  searchParamsFrom,
  type SearchParams,
} from './search-params.ts';

const EVERY: SearchParams = {
  q: 'iphone 13',
  category: 'iPhone',
  minPrice: 100,
  maxPrice: 450,
  condition: ['good', 'fair'],
  storage: [128, 1024],
  minBattery: 85,
  verified: true,
  location: 'Dhanmondi',
  sort: 'price_asc',
};

const NONE: SearchParams = {
  q: '',
  condition: [],
  storage: [],
  verified: false,
  sort: 'relevance',
};

describe('search addresses', () => {
  it('writes every filter in its place, lists one value a parameter', () => {
    expect(searchAddress(EVERY, 'c1')).toBe(
      '?q=iphone+13&category=iPhone&minPrice=100&maxPrice=450&condition=good&condition=fair' +
        '&storage=128&storage=1024&minBattery=85&verified=true&location=Dhanmondi' +
        '&sort=price_asc&cursor=c1',
    );
    expect(searchAddress(NONE)).toBe('');
  });

  it('reads back the search it wrote', () => {
    expect(searchParamsFrom(new URLSearchParams(searchAddress(EVERY)))).toEqual(EVERY);
    expect(searchParamsFrom(new URLSearchParams(''))).toEqual(NONE);
  });

  it('reads a hand-edited address, dropping what the API would refuse', () => {
    const params = searchParamsFrom(
      new URLSearchParams(
        'q=+pixel+&category=nokia&minPrice=900&maxPrice=100&condition=good,mint&storage=100,64' +
          '&minBattery=89.6&verified=yes&location=&sort=cheapest',
      ),
    );
    expect(params).toEqual({
      q: 'pixel',
      minPrice: 100,
      maxPrice: 900,
      condition: ['good'],
      storage: [64],
      minBattery: 90,
      verified: false,
      sort: 'relevance',
    });
  });

  it("gives the API's query with lists comma-separated", () => {
    expect(apiQuery(EVERY)).toEqual({
      q: 'iphone 13',
      category: 'iPhone',
      minPrice: '100',
      maxPrice: '450',
      condition: 'good,fair',
      storage: '128,1024',
      minBattery: '85',
      verified: 'true',
      location: 'Dhanmondi',
    });
    expect(apiQuery(NONE)).toEqual({});
  });

  it('names each filter in use, with the search without it', () => {
    const found = activeFilters(EVERY);
    expect(found.map((f) => f.key)).toEqual([
      'q',
      'category',
      'price',
      'condition',
      'storage',
      'minBattery',
      'verified',
      'location',
    ]);
    expect(found.map((f) => searchAddress(f.without))).toEqual([
      searchAddress({ ...EVERY, q: '' }),
      searchAddress({ ...EVERY, category: undefined }),
      searchAddress({ ...EVERY, minPrice: undefined, maxPrice: undefined }),
      searchAddress({ ...EVERY, condition: [] }),
      searchAddress({ ...EVERY, storage: [] }),
      searchAddress({ ...EVERY, minBattery: undefined }),
      searchAddress({ ...EVERY, verified: false }),
      searchAddress({ ...EVERY, location: undefined }),
    ]);
    expect(found[6]!.without).toEqual({ ...EVERY, verified: false });
    expect(found[3]!.without.condition).toEqual([]);
    expect(activeFilters(NONE)).toEqual([]);
  });

  it("keeps a category page's own brand out of its address and its filters", () => {
    const params = { ...NONE, category: 'samsung', sort: 'newest' };
    expect(narrowsCategory(params)).toBe(false);
    expect(narrowsCategory({ ...params, minBattery: 90 })).toBe(true);
    expect(categoryAddress({ ...params, verified: true })).toBe('?verified=true');
  });
});
