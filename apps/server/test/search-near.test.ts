import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACE_ID_MESSAGE,
  type BuyerAreaAnswer,
  type Product,
  type SavedSearch,
  type SearchFacets,
} from '@market/shared';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { matchLocation } from '../src/db/migrations/20261128000100_places.ts';
import { logPlacedListings } from '../src/modules/places/public.ts';
import { sendSavedSearchAlerts } from '../src/modules/notifications/notification-jobs.ts';
import { createTestDatabase, testDbKind, useTestApp, type TestDatabase } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

const t = useTestApp({ env: { SEARCHES_PER_MINUTE: '0' } });
let seller: TestUser;
let buyer: TestUser;

const GULSHAN = 2_000_000_001;
const BANANI = 2_000_000_002;
const DHANMONDI = 2_000_000_003;
const UTTARA = 2_000_000_005;
const GAZIPUR = 2_000_000_201;
const CHATTOGRAM = 1_205_733;
const SYLHET = 1_185_099;

/** A word only this file's listings have, so other files' listings never match. */
const WORD = 'quokkaphone';

/** Listing names by place, nearest Gulshan first. */
const BY_DISTANCE = [
  `${WORD} Gulshan`,
  `${WORD} Banani`,
  `${WORD} Dhanmondi`,
  `${WORD} Uttara`,
  `${WORD} Gazipur`,
  `${WORD} Sylhet`,
  `${WORD} Chattogram`,
];

const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { message: string; fields?: Record<string, string> } }).error;

async function search(query: string) {
  const res = await call(t, buyer, 'GET', `/api/search?q=${WORD}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
const names = async (query: string) => (await search(query)).json<Product[]>().map((p) => p.name);

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  // Posted oldest first in the order of their places, so newest first is the reverse.
  const places = [GULSHAN, BANANI, DHANMONDI, UTTARA, GAZIPUR, SYLHET, CHATTOGRAM];
  for (const [i, placeId] of places.entries()) {
    await postProduct(t, seller, { name: BY_DISTANCE[i], placeId, location: 'typed text' });
  }
  await postProduct(t, seller, { name: `${WORD} nowhere`, location: 'Somewhere far' });
});

describe(`a listing's area on ${testDbKind}`, () => {
  it('is stored as the place, its centre and its name, with an optional note', async () => {
    const product = await postProduct(t, seller, {
      name: 'Area phone',
      placeId: GULSHAN,
      locationNote: '  near the Gulshan 2 circle ',
    });
    expect(product).toMatchObject({
      location: 'Gulshan, Dhaka',
      placeId: GULSHAN,
      placeLat: 23.79,
      placeLon: 90.42,
      locationNote: 'near the Gulshan 2 circle',
    });
    const row = await t.app.db
      .selectFrom('products')
      .select(['placeId', 'placeLat', 'placeLon', 'location', 'locationNote'])
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      placeId: GULSHAN,
      placeLat: 23.79,
      placeLon: 90.42,
      location: 'Gulshan, Dhaka',
      locationNote: 'near the Gulshan 2 circle',
    });

    // Moved to Sylhet, then its place removed: the text stays, the centre goes.
    const moved = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      placeId: SYLHET,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Product>()).toMatchObject({
      location: 'Sylhet, Bangladesh',
      placeId: SYLHET,
      placeLat: 24.9,
      placeLon: 91.87,
    });
    const cleared = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      placeId: null,
      locationNote: '',
    });
    expect(cleared.json<Product>()).toMatchObject({
      location: 'Sylhet, Bangladesh',
      placeId: null,
      placeLat: null,
      placeLon: null,
      locationNote: null,
    });
    await call(t, seller, 'DELETE', `/api/my-products/${product._id}`);
  });

  it.each([
    [42, PLACE_ID_MESSAGE],
    [0, PLACE_ID_MESSAGE],
    [-5, PLACE_ID_MESSAGE],
    [1.5, PLACE_ID_MESSAGE],
    ['2000000001', PLACE_ID_MESSAGE],
    [true, PLACE_ID_MESSAGE],
  ])('refuses the place %j with the field named, and keeps nothing', async (placeId, message) => {
    const before = await t.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await call(t, seller, 'POST', `/api/add-product?email=${seller.email}`, {
      name: 'Refused phone',
      location: 'Dhaka',
      yearOfUse: 2022,
      originalPrice: 799,
      resellPrice: 450,
      Category: 'iPhone',
      condition: 'good',
      imgURL: '/demo/iphone-1.webp',
      placeId,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).fields?.placeId).toBe(message);
    const after = await t.app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an unknown place when editing, and leaves the listing as it was', async () => {
    const product = await postProduct(t, seller, { name: 'Kept phone', placeId: BANANI });
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      placeId: 77,
      name: 'Renamed phone',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      message: PLACE_ID_MESSAGE,
      fields: { placeId: PLACE_ID_MESSAGE },
    });
    const row = await t.app.db
      .selectFrom('products')
      .select(['name', 'placeId', 'location'])
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Kept phone', placeId: BANANI, location: 'Banani, Dhaka' });
    await call(t, seller, 'DELETE', `/api/my-products/${product._id}`);
  });
});

