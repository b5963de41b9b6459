import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, SearchFacets } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, searchNames } from './helpers/market.ts';

/**
 * Search through the API, answered by the server's one engine (its in-memory index, following
 * the database), on SQLite or PostgreSQL as the suite runs.
 */
describe('search', () => {
  const t = useTestApp();
  let buyer: TestUser;
  let seller: TestUser;
  let verifiedSeller: TestUser;

  interface Listing {
    name: string;
    category?: string;
    description?: string;
    price?: number;
    condition?: 'excellent' | 'good' | 'fair';
    storageGb?: number | null;
    batteryHealth?: number | null;
    status?: 'available' | 'reserved' | 'sold';
    location?: string;
    minutesAgo?: number;
    verified?: boolean;
  }

  const ids = new Map<string, string>();
  let minute = 0;

  /** Listings written straight to the database (the triggers keep the search index current). */
  async function insertListings(listings: Listing[]): Promise<void> {
    const w = valueWriters(t.app.db);
    for (const l of listings) {
      const id = crypto.randomUUID();
      ids.set(l.name, id);
      minute += 1;
      await t.app.db
        .insertInto('products')
        .values({
          id,
          sellerId: l.verified ? verifiedSeller.id : seller.id,
          category: l.category ?? 'iPhone',
          name: l.name,
          imgUrl: '/demo/iphone-1.webp',
          originalPriceCents: 100_000,
          resellPriceCents: Math.round((l.price ?? 300) * 100),
          yearOfPurchase: 2022,
          condition: l.condition ?? 'good',
          description: l.description ?? '',
          location: l.location ?? 'Dhaka, Gulshan',
          advertised: w.bool(false),
          postedAt: w.date(
            new Date(Date.UTC(2026, 0, 1) + (l.minutesAgo ?? 10_000 - minute) * 60_000),
          ),
          status: l.status ?? 'available',
          storageGb: l.storageGb ?? null,
          batteryHealth: l.batteryHealth ?? null,
        })
        .execute();
    }
  }

  const search = (query: string, caller: TestUser | null = buyer) =>
    call(t, caller, 'GET', `/api/search?${query}`);

  const names = (query: string) => searchNames(t, buyer, query);

  beforeAll(async () => {
    await insertCategories(t);
    buyer = await createUser(t, { role: 'buyer' });
    seller = await createUser(t, { role: 'seller' });
    verifiedSeller = await createUser(t, { role: 'seller', verified: true });
    await insertListings([
      {
        name: 'iPhone 13 128GB Midnight',
        storageGb: 128,
        batteryHealth: 91,
        price: 420,
        condition: 'excellent',
        verified: true,
        location: 'Dhaka, Dhanmondi',
      },
      { name: 'iPhone 13 Pro', storageGb: 256, batteryHealth: 84, price: 610, condition: 'good' },
      { name: 'iPhone 12 mini', storageGb: 64, batteryHealth: 79, price: 250, condition: 'fair' },
      {
        name: 'Galaxy S21',
        category: 'samsung',
        storageGb: 128,
        batteryHealth: 88,
        price: 330,
        description: 'Comes with an iPhone charger and a case',
        location: 'Sylhet',
      },
      {
        name: 'Galaxy Note 20',
        category: 'samsung',
        storageGb: 256,
        price: 390,
        status: 'reserved',
        location: 'Chattogram',
      },
      { name: 'iPhone 11 sold one', storageGb: 64, price: 200, status: 'sold' },
      { name: 'Redmi Note 11', category: 'xiaomi', storageGb: 128, price: 180, condition: 'fair' },
      {
        name: 'Pixel camera phone',
        category: 'realme',
        description: 'A fine samsung rival',
        price: 150,
      },
    ]);
  });

  describe(`search matching on ${testDbKind}`, () => {
    it('finds words in any order across name, brand, storage and description', async () => {
      expect(await names('q=13%20iphone')).toEqual(
        expect.arrayContaining(['iPhone 13 128GB Midnight', 'iPhone 13 Pro']),
      );
      expect(await names('q=13%20iphone')).toHaveLength(2);
      expect(await names('q=samsung%20256')).toEqual(['Galaxy Note 20']);
      expect(await names('q=galaxy%20charger')).toEqual(['Galaxy S21']);
    });

    it('matches prefixes while typing', async () => {
      expect((await names('q=iph%2013')).sort()).toEqual([
        'iPhone 13 128GB Midnight',
        'iPhone 13 Pro',
      ]);
      expect(await names('q=redm')).toEqual(['Redmi Note 11']);
    });

    it('understands "iphone13", "i phone 13" and "128gb" = "128 GB" = storage 128', async () => {
      const both = ['iPhone 13 128GB Midnight', 'iPhone 13 Pro'];
      expect((await names('q=iphone13')).sort()).toEqual(both);
      expect((await names('q=i%20phone%2013')).sort()).toEqual(both);
      // The Galaxy's description offers an iPhone charger: it matches, below the iPhone.
      const withStorage = ['iPhone 13 128GB Midnight', 'Galaxy S21'];
      expect(await names('q=iphone%20128gb')).toEqual(withStorage);
      expect(await names('q=iphone%20128%20GB')).toEqual(withStorage);
      expect(await names('q=128gb%20midnight')).toEqual(['iPhone 13 128GB Midnight']);
      expect(await names('q=galaxy%20128gb')).toEqual(['Galaxy S21']);
    });

    it('forgives one wrong letter in words of five or more letters, not in shorter ones', async () => {
      expect(await names('q=galaxu%20s21')).toEqual(['Galaxy S21']);
      expect(await names('q=glaaxy%20note')).toEqual(['Galaxy Note 20']);
      expect(await names('q=reddmi')).toEqual(['Redmi Note 11']);
      expect(await names('q=pixle')).toEqual(['Pixel camera phone']);
      expect(await names('q=noet')).toEqual([]);
      expect(await names('q=gxlaxyy')).toEqual([]);
    });

    it('ranks a match in the name above one in the description', async () => {
      const samsungs = await names('q=samsung');
      expect(samsungs).toHaveLength(3);
      expect(samsungs.at(-1)).toBe('Pixel camera phone');
      const iphones = await names('q=iphone');
      expect(iphones.at(-1)).toBe('Galaxy S21');
    });

    it('never shows sold listings and shows reserved ones', async () => {
      expect(await names('q=iphone%2011')).toEqual([]);
      expect(await names('q=note%2020')).toEqual(['Galaxy Note 20']);
      const all = await names('limit=100');
      expect(all).not.toContain('iPhone 11 sold one');
      expect(all).toHaveLength(7);
    });
  });

  describe(`the search index on ${testDbKind}`, () => {
    it('follows every write to a listing in the same transaction', async () => {
      await insertListings([{ name: 'Nokia brick', category: 'realme', price: 20 }]);
      const id = ids.get('Nokia brick')!;
      expect(await names('q=nokia')).toEqual(['Nokia brick']);
      await t.app.db
        .updateTable('products')
        .set({ name: 'Motorola brick' })
        .where('id', '=', id)
        .execute();
      expect(await names('q=nokia')).toEqual([]);
      expect(await names('q=motorola')).toEqual(['Motorola brick']);
      await t.app.db.updateTable('products').set({ status: 'sold' }).where('id', '=', id).execute();
      expect(await names('q=motorola')).toEqual([]);
      await t.app.db
        .updateTable('products')
        .set({ status: 'available' })
        .where('id', '=', id)
        .execute();
      expect(await names('q=motorola')).toEqual(['Motorola brick']);
      await t.app.db.deleteFrom('products').where('id', '=', id).execute();
      expect(await names('q=motorola%20brick')).toEqual([]);
    });
  });

  describe(`search filters and sorts on ${testDbKind}`, () => {
    it('filters by category, price, condition, storage, battery, verified and location', async () => {
      expect((await names('category=samsung')).sort()).toEqual(['Galaxy Note 20', 'Galaxy S21']);
      expect((await names('minPrice=300&maxPrice=420')).sort()).toEqual([
        'Galaxy Note 20',
        'Galaxy S21',
        'iPhone 13 128GB Midnight',
      ]);
      expect((await names('condition=fair')).sort()).toEqual(['Redmi Note 11', 'iPhone 12 mini']);
      expect((await names('condition=excellent,fair')).sort()).toEqual([
        'Redmi Note 11',
        'iPhone 12 mini',
        'iPhone 13 128GB Midnight',
      ]);
      expect((await names('condition=excellent&condition=fair')).length).toBe(3);
      expect((await names('storage=256')).sort()).toEqual(['Galaxy Note 20', 'iPhone 13 Pro']);
      expect((await names('storage=64&storage=256')).length).toBe(3);
      expect((await names('minBattery=85')).sort()).toEqual([
        'Galaxy S21',
        'iPhone 13 128GB Midnight',
      ]);
      expect(await names('verified=true')).toEqual(['iPhone 13 128GB Midnight']);
      expect((await names('verified=false')).length).toBe(7);
      expect(await names('location=dhanm')).toEqual(['iPhone 13 128GB Midnight']);
      expect(await names('location=100%25')).toEqual([]);
      expect(await names('q=iphone&maxPrice=500&condition=excellent')).toEqual([
        'iPhone 13 128GB Midnight',
      ]);
    });

    it('sorts by newest, price both ways, and best match (newest without words)', async () => {
      const newest = await names('sort=newest');
      expect(newest[0]).toBe('iPhone 13 128GB Midnight');
      expect(newest.at(-1)).toBe('Pixel camera phone');
      expect(await names('sort=relevance')).toEqual(newest);
      expect(await names('sort=price_asc&limit=3')).toEqual([
        'Pixel camera phone',
        'Redmi Note 11',
        'iPhone 12 mini',
      ]);
      expect(await names('sort=price_desc&limit=2')).toEqual([
        'iPhone 13 Pro',
        'iPhone 13 128GB Midnight',
      ]);
    });

    it('answers the whole count and no next link on the last page', async () => {
      const res = await search('q=iphone&limit=10');
      expect(res.headers['x-total-count']).toBe('4');
      expect(res.headers.link).toBeUndefined();
    });
  });

  describe(`search paging on ${testDbKind}`, () => {
    beforeAll(async () => {
      const many: Listing[] = Array.from({ length: 23 }, (_, i) => ({
        name: `Paged phone ${i}`,
        category: 'realme',
        description: i % 3 === 0 ? 'paged paged paged' : 'paged',
        // Many equal prices and equal times: only the id can tell them apart.
        price: 100 + (i % 4),
        minutesAgo: 5 + (i % 2),
      }));
      await insertListings(many);
    });

    for (const sort of ['relevance', 'newest', 'price_asc', 'price_desc']) {
      it(`pages through every ${sort} result once, following the Link header`, async () => {
        let url: string | null = `/api/search?q=paged&sort=${sort}&limit=5`;
        const seen: string[] = [];
        let pages = 0;
        while (url) {
          const res = await call(t, buyer, 'GET', url);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.headers['x-total-count']).toBe('23');
          seen.push(...res.json<Product[]>().map((p) => p._id));
          const link = res.headers.link as string | undefined;
          url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
          if (url) expect(res.headers['x-next-cursor']).toBeTruthy();
          pages += 1;
        }
        expect(pages).toBe(5);
        expect(new Set(seen).size).toBe(23);
        expect(seen).toHaveLength(23);
      });
    }

    it('keeps prices in order across pages', async () => {
      const first = await search('q=paged&sort=price_asc&limit=10');
      const cursor = first.headers['x-next-cursor'] as string;
      const second = await search(`q=paged&sort=price_asc&limit=10&cursor=${cursor}`);
      const prices = [...first.json<Product[]>(), ...second.json<Product[]>()].map(
        (p) => p.resellPrice,
      );
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('refuses forged, malformed and other-order cursors with 400', async () => {
      const first = await search('q=paged&sort=newest&limit=5');
      const cursor = first.headers['x-next-cursor'] as string;
      const [payload] = cursor.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify(['newest', '2000-01-01T00:00:00.000Z', 'x']),
      ).toString('base64url');
      for (const bad of [
        `${forgedPayload}.${cursor.split('.')[1]}`,
        `${payload}.AAAAAAAAAAAAAAAAAAAAAA`,
        'not-a-cursor',
        `${payload}`,
      ]) {
        const res = await search(`q=paged&sort=newest&cursor=${encodeURIComponent(bad)}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: expect.any(String),
            message: 'This page link is not valid',
            reason: 'common.pageLink',
          },
        });
      }
      const otherOrder = await search(
        `q=paged&sort=price_asc&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(otherOrder.statusCode).toBe(400);
    });
  });

  describe(`search facets on ${testDbKind}`, () => {
    it('counts each choice, a multi-choice filter without itself', async () => {
      const res = await call(
        t,
        buyer,
        'GET',
        '/api/search/facets?q=galaxy%20OR&condition=good&category=samsung',
      );
      expect(res.statusCode, res.body).toBe(200);
      const none = res.json<SearchFacets>();
      expect(none.total).toBe(0);

      const facets = (
        await call(
          t,
          buyer,
          'GET',
          '/api/search/facets?storage=128&condition=good&sort=price_asc&limit=1',
        )
      ).json<SearchFacets>();
      expect(facets.total).toBe(1);
      expect(facets.category).toEqual([{ value: 'samsung', count: 1 }]);
      expect(facets.condition.sort((a, b) => a.value.localeCompare(b.value))).toEqual([
        { value: 'excellent', count: 1 },
        { value: 'fair', count: 1 },
        { value: 'good', count: 1 },
      ]);
      expect(facets.storage).toEqual([
        { value: 128, count: 1 },
        { value: 256, count: 2 },
      ]);
      expect(facets.minBattery).toEqual([
        { value: 80, count: 1 },
        { value: 85, count: 1 },
        { value: 90, count: 0 },
        { value: 95, count: 0 },
      ]);
      expect(facets.verified).toBe(0);
      expect(facets.price).toEqual({ min: 330, max: 330 });
    });

    it('counts brands, battery thresholds and verified sellers each without its own filter', async () => {
      const facets = (
        await call(
          t,
          buyer,
          'GET',
          '/api/search/facets?category=iPhone&minBattery=90&verified=true',
        )
      ).json<SearchFacets>();
      expect(facets.total).toBe(1);
      expect(facets.category).toEqual([{ value: 'iPhone', count: 1 }]);
      expect(facets.minBattery).toEqual([
        { value: 80, count: 1 },
        { value: 85, count: 1 },
        { value: 90, count: 1 },
        { value: 95, count: 0 },
      ]);
      expect(facets.verified).toBe(1);
      const unverified = (
        await call(t, buyer, 'GET', '/api/search/facets?category=iPhone&minBattery=80')
      ).json<SearchFacets>();
      expect(unverified.total).toBe(2);
      expect(unverified.verified).toBe(1);
      expect(unverified.minBattery.map((b) => b.count)).toEqual([2, 1, 1, 0]);
    });

    it('counts prices without the price filter and answers null without results', async () => {
      const facets = (
        await call(t, buyer, 'GET', '/api/search/facets?q=iphone%2013&maxPrice=100')
      ).json<SearchFacets>();
      expect(facets.total).toBe(0);
      expect(facets.price).toEqual({ min: 420, max: 610 });
      const empty = (
        await call(t, buyer, 'GET', '/api/search/facets?q=nothingatallhere')
      ).json<SearchFacets>();
      expect(empty.price).toEqual({ min: null, max: null });
    });
  });

  describe(`search suggestions on ${testDbKind}`, () => {
    it('answers listing names beginning with the typed words, sold ones never', async () => {
      const res = await call(t, buyer, 'GET', '/api/search/suggest?q=iph');
      expect(res.statusCode, res.body).toBe(200);
      const { suggestions } = res.json<{ suggestions: string[] }>();
      expect(suggestions.sort()).toEqual([
        'iPhone 12 mini',
        'iPhone 13 128GB Midnight',
        'iPhone 13 Pro',
      ]);
      const pro = await call(t, buyer, 'GET', '/api/search/suggest?q=iphone%2013%20p');
      expect(pro.json()).toEqual({ suggestions: ['iPhone 13 Pro'] });
      const paged = await call(t, buyer, 'GET', '/api/search/suggest?q=paged');
      expect(paged.json<{ suggestions: string[] }>().suggestions).toHaveLength(8);
      const nothing = await call(t, buyer, 'GET', '/api/search/suggest?q=%21%21');
      expect(nothing.json()).toEqual({ suggestions: [] });
    });

    it('answers a signed-out visitor too, while the results stay behind sign-in', async () => {
      const names = await call(t, null, 'GET', '/api/search/suggest?q=iphone%2013%20p');
      expect(names.statusCode, names.body).toBe(200);
      expect(names.json()).toEqual({ suggestions: ['iPhone 13 Pro'] });
      const results = await call(t, null, 'GET', '/api/search?q=iphone%2013%20p');
      expect(results.statusCode).toBe(401);
    });

    it('keeps suggestions until listings change, and never keeps an empty answer', async () => {
      const ask = async () =>
        (await call(t, null, 'GET', '/api/search/suggest?q=Walkie')).json<{
          suggestions: string[];
        }>().suggestions;
      expect(await ask()).toEqual([]);
      await insertListings([{ name: 'Walkie talkie phone', category: 'realme' }]);
      expect(await ask()).toEqual(['Walkie talkie phone']);
      // A write straight to the database does not clear the cache; the API's writes do.
      await t.app.db
        .updateTable('products')
        .set({ status: 'sold' })
        .where('id', '=', ids.get('Walkie talkie phone')!)
        .execute();
      expect(await ask()).toEqual(['Walkie talkie phone']);
      t.app.catalogCache.invalidate();
      expect(await ask()).toEqual([]);
    });

    it('needs a letter', async () => {
      const res = await call(t, buyer, 'GET', '/api/search/suggest?q=%20');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Type at least one letter');
    });
  });

  describe(`search bad input on ${testDbKind}`, () => {
    const cases: [string, string][] = [
      ['sort=cheapest', 'sort must be one of relevance, newest, price_asc, price_desc'],
      ['minPrice=-1', 'Lowest price cannot be negative'],
      ['maxPrice=abc', 'Highest price must be a number of dollars'],
      ['minPrice=500&maxPrice=100', 'The lowest price cannot be above the highest price'],
      ['limit=101', 'limit must be a whole number from 1 to 100'],
      ['limit=0', 'limit must be a whole number from 1 to 100'],
      ['condition=mint', 'Condition must be one of excellent, good, fair'],
      ['storage=100', 'Storage must be one of 16, 32, 64, 128, 256, 512, 1024 GB'],
      ['minBattery=101', 'Battery health must be a whole number from 1 to 100 (%)'],
      ['verified=yes', 'verified must be true or false'],
      ['category=nokia', 'category: Category must be one of iPhone, samsung, xiaomi, realme'],
      [`q=${'a'.repeat(101)}`, 'Search words must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      it(`answers 400 to ${query.slice(0, 40)}`, async () => {
        for (const path of ['/api/search', '/api/search/facets']) {
          const res = await call(t, buyer, 'GET', `${path}?${query}`);
          expect(res.statusCode, res.body).toBe(400);
          const body = res.json<{ error: { code: string; message: string } }>();
          expect(body.error.message).toContain(message);
        }
      });
    }

    it('keeps search answers out of shared caches', async () => {
      const res = await search('q=iphone');
      expect(String(res.headers['cache-control'] ?? 'no-store')).not.toMatch(/public/);
    });
  });

  describe(`search by location on ${testDbKind}`, () => {
    beforeAll(async () => {
      await insertListings([
        { name: 'iPhone13 Pro Max', location: 'Uttara Sector-7', price: 700 },
        { name: 'Galaxy A5', category: 'samsung', location: 'Uttara, Dhaka', price: 120 },
      ]);
    });

    it('matches a glued name by its parts with a location, as without one', async () => {
      expect(await names('q=iphone%2013&location=uttara')).toEqual(['iPhone13 Pro Max']);
      expect(await names('q=iphone13&location=Uttara')).toEqual(['iPhone13 Pro Max']);
      const res = await search('q=iphone%2013&location=uttara');
      expect(res.headers['x-total-count']).toBe('1');
    });

    it('matches the words of the area, as prefixes and parts, never inside a word', async () => {
      // "Dhaka, Gulshan" is the area of most listings here: the word finds them all.
      const gulshan = await names('location=Gulshan&limit=100');
      expect(gulshan.length).toBeGreaterThan(20);
      expect(gulshan).not.toContain('iPhone13 Pro Max');
      expect((await names('location=uttara')).sort()).toEqual(['Galaxy A5', 'iPhone13 Pro Max']);
      expect(await names('location=sector%207')).toEqual(['iPhone13 Pro Max']);
      expect(await names('location=sector7')).toEqual(['iPhone13 Pro Max']);
      expect(await names('location=uttara%20dhaka')).toEqual(['Galaxy A5']);
      expect(await names('location=ulshan')).toEqual([]);
      // The words of the search never match the area, nor the area the listing's other texts.
      expect(await names('q=uttara')).toEqual([]);
      expect(await names('location=galaxy')).toEqual([]);
      const facets = (
        await call(t, buyer, 'GET', '/api/search/facets?location=uttara')
      ).json<SearchFacets>();
      expect(facets.total).toBe(2);
      expect(facets.category).toEqual([
        { value: 'iPhone', count: 1 },
        { value: 'samsung', count: 1 },
      ]);
    });

    it('follows a listing moved to another area', async () => {
      const id = ids.get('Galaxy A5')!;
      await t.app.db
        .updateTable('products')
        .set({ location: 'Banani' })
        .where('id', '=', id)
        .execute();
      expect(await names('location=uttara')).toEqual(['iPhone13 Pro Max']);
      expect(await names('location=banani')).toEqual(['Galaxy A5']);
    });

    it('answers nothing to words or a location with no searchable word', async () => {
      for (const query of ['q=%21%21', 'q=---', 'location=%21%21', 'q=iphone&location=%2B%2B']) {
        const res = await search(query);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json(), query).toEqual([]);
        expect(res.headers['x-total-count']).toBe('0');
        expect(res.headers['x-total-count-relation']).toBe('eq');
        const facets = await call(t, buyer, 'GET', `/api/search/facets?${query}`);
        expect(facets.json<SearchFacets>()).toEqual({
          total: 0,
          exact: true,
          category: [],
          condition: [],
          storage: [],
          minBattery: [80, 85, 90, 95].map((value) => ({ value, count: 0 })),
          verified: 0,
          unlocked: 0,
          activationLockOff: 0,
          distance: [],
          price: { min: null, max: null },
        });
      }
    });
  });

  describe(`suggestions from the index on ${testDbKind}`, () => {
    /** The writes below go straight to the database, which the catalogue cache does not see. */
    const suggest = async (q: string) => {
      t.app.catalogCache.invalidate();
      const res = await call(t, buyer, 'GET', `/api/search/suggest?q=${encodeURIComponent(q)}`);
      return res.json<{ suggestions: string[] }>().suggestions;
    };

    it('counts the listings on show of each name as they are added, renamed, sold and deleted', async () => {
      await insertListings([
        { name: 'Quetzal 7 one', category: 'realme' },
        { name: 'Quetzal 7 two', category: 'realme' },
        { name: 'Quetzal 7 three', category: 'realme' },
        { name: 'Quetzal 7a', category: 'realme' },
      ]);
      const [a, b, c] = ['Quetzal 7 one', 'Quetzal 7 two', 'Quetzal 7 three'].map((n) =>
        ids.get(n)!,
      );
      const db = t.app.db;
      await db
        .updateTable('products')
        .set({ name: 'Quetzal 7' })
        .where('id', 'in', [a!, b!])
        .execute();
      await db.updateTable('products').set({ name: ' QUETZAL 7' }).where('id', '=', c!).execute();
      // Another spelling counts with the name; the first spelling seen is the one shown.
      expect(await suggest('quetz')).toEqual(['Quetzal 7', 'Quetzal 7a']);
      await db.updateTable('products').set({ status: 'sold' }).where('id', '=', a!).execute();
      await db.updateTable('products').set({ moderation: 'hidden' }).where('id', '=', b!).execute();
      // One "Quetzal 7" and one "Quetzal 7a" on show: the shorter first.
      expect(await suggest('quetzal 7')).toEqual(['Quetzal 7', 'Quetzal 7a']);
      await db.deleteFrom('products').where('id', '=', c!).execute();
      expect(await suggest('quetzal')).toEqual(['Quetzal 7a']);
      await db.updateTable('products').set({ moderation: null }).where('id', '=', b!).execute();
      expect(await suggest('7 quetzal')).toEqual(['Quetzal 7', 'Quetzal 7a']);
      expect(await suggest('uetzal')).toEqual([]);
    });
  });
});
