import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT, type Product, type SearchFacets } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { SearchCursors } from '../src/modules/search/search-cursor.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, searchNames } from './helpers/market.ts';

/*
 * Search at a size where it stops counting: more matches than SEARCH_COUNT_LIMIT, among
 * thousands of newer listings.
 */
describe('search at size', () => {
  const t = useTestApp();
  let buyer: TestUser;
  let seller: TestUser;

  const START = Date.UTC(2026, 0, 1);
  const MINUTE = 60_000;

  interface Row {
    name: string;
    description?: string;
    colour?: string | null;
    price: number;
    minutes: number;
    condition?: 'excellent' | 'good' | 'fair';
    storageGb?: number;
  }

  async function insert(rows: Row[]): Promise<void> {
    const w = valueWriters(t.app.db);
    for (let i = 0; i < rows.length; i += 500) {
      await t.app.db
        .insertInto('products')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            id: crypto.randomUUID(),
            sellerId: seller.id,
            category: 'realme',
            name: r.name,
            imgUrl: '/demo/iphone-1.webp',
            originalPriceCents: 100_000,
            resellPriceCents: r.price * 100,
            yearOfPurchase: 2022,
            condition: r.condition ?? 'good',
            description: r.description ?? 'A phone in a box',
            location: 'Dhaka',
            advertised: w.bool(false),
            postedAt: w.date(new Date(START + r.minutes * MINUTE)),
            status: 'available' as const,
            colour: r.colour ?? null,
            storageGb: r.storageGb ?? 128,
          })),
        )
        .execute();
    }
    // More than a search applies itself: wait until the index has them all.
    await t.app.searchIndex.drain();
  }

  const search = (query: string) => call(t, buyer, 'GET', `/api/search?${query}`);

  const names = (query: string) => searchNames(t, buyer, query);

  beforeAll(async () => {
    await insertCategories(t);
    buyer = await createUser(t, { role: 'buyer' });
    seller = await createUser(t, { role: 'seller' });
    // The oldest listings: one word found once by name, once by colour, once in a description.
    await insert([
      { name: 'Zebra Z1', description: 'A fine handset', price: 90, minutes: 1 },
      { name: 'Plain phone A', colour: 'zebra', price: 90, minutes: 2 },
      { name: 'Plain phone B', description: 'Comes in a zebra case', price: 90, minutes: 3 },
    ]);
    // Then 3,100 newer ones: 1,200 "bulk" phones among 1,900 others.
    await insert(
      Array.from({ length: 3100 }, (_, i) => ({
        name: i < 1200 ? `Bulk phone ${i}` : `Other phone ${i}`,
        price: 100 + (i % 300),
        minutes: 10 + i,
        condition: i % 3 === 0 ? ('fair' as const) : ('good' as const),
        storageGb: i % 2 === 0 ? 64 : 128,
      })),
    );
  }, 120_000);

  describe(`search past its count limit on ${testDbKind}`, () => {
    it('answers at least the limit, with the relation, and a full first page', async () => {
      const res = await search('q=bulk');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_LIMIT));
      expect(res.headers['x-total-count-relation']).toBe('gte');
      const page = res.json<Product[]>();
      expect(page).toHaveLength(24);
      // Newest first within best match's first rank: the last bulk phone posted leads.
      expect(page[0]!.name).toBe('Bulk phone 1199');
    });

    it('counts exactly below the limit', async () => {
      // Prices 100 + i % 300: i % 300 < 10 keeps 10 of every 300 bulk phones, 40 in all.
      const res = await search('q=bulk&maxPrice=109');
      expect(res.headers['x-total-count']).toBe('40');
      expect(res.headers['x-total-count-relation']).toBe('eq');
    });

    it('marks facets counted past the limit as lower bounds, and exact ones as exact', async () => {
      const many = await call(t, buyer, 'GET', '/api/search/facets?q=bulk');
      expect(many.statusCode, many.body).toBe(200);
      const bounds = many.json<SearchFacets>();
      expect(bounds.exact).toBe(false);
      expect(bounds.total).toBe(SEARCH_COUNT_LIMIT);
      const conditions = Object.fromEntries(bounds.condition.map((c) => [c.value, c.count]));
      // Counted among the first 1,000 matches read: every count at most that, together that.
      expect(conditions.fair! + conditions.good!).toBe(SEARCH_COUNT_LIMIT);
      expect(conditions.fair).toBeGreaterThan(250);

      // With a filter set, its own choices are counted without it: 1,200 bulk phones again.
      const filtered = await call(t, buyer, 'GET', '/api/search/facets?q=bulk&maxPrice=109');
      expect(filtered.json<SearchFacets>()).toMatchObject({ exact: false, total: 40 });

      // "bulk 11": phones 11, 110 to 119 and 1100 to 1199, all counted.
      const few = await call(t, buyer, 'GET', '/api/search/facets?q=bulk%2011');
      const exact = few.json<SearchFacets>();
      expect(exact.exact).toBe(true);
      expect(exact.total).toBe(111);
      expect(exact.storage).toEqual([
        { value: 64, count: 55 },
        { value: 128, count: 56 },
      ]);
      expect(exact.condition).toEqual([
        { value: 'good', count: 75 },
        { value: 'fair', count: 36 },
      ]);
    });

    it('finds a listing older than thousands of newer ones', async () => {
      expect(await names('q=zebra&sort=newest')).toEqual([
        'Plain phone B',
        'Plain phone A',
        'Zebra Z1',
      ]);
    });

    it('ranks by where the words are, name first, and pages across the ranks once each', async () => {
      expect(await names('q=zebra')).toEqual(['Zebra Z1', 'Plain phone A', 'Plain phone B']);
      let url: string | null = '/api/search?q=zebra&limit=1';
      const seen: string[] = [];
      while (url) {
        const res = await call(t, buyer, 'GET', url);
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json<Product[]>().map((p) => p.name));
        const link = res.headers.link as string | undefined;
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      }
      expect(seen).toEqual(['Zebra Z1', 'Plain phone A', 'Plain phone B']);
    });

    it('pages through more than a window of matches in posting order without repeats', async () => {
      let url: string | null = '/api/search?q=phone&sort=newest&limit=100';
      const seen: string[] = [];
      while (url && seen.length < 5000) {
        const res = await call(t, buyer, 'GET', url);
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json<Product[]>().map((p) => p.name));
        const link = res.headers.link as string | undefined;
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      }
      // Every "phone", newest first: the 3,100 newer ones (posted in the order of their numbers),
      // then two of the three oldest (Zebra Z1 has no "phone").
      const numbers = seen.slice(0, 3100).map((name) => Number(/(\d+)$/.exec(name)![1]));
      expect(numbers).toEqual(Array.from({ length: 3100 }, (_, i) => 3099 - i));
      expect(seen.slice(3100)).toEqual(['Plain phone B', 'Plain phone A']);
    });

    it('refuses a signed cursor whose key has another shape than its order gives', async () => {
      const cursors = new SearchCursors(t.app.config.authSecret);
      for (const [sort, cursor] of [
        ['relevance', cursors.issue('relevance', { key: 12.5, id: 'x' })],
        ['newest', cursors.issue('newest', { key: '2026-01-01T00:00:00.000Z', id: 'x' })],
        ['price_asc', cursors.issue('price_asc', { key: 100, id: 'not-a-docid' })],
      ] as const) {
        const res = await search(`q=bulk&sort=${sort}&cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, sort).toBe(400);
        expect(res.json<{ error: { message: string } }>().error.message).toBe(
          'This page link is not valid',
        );
      }
    });
  });
});
