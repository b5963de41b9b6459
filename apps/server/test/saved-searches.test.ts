import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '@market/shared';
import { readDate, valueWriters } from '../src/db/dialect.ts';
import { sendSavedSearchAlerts } from '../src/modules/notifications/notification-jobs.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories } from './helpers/market.ts';

const t = useTestApp();
let buyer: TestUser;
let otherBuyer: TestUser;
let seller: TestUser;
const newestMatch = new Date(Date.UTC(2026, 2, 1, 12, 0));

async function insertListing(
  name: string,
  postedAt: Date,
  status = 'available' as const,
  location = 'Dhaka',
) {
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
      location,
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
        reason: 'offers.search.savedMax',
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

describe(`new matches of saved searches on ${testDbKind}`, () => {
  it('counts the matches posted since the buyer last opened it; opening it sees them', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const saved = await save(reader, { name: 'Quokka', filters: { q: 'quokka' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<SavedSearch>()._id;
    const listed = async () =>
      (await call(t, reader, 'GET', '/api/saved-searches')).json<SavedSearch[]>()[0]!;
    expect((await listed()).newMatches).toBe(0);

    const pause = () => new Promise((done) => setTimeout(done, 5));
    await pause();
    await insertListing('Quokka One', new Date());
    await pause();
    await insertListing('Quokka Two', new Date());
    await insertListing('Wombat', new Date());
    await pause();
    expect(await listed()).toMatchObject({ name: 'Quokka', newMatches: 2 });

    // Someone else's, or a missing one, answers 404 and changes nothing.
    const theirs = await call(t, otherBuyer, 'POST', `/api/saved-searches/${id}/viewed`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('No such saved search');
    const missing = await call(
      t,
      reader,
      'POST',
      `/api/saved-searches/${crypto.randomUUID()}/viewed`,
    );
    expect(missing.statusCode).toBe(404);
    const notAnId = await call(t, reader, 'POST', '/api/saved-searches/not%20an%20id/viewed');
    expect(notAnId.statusCode).toBeGreaterThanOrEqual(400);
    expect(notAnId.statusCode).toBeLessThan(500);
    expect((await listed()).newMatches).toBe(2);

    // Opened after the newest one was posted.
    const viewed = await call(t, reader, 'POST', `/api/saved-searches/${id}/viewed`);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json<SavedSearch>()).toMatchObject({ _id: id, newMatches: 0 });
    const row = (await rowsOf(reader))[0]!;
    expect(row.viewedUntil).not.toBeNull();
    expect((await listed()).newMatches).toBe(0);
  });

  it('tells of new matches under the bell within the hour, without an email, once each', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    expect((await save(reader, { name: 'Numbat', filters: { q: 'numbat' } })).statusCode).toBe(200);
    await insertListing('Numbat Phone', new Date(Date.now() + 1_000));
    await insertListing('Numbat Mini', new Date(Date.now() + 2_000));

    const now = new Date('2031-03-01T10:15:00.000Z');
    expect(
      await sendSavedSearchAlerts(t.app.db, t.app.notifier, t.app.searchIndex, now),
    ).toBeGreaterThanOrEqual(1);
    const bell = async () =>
      t.app.db
        .selectFrom('notifications')
        .select(['kind', 'title', 'link', 'readAt'])
        .where('userId', '=', reader.id)
        .orderBy('createdAt')
        .execute();
    expect(await bell()).toEqual([
      {
        kind: 'saved_search_matches',
        title: '2 new phones for your saved search "Numbat"',
        link: '/search?q=numbat',
        readAt: null,
      },
    ]);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('userId', '=', reader.id)
      .execute();
    expect(mail).toEqual([]);

    // The same phones are not told of again; a newer one is, in a later hour.
    await sendSavedSearchAlerts(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 20 * 60_000),
    );
    await sendSavedSearchAlerts(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 2 * 3_600_000),
    );
    expect(await bell()).toHaveLength(1);
    await insertListing('Numbat Max', new Date(Date.now() + 3_000));
    await sendSavedSearchAlerts(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date(now.getTime() + 3 * 3_600_000),
    );
    const told = await bell();
    expect(told).toHaveLength(2);
    expect(told[1]!.title).toBe('1 new phone for your saved search "Numbat"');
  });

  it('finds new matches by glued names and areas, to the millisecond, through the index', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const first = new Date(Date.UTC(2026, 3, 1, 8, 0, 0, 100));
    await insertListing('iPhone13 Pro', first, 'available', 'Uttara, Sector 7');
    await insertListing('iPhone 13', new Date(first.getTime() + 60_000), 'available', 'Mirpur');
    const res = await save(reader, {
      name: 'Uttara iPhones',
      filters: { q: 'iphone 13', location: 'uttara' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The newest match at saving is the glued name in Uttara, not the Mirpur one.
    expect(res.json<SavedSearch>().seenUntil).toBe(first.toISOString());

    // Later in the same second: new, though its document id shares the second's range.
    await insertListing('iPhone13 mini', new Date(first.getTime() + 400), 'available', 'Uttara');
    await insertListing('iPhone13 Max', new Date(Date.now() + 5_000), 'available', 'Gulshan');
    const listed = await call(t, reader, 'GET', '/api/saved-searches');
    expect(listed.json<SavedSearch[]>()[0]).toMatchObject({ newMatches: 1 });

    const now = new Date('2031-04-01T10:15:00.000Z');
    await sendSavedSearchAlerts(t.app.db, t.app.notifier, t.app.searchIndex, now);
    const told = await t.app.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', reader.id)
      .execute();
    expect(told).toEqual([{ title: '1 new phone for your saved search "Uttara iPhones"' }]);
    const row = (await rowsOf(reader))[0]!;
    expect(readDate(row.alertedUntil!).toISOString()).toBe(
      new Date(first.getTime() + 400).toISOString(),
    );
  });
});

describe(`saved searches' addresses on ${testDbKind}`, () => {
  it('writes every filter as the results page reads it, lists comma-separated', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const res = await save(reader, {
      name: 'Everything',
      filters: {
        q: 'iphone',
        category: 'iPhone',
        minPrice: '100.5',
        maxPrice: '400',
        condition: 'good,fair',
        storage: '64,128',
        minBattery: '85',
        verified: 'true',
        location: 'Dhaka Gulshan',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SavedSearch>()).toMatchObject({
      filters: {
        q: 'iphone',
        category: 'iPhone',
        minPrice: 100.5,
        maxPrice: 400,
        condition: ['good', 'fair'],
        storage: [64, 128],
        minBattery: 85,
        verified: true,
        location: 'Dhaka Gulshan',
      },
      url:
        '/search?q=iphone&category=iPhone&minPrice=100.5&maxPrice=400&condition=good%2Cfair' +
        '&storage=64%2C128&minBattery=85&verified=true&location=Dhaka+Gulshan',
    });
    const none = await save(reader, { name: 'Every phone', filters: { verified: 'false' } });
    expect(none.json<SavedSearch>()).toMatchObject({ filters: {}, url: '/search' });
  });

  it('keeps the address of filters as stored when the search no longer takes them', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const w = valueWriters(t.app.db);
    await t.app.db
      .insertInto('savedSearches')
      .values({
        id: crypto.randomUUID(),
        userId: reader.id,
        name: 'Old brand',
        filters: JSON.stringify({ q: 'lumia', category: 'nokia', storage: [32, 64] }),
        createdAt: w.date(new Date()),
        seenUntil: w.date(new Date()),
      })
      .execute();
    const listed = await call(t, reader, 'GET', '/api/saved-searches');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<SavedSearch[]>()).toMatchObject([
      { name: 'Old brand', url: '/search?q=lumia&category=nokia&storage=32%2C64', newMatches: 0 },
    ]);
  });
});
