import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '@market/shared';
import { readDate, valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories } from './helpers/market.ts';

const t = useTestApp();
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
const newestMatch = new Date(Date.UTC(2026, 2, 1, 12, 0));

async function insertListing(name: string, postedAt: Date, status = 'available' as const) {
  const w = valueWriters(t.app.db);
  await t.app.db
    .insertInto('products')
    .values({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      category: 'iPhone',
      name,
      imgUrl: '/demo/iphone-1.webp',
      originalPriceCents: 90_000,
      resellPriceCents: 35_000,
      yearOfPurchase: 2022,
      condition: 'good',
      description: '',
      location: 'Dhaka',
      advertised: w.bool(false),
      postedAt: w.date(postedAt),
      status,
      storageGb: 128,
    })
    .execute();
}

const rowsOf = (user: TestUser) =>
  t.app.db.selectFrom('savedSearches').selectAll().where('userId', '=', user.id).execute();

const save = (user: TestUser | null, body: unknown) =>
  call(t, user, 'POST', '/api/saved-searches', body);

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  otherBuyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
  await insertListing('iPhone 13 128GB', new Date(newestMatch.getTime() - 3_600_000));
  await insertListing('iPhone 13 mini', newestMatch);
  await insertListing('Galaxy S22', new Date(newestMatch.getTime() + 3_600_000));
});

describe(`saved searches on ${testDbKind}`, () => {
  it('saves the validated filters, their address, and the newest match as seen', async () => {
    const res = await save(buyer, {
      name: '  iPhone 13 under $400 ',
      filters: { q: 'iphone 13', maxPrice: '400', condition: 'good,excellent', storage: [128] },
      userId: otherBuyer.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SavedSearch>();
    expect(saved).toMatchObject({
      name: 'iPhone 13 under $400',
      filters: { q: 'iphone 13', maxPrice: 400, condition: ['good', 'excellent'], storage: [128] },
      url: '/search?q=iphone+13&maxPrice=400&condition=good%2Cexcellent&storage=128',
    });
    expect(saved.seenUntil).toBe(newestMatch.toISOString());
    expect(Date.now() - Date.parse(saved.createdAt)).toBeLessThan(60_000);

    const rows = await rowsOf(buyer);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(saved._id);
    expect(readDate(rows[0]!.seenUntil).toISOString()).toBe(newestMatch.toISOString());
    expect(JSON.parse(rows[0]!.filters)).toEqual(saved.filters);
    expect(await rowsOf(otherBuyer)).toHaveLength(0);
  });

  it('takes the saving time as seen when nothing matches yet', async () => {
    const before = Date.now();
    const res = await save(buyer, { name: 'Pixel', filters: { q: 'pixel' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse(res.json<SavedSearch>().seenUntil)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json<SavedSearch>().url).toBe('/search?q=pixel');
  });

  it("lists the buyer's own, newest first, with the count", async () => {
    const res = await call(t, buyer, 'GET', '/api/saved-searches');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json<SavedSearch[]>().map((s) => s.name)).toEqual(['Pixel', 'iPhone 13 under $400']);
    const other = await call(t, otherBuyer, 'GET', '/api/saved-searches');
    expect(other.json()).toEqual([]);
    expect(other.headers['x-total-count']).toBe('0');
  });

  it('refuses bad input with a message and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ filters: {} }, 'Name is required'],
      [{ name: '   ', filters: {} }, 'Name is required'],
      [{ name: 'x'.repeat(61), filters: {} }, 'Name must be at most 60 characters'],
      [{ name: 'Bad', filters: { minPrice: -5 } }, 'Lowest price cannot be negative'],
      [
        { name: 'Bad', filters: { minPrice: 500, maxPrice: 100 } },
        'The lowest price cannot be above the highest price',
      ],
      [{ name: 'Bad', filters: { condition: 'mint' } }, 'Condition must be one of'],
      [{ name: 12, filters: {} }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await save(otherBuyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    expect(await rowsOf(otherBuyer)).toHaveLength(0);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per buyer`, async () => {
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) {
      const res = await save(otherBuyer, { name: `Search ${i}`, filters: { q: `phone ${i}` } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await save(otherBuyer, { name: 'One more', filters: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches: delete one to save another`,
      },
    });
    expect(await rowsOf(otherBuyer)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it("deletes the buyer's own; someone else's or a missing one answers 404", async () => {
    const [mine] = await rowsOf(buyer);
    const theirs = await call(t, otherBuyer, 'DELETE', `/api/saved-searches/${mine!.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('No such saved search');
    expect(await rowsOf(buyer)).toHaveLength(2);
    const missing = await call(t, buyer, 'DELETE', `/api/saved-searches/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    const res = await call(t, buyer, 'DELETE', `/api/saved-searches/${mine!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await rowsOf(buyer)).toHaveLength(1);
  });

  it('is for buyers only', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const [user, status] of [
      [null, 401],
      [seller, 403],
      [admin, 403],
    ] as const) {
      expect((await call(t, user, 'GET', '/api/saved-searches')).statusCode).toBe(status);
      expect((await save(user, { name: 'x', filters: {} })).statusCode).toBe(status);
    }
  });
});
