import { describe, expect, it } from 'vitest';
import {
  FACET_FILTERS,
  SEARCH_FILTER_KEYS,
  searchFiltersSet,
  readSearchAddress,
  searchFilterParams,
  searchFiltersSchema,
  searchQuerySchema,
  type SearchFilterKey,
  type SearchFilterValues,
} from '../src/index.ts';

/** Values each filter can hold, one set or more per filter. */
const SAMPLES: Record<SearchFilterKey, SearchFilterValues[]> = {
  category: [{ category: 'iPhone' }, { category: 'samsung' }],
  price: [
    { minPrice: 100 },
    { maxPrice: 450.5 },
    { minPrice: 0, maxPrice: 1_000_000 },
    { minPrice: 300, maxPrice: 300 },
  ],
  condition: [{ condition: ['good'] }, { condition: ['fair', 'excellent'] }],
  storage: [{ storage: [128] }, { storage: [1024, 64] }],
  minBattery: [{ minBattery: 1 }, { minBattery: 85 }, { minBattery: 100 }],
  verified: [{ verified: true }],
  unlocked: [{ unlocked: true }],
  activationLockOff: [{ activationLockOff: true }],
  location: [{ location: 'Dhanmondi' }, { location: 'ঢাকা, Gulshan 2' }],
  distance: [
    { near: 2_000_000_001, radiusKm: 10 },
    { lat: 23.79, lon: 90.42, radiusKm: 1 },
    { lat: -33.87, lon: 151.21, radiusKm: 500 },
  ],
};

/** A query string's parameters as the server's query parser gives them (repeats as lists). */
function asQuery(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const before = query[name];
    query[name] = before === undefined ? value : [before, value].flat();
  }
  return query;
}

const query = (pairs: Array<[string, string]>) =>
  pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');

const allOf = (pairs: Array<[string, string]>) => (name: string) =>
  pairs.filter(([n]) => n === name).map(([, v]) => v);