describe(`search by distance on ${testDbKind}`, () => {
  it('keeps listings within each radius of a place', async () => {
    const near = `near=${GULSHAN}&sort=distance`;
    expect(await names(`${near}&radiusKm=1`)).toEqual(BY_DISTANCE.slice(0, 1));
    expect(await names(`${near}&radiusKm=5`)).toEqual(BY_DISTANCE.slice(0, 2));
    expect(await names(`${near}&radiusKm=10`)).toEqual(BY_DISTANCE.slice(0, 4));
    expect(await names(`${near}&radiusKm=25`)).toEqual(BY_DISTANCE.slice(0, 5));
    expect(await names(`${near}&radiusKm=500`)).toEqual(BY_DISTANCE);
    const res = await search(`near=${GULSHAN}&radiusKm=10`);
    expect(res.headers['x-total-count']).toBe('4');
    // Newest first by default: Uttara was posted after Dhanmondi, Banani and Gulshan.
    expect(res.json<Product[]>().map((p) => p.name)).toEqual(BY_DISTANCE.slice(0, 4).reverse());
  });

  it('measures from a position, rounded to about 1 km first', async () => {
    expect(await names('lat=23.7931&lon=90.4166&radiusKm=5&sort=distance')).toEqual(
      BY_DISTANCE.slice(0, 2),
    );
    // Near Chattogram, nothing of Dhaka is within 50 km.
    expect(await names('lat=22.3&lon=91.8&radiusKm=50')).toEqual([`${WORD} Chattogram`]);
  });

  it('sorts nearest first through every page by cursor, listings without a place last', async () => {
    let url: string | null = `/api/search?q=${WORD}&near=${GULSHAN}&sort=distance&limit=3`;
    const seen: string[] = [];
    while (url) {
      const res = await call(t, buyer, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json<Product[]>().map((p) => p.name));
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen).toEqual([...BY_DISTANCE, `${WORD} nowhere`]);
  });

  it('refuses a cursor of another order', async () => {
    const first = await search(`near=${GULSHAN}&sort=price_asc&limit=2`);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const res = await call(
      t,
      buyer,
      'GET',
      `/api/search?q=${WORD}&near=${GULSHAN}&sort=distance&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).message).toBe('This page link is not valid');
  });

  it('counts results by distance band, without the radius', async () => {
    const facets = async (query: string) => {
      const res = await call(t, buyer, 'GET', `/api/search/facets?q=${WORD}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SearchFacets>();
    };
    const bands = [
      { value: 5, count: 2 },
      { value: 10, count: 4 },
      { value: 25, count: 5 },
      { value: 50, count: 5 },
    ];
    expect((await facets(`near=${GULSHAN}`)).distance).toEqual(bands);
    const within = await facets(`near=${GULSHAN}&radiusKm=5`);
    expect(within.total).toBe(2);
    expect(within.distance).toEqual(bands);
    expect((await facets('')).distance).toEqual([]);
  });

  it.each([
    ['radiusKm=0&near=1185241', 'radiusKm', 'radiusKm must be a number of km from 1 to 500'],
    ['radiusKm=501&near=1185241', 'radiusKm', 'radiusKm must be a number of km from 1 to 500'],
    ['radiusKm=far&near=1185241', 'radiusKm', 'radiusKm must be a number of km from 1 to 500'],
    ['radiusKm=10', 'radiusKm', 'A radius needs near (a place) or lat and lon'],
    ['lat=91&lon=90', 'lat', 'lat must be a latitude from -90 to 90'],
    ['lat=23.8&lon=-200', 'lon', 'lon must be a longitude from -180 to 180'],
    ['lat=23.8', 'lon', 'Give both lat and lon, or neither'],
    ['near=dhaka', 'near', PLACE_ID_MESSAGE],
    ['near=42', 'near', PLACE_ID_MESSAGE],
    ['sort=distance', 'sort', 'Nearest first needs near (a place) or lat and lon'],
  ])('refuses %s with the field named', async (query, field, message) => {
    for (const path of ['/api/search', '/api/search/facets']) {
      const res = await call(t, buyer, 'GET', `${path}?${query}`);
      expect(res.statusCode, `${path}?${query}`).toBe(400);
      expect(errorOf(res.body).fields?.[field]).toBe(message);
    }
  });

  it('answers no coordinates finer than a place centre', async () => {
    const res = await search(`lat=23.79312&lon=90.41658&sort=distance&limit=50`);
    expect(res.body).not.toContain('23.793');
    expect(res.body).not.toContain('90.416');
    for (const p of res.json<Product[]>()) {
      if (p.placeLat !== null) expect(Math.round(p.placeLat * 100) / 100).toBe(p.placeLat);
      if (p.placeLon !== null) expect(Math.round(p.placeLon * 100) / 100).toBe(p.placeLon);
    }
  });
});

