import crypto from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_COUNT_LIMIT,
  searchQuerySchema,
  type Product,
  type SearchFacets,
  type SearchFilters,
  type SearchSort,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { typedWithoutWords } from '../src/modules/search/search-text.ts';
import { testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories } from './helpers/market.ts';
import {
  filtersArb,
  listingArb,
  manyListings,
  sortArb,
  type ListingFields,
} from './helpers/search-corpus.ts';
import {
  referenceFacets,
  referenceSearch,
  type ReferenceAfter,
  type ReferenceDocument,
} from './helpers/search-reference.ts';

/*
 * Search through the HTTP API on the real app and database against the brute-force reference
 * (helpers/search-reference.ts): generated catalogues of up to about 1,200 listings, searches
 * followed page by page through their Link headers, totals and facets. Few runs with a fixed
 * seed; a failure prints its seed (SEARCH_PROPERTY_SEED=n runs another).
 */

const SEED = Number(process.env.SEARCH_PROPERTY_SEED ?? 20_261_126);
const RUNS = 8;

// Hundreds of distinct searches from one buyer: the search rate limit is off here.
const t = useTestApp({ env: { SEARCHES_PER_MINUTE: '0' } });
let buyer: TestUser;
let seller: TestUser;
let verifiedSeller: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
  verifiedSeller = await createUser(t, { role: 'seller', verified: true });
});

const START = Date.UTC(2026, 0, 1);
let minute = 0;

/**
 * Replaces the catalogue with these listings, the i-th posted i minutes after the first (so the
 * order is the same whatever the docids); answers the reference documents and their product ids.
 */
async function catalogue(
  app: TestApp,
  listings: ListingFields[],
): Promise<{ docs: ReferenceDocument[]; ids: Map<number, string> }> {
  const db = app.app.db;
  const w = valueWriters(db);
  await db.deleteFrom('products').execute();
  // Posting times never used before in this file's catalogues: the reference's docid is the minute.
  const docs = listings.map((l) => ({ ...l, docid: ++minute }));
  const ids = new Map(docs.map((d) => [d.docid, crypto.randomUUID()]));
  const rows = docs.map((d) => ({
    id: ids.get(d.docid)!,
    sellerId: d.verified ? verifiedSeller.id : seller.id,
    category: d.category,
    name: d.name,
    imgUrl: '/demo/iphone-1.webp',
    originalPriceCents: 100_000,
    resellPriceCents: d.price,
    yearOfPurchase: 2022,
    condition: d.condition,
    description: d.description,
    colour: d.colour,
    location: d.location,
    advertised: w.bool(false),
    postedAt: w.date(new Date(START + d.docid * 60_000)),
    status: 'available' as const,
    storageGb: d.storage,
    batteryHealth: d.battery,
    networkLock: d.networkLock,
    activationLockOff: d.activationLockOff === null ? null : w.bool(d.activationLockOff),
    placeLat: d.placeLat ?? null,
    placeLon: d.placeLon ?? null,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 400) {
      await trx
        .insertInto('products')
        .values(rows.slice(i, i + 400))
        .execute();
    }
  });
  // More than a search applies itself: wait until the index has them all.
  await app.app.searchIndex.drain();
  return { docs, ids };
}

/** The query string of a search. */
function queryString(f: SearchFilters, extra: Record<string, string | number> = {}): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.category) p.set('category', f.category);
  if (f.minPrice !== undefined) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined) p.set('maxPrice', String(f.maxPrice));
  if (f.condition) p.set('condition', f.condition.join(','));
  if (f.storage) p.set('storage', f.storage.join(','));
  if (f.minBattery !== undefined) p.set('minBattery', String(f.minBattery));
  if (f.verified !== undefined) p.set('verified', String(f.verified));
  if (f.unlocked !== undefined) p.set('unlocked', String(f.unlocked));
  if (f.activationLockOff !== undefined) {
    p.set('activationLockOff', String(f.activationLockOff));
  }
  if (f.location) p.set('location', f.location);
  if (f.lat !== undefined && f.lon !== undefined) {
    p.set('lat', String(f.lat));
    p.set('lon', String(f.lon));
    if (f.radiusKm !== undefined) p.set('radiusKm', String(f.radiusKm));
  }
  for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
  return p.toString();
}

/**
 * Follows a search's pages through the Link header, comparing each page, its total and its
 * relation with the reference; answers how many pages were read.
 */