describe('search filters', () => {
  it('lists every filter once, facets for all but the location', () => {
    expect(SEARCH_FILTER_KEYS).toEqual([
      'category',
      'price',
      'condition',
      'storage',
      'minBattery',
      'verified',
      'unlocked',
      'activationLockOff',
      'location',
      'distance',
    ]);
    expect(FACET_FILTERS).toEqual([
      'category',
      'price',
      'condition',
      'storage',
      'minBattery',
      'verified',
      'unlocked',
      'activationLockOff',
      'distance',
    ]);
  });

  for (const key of SEARCH_FILTER_KEYS) {
    for (const values of SAMPLES[key]) {
      it(`${key} ${JSON.stringify(values)} round-trips through an address and the API`, () => {
        expect(searchFiltersSet(values)).toEqual([key]);
        for (const lists of ['join', 'repeat'] as const) {
          const pairs = searchFilterParams(values, lists);
          expect(searchFiltersSchema.parse(asQuery(pairs))).toEqual({ q: '', ...values });
          expect(readSearchAddress(allOf(pairs))).toMatchObject({ q: '', ...values });
        }
      });
    }
  }

  it('writes the words first and every filter in its order, lists repeated or joined', () => {
    const values: SearchFilterValues & { q: string } = {
      q: 'iphone 13',
      location: 'Dhaka',
      storage: [128, 256],
      minPrice: 10,
      category: 'iPhone',
      verified: true,
      condition: ['good', 'fair'],
      minBattery: 90,
      maxPrice: 500,
      activationLockOff: true,
      unlocked: true,
    };
    expect(query(searchFilterParams(values, 'repeat'))).toBe(
      'q=iphone%2013&category=iPhone&minPrice=10&maxPrice=500&condition=good&condition=fair' +
        '&storage=128&storage=256&minBattery=90&verified=true&unlocked=true' +
        '&activationLockOff=true&location=Dhaka',
    );
    expect(query(searchFilterParams(values, 'join'))).toBe(
      'q=iphone%2013&category=iPhone&minPrice=10&maxPrice=500&condition=good%2Cfair' +
        '&storage=128%2C256&minBattery=90&verified=true&unlocked=true' +
        '&activationLockOff=true&location=Dhaka',
    );
    expect(searchFiltersSchema.parse(asQuery(searchFilterParams(values, 'join')))).toEqual(values);
    expect(
      searchFilterParams(
        { q: '', verified: false, unlocked: false, activationLockOff: false },
        'join',
      ),
    ).toEqual([]);
  });

  it('refuses bad values with their messages', () => {
    const refusal = (query: Record<string, string>) => {
      const parsed = searchFiltersSchema.safeParse(query);
      expect(parsed.success).toBe(false);
      return parsed.error!.issues.map((issue) => issue.message);
    };
    expect(refusal({ category: 'Nokia' })).toEqual([
      'Category must be one of iPhone, samsung, xiaomi, realme',
    ]);
    expect(refusal({ minPrice: 'cheap' })).toEqual(['Lowest price must be a number of dollars']);
    expect(refusal({ minPrice: '-1' })).toEqual(['Lowest price cannot be negative']);
    expect(refusal({ maxPrice: '1000001' })).toEqual(['Highest price must be at most 1,000,000']);
    expect(refusal({ minPrice: '500', maxPrice: '100' })).toEqual([
      'The lowest price cannot be above the highest price',
    ]);
    expect(refusal({ condition: 'good,mint' })).toEqual([
      'Condition must be one of excellent, good, fair',
    ]);
    expect(refusal({ storage: '100' })).toEqual([
      'Storage must be one of 16, 32, 64, 128, 256, 512, 1024 GB',
    ]);
    expect(refusal({ storage: 'lots' })).toEqual([
      'Storage must be one of 16, 32, 64, 128, 256, 512, 1024 GB',
    ]);
    for (const battery of ['0', '101', '85.5', 'full']) {
      expect(refusal({ minBattery: battery })).toEqual([
        'Battery health must be a whole number from 1 to 100 (%)',
      ]);
    }
    expect(refusal({ verified: 'yes' })).toEqual(['verified must be true or false']);
    expect(refusal({ unlocked: '1' })).toEqual(['unlocked must be true or false']);
    expect(refusal({ activationLockOff: 'on' })).toEqual([
      'activationLockOff must be true or false',
    ]);
    expect(refusal({ location: 'x'.repeat(121) })).toEqual([
      'Location must be at most 120 characters',
    ]);
    expect(refusal({ q: 'x'.repeat(101) })).toEqual([
      'Search words must be at most 100 characters',
    ]);
    for (const radiusKm of ['0', '0.5', '501', 'far', 'Infinity']) {
      expect(refusal({ near: '1185241', radiusKm })).toEqual([
        'radiusKm must be a number of km from 1 to 500',
      ]);
    }
    for (const lat of ['91', '-90.5', 'north', 'NaN']) {
      expect(refusal({ lat, lon: '90.4' })).toEqual(['lat must be a latitude from -90 to 90']);
    }
    for (const lon of ['180.01', '-181', 'east']) {
      expect(refusal({ lat: '23.8', lon })).toEqual(['lon must be a longitude from -180 to 180']);
    }
    for (const near of ['gulshan', '-1', '0', '1.5', '99999999999']) {
      expect(refusal({ near })).toEqual(['Choose an area from the suggestions']);
    }
    expect(refusal({ lat: '23.8' })).toEqual(['Give both lat and lon, or neither']);
    expect(refusal({ radiusKm: '10' })).toEqual(['A radius needs near (a place) or lat and lon']);
    expect(searchQuerySchema.safeParse({ sort: 'distance' }).error?.issues[0]?.message).toBe(
      'Nearest first needs near (a place) or lat and lon',
    );
  });

  it('keeps a position only to two decimals (about 1 km)', () => {
    expect(searchFiltersSchema.parse({ lat: '23.79312', lon: '90.41658' })).toMatchObject({
      lat: 23.79,
      lon: 90.42,
    });
    expect(searchQuerySchema.parse({ near: '1185241', sort: 'distance' })).toMatchObject({
      near: 1185241,
      sort: 'distance',
    });
  });

  it('reads a hand-edited address, leaving out what the API would refuse', () => {
    const pairs: Array<[string, string]> = [
      ['q', '  pixel  '],
      ['category', 'Nokia'],
      ['minPrice', '900'],
      ['maxPrice', '100'],
      ['condition', 'good,mint'],
      ['condition', 'good'],
      ['storage', '128,100,abc'],
      ['minBattery', '85.6'],
      ['verified', 'yes'],
      ['unlocked', 'yes'],
      ['activationLockOff', 'true'],
      ['location', `  ${'a'.repeat(130)}`],
    ];
    expect(readSearchAddress(allOf(pairs))).toEqual({
      q: 'pixel',
      category: undefined,
      minPrice: 100,
      maxPrice: 900,
      condition: ['good'],
      storage: [128],
      minBattery: 86,
      verified: undefined,
      unlocked: undefined,
      activationLockOff: true,
      location: 'a'.repeat(120),
    });
    expect(
      readSearchAddress(
        allOf([
          ['minPrice', ''],
          ['minBattery', '0'],
        ]),
      ),
    ).toMatchObject({
      minPrice: undefined,
      minBattery: undefined,
    });
  });

  it('lists the filters a search sets, in their order', () => {
    expect(
      searchFiltersSet({
        location: 'Dhaka',
        category: 'samsung',
        minPrice: 100,
        maxPrice: 300,
        condition: ['good', 'fair'],
        storage: [128, 1024],
        minBattery: 90,
        verified: true,
        unlocked: true,
        activationLockOff: true,
      }),
    ).toEqual([
      'category',
      'price',
      'condition',
      'storage',
      'minBattery',
      'verified',
      'unlocked',
      'activationLockOff',
      'location',
    ]);
    expect(searchFiltersSet({ maxPrice: 300 })).toEqual(['price']);
    expect(searchFiltersSet({ minPrice: 0 })).toEqual(['price']);
    expect(searchFiltersSet({ verified: false, condition: undefined })).toEqual([]);
  });
});