describe(`a saved search with a radius on ${testDbKind}`, () => {
  it('keeps its place and radius, and its alerts count only listings within it', async () => {
    const reader = await createUser(t, { role: 'buyer' });
    const res = await call(t, reader, 'POST', '/api/saved-searches', {
      name: 'Wombats near Gulshan',
      filters: { q: 'wombatphone', near: String(GULSHAN), radiusKm: '10' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SavedSearch>();
    expect(saved.filters).toMatchObject({ q: 'wombatphone', near: GULSHAN, radiusKm: 10 });
    expect(saved.url).toBe(`/search?q=wombatphone&near=${GULSHAN}&radiusKm=10`);

    const w = valueWriters(t.app.db);
    const insert = (name: string, placeId: number, lat: number, lon: number) =>
      t.app.db
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
          location: 'placed',
          advertised: w.bool(false),
          postedAt: w.date(new Date(Date.now() + 1_000)),
          placeId,
          placeLat: lat,
          placeLon: lon,
        })
        .execute();
    await insert('wombatphone Banani', BANANI, 23.79, 90.4);
    await insert('wombatphone Chattogram', CHATTOGRAM, 22.34, 91.83);
    await t.app.searchIndex.drain();

    const listed = await call(t, reader, 'GET', '/api/saved-searches');
    expect(listed.json<SavedSearch[]>()[0]).toMatchObject({ newMatches: 1 });
    await sendSavedSearchAlerts(
      t.app.db,
      t.app.notifier,
      t.app.searchIndex,
      new Date('2031-03-01T10:15:00.000Z'),
    );
    const bell = await t.app.db
      .selectFrom('notifications')
      .select(['title', 'link'])
      .where('userId', '=', reader.id)
      .execute();
    expect(bell).toEqual([
      {
        title: '1 new phone for your saved search "Wombats near Gulshan"',
        link: `/search?q=wombatphone&near=${GULSHAN}&radiusKm=10`,
      },
    ]);
  });
});

describe(`the buyer's area on ${testDbKind}`, () => {
  it('is a place, or a position kept to two decimals, for its owner alone', async () => {
    const me = await createUser(t, { role: 'buyer' });
    const other = await createUser(t, { role: 'buyer' });
    const area = async (who: TestUser) =>
      (await call(t, who, 'GET', '/api/me/area')).json<BuyerAreaAnswer>().area;
    expect(await area(me)).toBeNull();

    const byPlace = await call(t, me, 'PUT', '/api/me/area', { placeId: DHANMONDI });
    expect(byPlace.statusCode, byPlace.body).toBe(200);
    expect(byPlace.json<BuyerAreaAnswer>().area).toEqual({
      placeId: DHANMONDI,
      label: 'Dhanmondi, Dhaka',
      lat: 23.75,
      lon: 90.37,
    });
    expect(await area(other)).toBeNull();

    const byPosition = await call(t, me, 'PUT', '/api/me/area', { lat: 23.79312, lon: 90.41658 });
    expect(byPosition.json<BuyerAreaAnswer>().area).toEqual({
      placeId: null,
      label: 'Near Gulshan, Dhaka',
      lat: 23.79,
      lon: 90.42,
    });
    const row = await t.app.db
      .selectFrom('users')
      .select(['areaPlaceId', 'areaLat', 'areaLon'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ areaPlaceId: null, areaLat: 23.79, areaLon: 90.42 });

    expect((await call(t, me, 'DELETE', '/api/me/area')).json()).toEqual({ area: null });
    expect(await area(me)).toBeNull();
  });

  it.each([
    [{}, 'placeId', 'Choose an area from the suggestions, or give lat and lon'],
    [{ lat: 23.8 }, 'placeId', 'Choose an area from the suggestions, or give lat and lon'],
    [
      { placeId: GULSHAN, lat: 23.8, lon: 90.4 },
      'placeId',
      'Choose an area from the suggestions, or give lat and lon',
    ],
    [{ placeId: 42 }, 'placeId', PLACE_ID_MESSAGE],
    [{ placeId: 'gulshan' }, 'placeId', PLACE_ID_MESSAGE],
    [{ lat: 95, lon: 90 }, 'lat', 'lat must be a latitude from -90 to 90'],
    [{ lat: 23, lon: '90' }, 'lon', 'lon must be a longitude from -180 to 180'],
  ])(
    'refuses %j with the field named, and keeps the area as it was',
    async (body, field, message) => {
      const me = await createUser(t, { role: 'buyer' });
      await call(t, me, 'PUT', '/api/me/area', { placeId: UTTARA });
      const res = await call(t, me, 'PUT', '/api/me/area', body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).fields?.[field]).toBe(message);
      const row = await t.app.db
        .selectFrom('users')
        .select(['areaPlaceId', 'areaLat', 'areaLon'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ areaPlaceId: UTTARA, areaLat: 23.87, areaLon: 90.4 });
    },
  );
});