async function comparePages(
  docs: ReferenceDocument[],
  ids: Map<number, string>,
  input: SearchFilters,
  sort: SearchSort,
  limit: number,
  maxPages = 6,
): Promise<number> {
  // Nearest first needs an origin: without one the API refuses it (validation tests say so).
  if (sort === 'distance' && input.lat === undefined) sort = 'newest';
  let url: string | null = `/api/search?${queryString(input, { sort, limit })}`;
  // The filters as the server reads them from the address.
  const filters = searchQuerySchema.parse(
    Object.fromEntries(new URL(url, 'http://x').searchParams),
  );
  let after: ReferenceAfter | null = null;
  let pages = 0;
  while (url && pages < maxPages) {
    const res = await call(t, buyer, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const expected = referenceSearch(docs, { filters, sort, limit, after });
    const got = res.json<Product[]>().map((p) => p._id);
    expect({
      ids: got,
      total: Number(res.headers['x-total-count']),
      relation: res.headers['x-total-count-relation'],
      more: res.headers.link !== undefined,
    }).toEqual({
      ids: expected.entries.map((e) => ids.get(e.docid)),
      total: expected.total,
      relation: expected.exact ? 'eq' : 'gte',
      more: expected.next !== null,
    });
    const link = res.headers.link as string | undefined;
    url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    after = expected.next;
    pages++;
  }
  return pages;
}

async function compareFacets(docs: ReferenceDocument[], input: SearchFilters): Promise<void> {
  const qs = queryString(input);
  const filters = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const res = await call(t, buyer, 'GET', `/api/search/facets?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<SearchFacets>()).toEqual(referenceFacets(docs, filters));
}

/** A catalogue: a few generated listings, in some runs with more than the count limit more. */
const catalogueArb = fc.tuple(
  fc.array(listingArb, { maxLength: 40 }),
  fc.oneof(
    fc.constant(0),
    fc.integer({ min: SEARCH_COUNT_LIMIT + 1, max: SEARCH_COUNT_LIMIT + 200 }),
  ),
  fc.nat(),
);
const listingsOf = ([few, many, seed]: [ListingFields[], number, number]) => [
  ...manyListings(many, seed),
  ...few,
];

const searchArb = (withLocation: boolean) =>
  fc.tuple(
    fc.oneof(
      filtersArb(withLocation),
      filtersArb(withLocation).map((f) => ({ ...f, q: 'phone' })),
    ),
    sortArb,
    fc.integer({ min: 5, max: 40 }),
  );

describe(`search through the API against the reference, on ${testDbKind}`, () => {
  it('answers the same pages, totals and facets', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        // A search typed with nothing to search by is a rule of the next section.
        fc.array(
          searchArb(false).filter(([f]) => !typedWithoutWords(f.q)),
          { minLength: 2, maxLength: 4 },
        ),
        async (generated, searches) => {
          const { docs, ids } = await catalogue(t, listingsOf(generated));
          for (const [filters, sort, limit] of searches) {
            await comparePages(docs, ids, filters, sort, limit);
            await compareFacets(docs, filters);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});

/*
 * Rules of the single engine: the location filter matches the words of the listing's location
 * (as prefixes, no typo corrections) on the same index as every other search; words typed with
 * nothing to search by find nothing; a listing of a category the index does not know is refused.
 */
describe(`search through the API against the reference: locations, on ${testDbKind}`, () => {
  it('answers the same pages, totals and facets with a location', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.array(searchArb(true), { minLength: 2, maxLength: 4 }),
        async (generated, searches) => {
          const { docs, ids } = await catalogue(t, listingsOf(generated));
          for (const [filters, sort, limit] of searches) {
            await comparePages(docs, ids, filters, sort, limit);
            await compareFacets(docs, filters);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);

  it('counts and facets the same with and without a location every listing has', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: SEARCH_COUNT_LIMIT - 2, max: SEARCH_COUNT_LIMIT + 200 }),
        fc.nat(),
        searchArb(false),
        async (n, seed, [filters, sort, limit]) => {
          const listings = manyListings(n, seed).map((l) => ({
            ...l,
            location: `Dhaka ${l.location}`,
          }));
          await catalogue(t, listings);
          const answer = async (path: string, f: SearchFilters) => {
            const res = await call(
              t,
              buyer,
              'GET',
              `${path}?${queryString(f, path.endsWith('facets') ? {} : { sort, limit })}`,
            );
            expect(res.statusCode, res.body).toBe(200);
            return {
              body: res.json<unknown>(),
              total: res.headers['x-total-count'],
              relation: res.headers['x-total-count-relation'],
            };
          };
          for (const path of ['/api/search', '/api/search/facets']) {
            expect(await answer(path, { ...filters, location: 'dhaka' })).toEqual(
              await answer(path, filters),
            );
          }
        },
      ),
      { seed: SEED, numRuns: 6, endOnFailure: true },
    );
  }, 300_000);

  it('finds nothing for emoji or punctuation alone', async () => {
    const { docs, ids } = await catalogue(t, fc.sample(listingArb, { seed: SEED, numRuns: 20 }));
    for (const q of ['🙂', '!!', '❤️ 👍']) {
      const filters = searchQuerySchema.parse({ q });
      await comparePages(docs, ids, filters, 'relevance', 10);
      await compareFacets(docs, filters);
    }
  });

  it('refuses a listing of a category the search does not know', async () => {
    await t.app.db
      .insertInto('categories')
      .values({ id: crypto.randomUUID(), name: 'nokia', img: '/demo/x.webp', sortOrder: 9 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const [listing] = fc.sample(listingArb, { seed: SEED, numRuns: 1 });
    await expect(catalogue(t, [{ ...listing!, category: 'nokia' }])).rejects.toThrow();
    const res = await call(t, buyer, 'GET', '/api/search?category=iPhone');
    expect(res.json<Product[]>()).toEqual([]);
  });
});