describe('matching free-text locations to places', () => {
  it('places text that clearly names one place, and no other', () => {
    expect(matchLocation('Dhaka, Gulshan')).toEqual({ id: GULSHAN, lat: 23.79, lon: 90.42 });
    expect(matchLocation('gulshan ,  DHAKA')).toEqual({ id: GULSHAN, lat: 23.79, lon: 90.42 });
    expect(matchLocation('Gulshan')?.id).toBe(GULSHAN);
    expect(matchLocation('Chattogram')?.id).toBe(CHATTOGRAM);
    expect(matchLocation('Chittagong')?.id).toBe(CHATTOGRAM);
    expect(matchLocation('Cumilla')?.id).toBe(1_185_186);
    expect(matchLocation('Rajshahi')?.id).toBe(1_185_128);
    expect(matchLocation('Gazipur')?.id).toBe(GAZIPUR);
    // A neighbourhood in another city, two neighbourhoods, or words of no place: unclear.
    expect(matchLocation('Sylhet, Gulshan')).toBeNull();
    expect(matchLocation('Gulshan, Banani')).toBeNull();
    expect(matchLocation('near the station')).toBeNull();
    expect(matchLocation('Dhaka, Gulshan, Road 11')).toBeNull();
    expect(matchLocation('')).toBeNull();
  });
});

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

describe(`the places migration on ${testDbKind}`, () => {
  it('places the listings whose text is clear and leaves the others as they were', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const names = Object.keys(migrations);
    const migration = '20261128000100_places';
    const before = names[names.indexOf(migration) - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const at =
      testDbKind === 'postgres'
        ? sql`'2026-03-01T10:00:00Z'::timestamptz`
        : sql`'2026-03-01T10:00:00.000Z'`;
    const no = testDbKind === 'postgres' ? sql`false` : sql`0`;
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
      values ('seller', 'Seller', 'seller@example.com', ${at}, ${at}, 'seller')`.execute(db);
    await sql`insert into categories (id, name, img, "sortOrder")
      values ('c1', 'iPhone', '/demo/category-iphone.webp', 0)`.execute(db);
    const texts = [
      ['a', 'Dhaka, Gulshan'],
      ['b', 'Dhaka, Gulshan'],
      ['c', 'Chattogram'],
      ['d', 'Sylhet'],
      ['e', 'Near the big mosque'],
      ['f', 'Gulshan, Banani'],
    ];
    for (const [id, location] of texts) {
      await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
          "resellPriceCents", "yearOfPurchase", condition, description, location, advertised,
          "postedAt")
        values (${id}, 'seller', 'iPhone', ${id}, '/demo/iphone-1.webp', 90000, 40000, 2022,
          'good', '', ${location}, ${no}, ${at})`.execute(db);
    }

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('products')
      .select(['id', 'location', 'placeId', 'placeLat', 'placeLon', 'locationNote'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'a',
        location: 'Dhaka, Gulshan',
        placeId: GULSHAN,
        placeLat: 23.79,
        placeLon: 90.42,
        locationNote: null,
      },
      {
        id: 'b',
        location: 'Dhaka, Gulshan',
        placeId: GULSHAN,
        placeLat: 23.79,
        placeLon: 90.42,
        locationNote: null,
      },
      {
        id: 'c',
        location: 'Chattogram',
        placeId: CHATTOGRAM,
        placeLat: 22.34,
        placeLon: 91.83,
        locationNote: null,
      },
      {
        id: 'd',
        location: 'Sylhet',
        placeId: SYLHET,
        placeLat: 24.9,
        placeLon: 91.87,
        locationNote: null,
      },
      {
        id: 'e',
        location: 'Near the big mosque',
        placeId: null,
        placeLat: null,
        placeLon: null,
        locationNote: null,
      },
      {
        id: 'f',
        location: 'Gulshan, Banani',
        placeId: null,
        placeLat: null,
        placeLon: null,
        locationNote: null,
      },
    ]);
    const said: unknown[] = [];
    const log = { info: (...args: unknown[]) => said.push(args) } as unknown as FastifyBaseLogger;
    await logPlacedListings(db, log);
    expect(said).toEqual([
      [
        { listings: 6, placed: 4 },
        'places: 4 of 6 listings placed; the others keep their text until edited',
      ],
    ]);
  });
});
