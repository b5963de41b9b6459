import { Migrator, sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hasValidImeiCheckDigit,
  type ListingPage,
  type ModelSuggestions,
  type PriceMedian,
} from '@market/shared';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { valueWriters } from '../src/db/dialect.ts';
import {
  refreshAgedPriceStats,
  refreshListingPriceStats,
} from '../src/modules/phone-facts/phone-facts.service.ts';
import {
  buildTestApp,
  createTestDatabase,
  testDbKind,
  useTestApp,
  type TestDatabase,
} from './build-test-app.ts';
import { DEMO_PRODUCTS } from '../src/modules/demo/demo-data.ts';
import { createUser, type TestUser } from './factories.ts';
import { acceptBooking, requestBooking, passInspection } from './helpers/deal.ts';
import { call, insertCategories, postProduct, productForm } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let admin: TestUser;
let buyer: TestUser;

const DAY = 24 * 60 * 60 * 1000;

interface Key {
  category: string;
  model: string;
  storageGb: number;
}

/** Who posted each listing of `list`. */
const owners = new Map<string, TestUser>();
const ownerOf = (id: string) => owners.get(id)!;

/**
 * Posts a listing of the key at a resell price (dollars) through the API; answers its id. Each
 * listing has a seller of its own unless `by` says whose it is (a median counts each seller once).
 */
async function list(key: Key, resellPrice: number, by?: TestUser, extra = {}) {
  const owner = by ?? (await createUser(t, { role: 'seller' }));
  const product = await postProduct(t, owner, {
    Category: key.category,
    model: key.model,
    storageGb: key.storageGb,
    originalPrice: 1500,
    resellPrice,
    ...extra,
  });
  owners.set(product._id, owner);
  return product._id;
}

/** The listing sold here: a buyer requests it, its seller accepts and enters the code. */
async function sellHere(id: string) {
  const owner = ownerOf(id);
  const bookingId = await requestBooking(t, buyer, id);
  await acceptBooking(t, owner, bookingId);
  const handoverCode = await passInspection(t, buyer, bookingId);
  const res = await call(t, owner, 'POST', `/api/booking/${bookingId}/complete`, {
    code: handoverCode,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const statsOf = (key: Key) =>
  t.app.db
    .selectFrom('price_stats')
    .select(['medianCents', 'count'])
    .where('category', '=', key.category)
    .where('model', '=', key.model)
    .where('storageGb', '=', key.storageGb)
    .executeTakeFirst();

/** The middle value of sorted numbers, or the mean of the middle two. */
function middle(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median and count computed here from the rows themselves, as the definition says: listings
 * on show and sales completed here within 90 days count; each seller once, with their median.
 */
async function medianFromRows(key: Key, now = new Date()) {
  const rows = await t.app.db
    .selectFrom('products as p')
    .select(['p.id', 'p.sellerId', 'p.resellPriceCents', 'p.status', 'p.soldAt'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.productId', '=', 'p.id')
            .where('b.status', '=', 'completed'),
        )
        .as('soldHere'),
    )
    .where('p.category', '=', key.category)
    .where('p.model', '=', key.model)
    .where('p.storageGb', '=', key.storageGb)
    .where('p.moderation', 'is', null)
    .execute();
  const cutoff = new Date(now.getTime() - 90 * DAY);
  const bySeller = new Map<string, number[]>();
  for (const r of rows) {
    const counted =
      r.status !== 'sold' ||
      (Boolean(r.soldHere) && r.soldAt !== null && new Date(r.soldAt) >= cutoff);
    if (counted)
      bySeller.set(r.sellerId, [...(bySeller.get(r.sellerId) ?? []), r.resellPriceCents]);
  }
  const prices = [...bySeller.values()].map((p) => middle(p.sort((a, b) => a - b)));
  if (prices.length === 0) return undefined;
  return { medianCents: Math.round(middle(prices.sort((a, b) => a - b))), count: prices.length };
}

async function pageOf(id: string): Promise<ListingPage> {
  const res = await call(t, null, 'GET', `/api/product/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListingPage>();
}

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  otherSeller = await createUser(t, { role: 'seller' });
  admin = await createUser(t, { role: 'admin' });
  buyer = await createUser(t, { role: 'buyer' });
});

describe(`fair prices on ${testDbKind}`, () => {
  it('keeps the exact median and count of the rows, odd and even', async () => {
    const key = { category: 'iPhone', model: 'iPhone 14', storageGb: 256 };
    const prices = [610.5, 420, 515.25, 700, 480];
    const ids = [];
    for (const price of prices) ids.push(await list(key, price));
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    expect(await statsOf(key)).toEqual({ medianCents: 51_525, count: 5 });

    ids.push(await list(key, 455.55));
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    // (480 + 515.25) / 2, rounded to the cent.
    expect(await statsOf(key)).toEqual({ medianCents: 49_763, count: 6 });

    const page = await pageOf(ids[0]!);
    expect(page.model).toBe('iPhone 14');
    expect(page.fairPrice).toEqual({
      median: 497.63,
      count: 6,
      verdict: 'high',
      farBelow: false,
      factors: [],
    });
  });

  it('says low, fair or high outside 20% of the median', async () => {
    const key = { category: 'samsung', model: 'Galaxy S23', storageGb: 128 };
    const low = await list(key, 100);
    const fair = await list(key, 500);
    await list(key, 500);
    await list(key, 500);
    const high = await list(key, 700);
    const edge = await list(key, 400);
    // Median of 100, 400, 500, 500, 500, 700 is 500.
    expect(await statsOf(key)).toEqual({ medianCents: 50_000, count: 6 });
    expect((await pageOf(low)).fairPrice).toEqual({
      median: 500,
      count: 6,
      verdict: 'low',
      farBelow: true,
      factors: [],
    });
    expect((await pageOf(fair)).fairPrice?.verdict).toBe('fair');
    expect((await pageOf(high)).fairPrice?.verdict).toBe('high');
    // Exactly 20% below is still fair.
    expect((await pageOf(edge)).fairPrice?.verdict).toBe('fair');
  });

  it('shows no fair price with fewer than 3 comparable listings, or without model or storage', async () => {
    const key = { category: 'xiaomi', model: 'Poco F5', storageGb: 256 };
    const first = await list(key, 300);
    await list(key, 320);
    expect(await statsOf(key)).toEqual({ medianCents: 31_000, count: 2 });
    expect((await pageOf(first)).fairPrice).toBeNull();
    await list(key, 340);
    expect((await pageOf(first)).fairPrice).toEqual({
      median: 320,
      count: 3,
      verdict: 'fair',
      farBelow: false,
      factors: [],
    });

    const noStorage = await postProduct(t, seller, { Category: 'xiaomi', model: 'Poco F5' });
    expect((await pageOf(noStorage._id)).fairPrice).toBeNull();
    const noModel = await postProduct(t, seller, {
      Category: 'xiaomi',
      name: 'A phone',
      storageGb: 256,
    });
    expect((await pageOf(noModel._id)).model).toBeNull();
    expect((await pageOf(noModel._id)).fairPrice).toBeNull();
  });

  it('counts again on each change, deletion and sale, in the key the listing moves to', async () => {
    const small = { category: 'realme', model: 'realme 11 Pro', storageGb: 128 };
    const large = { ...small, storageGb: 256 };
    const a = await list(small, 200);
    const b = await list(small, 220);
    const c = await list(small, 240);
    expect(await statsOf(small)).toEqual({ medianCents: 22_000, count: 3 });

    const priced = await call(t, ownerOf(a), 'PATCH', `/api/my-products/${a}`, {
      resellPrice: 300,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await statsOf(small)).toEqual({ medianCents: 24_000, count: 3 });

    const moved = await call(t, ownerOf(c), 'PATCH', `/api/my-products/${c}`, { storageGb: 256 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await statsOf(small)).toEqual({ medianCents: 26_000, count: 2 });
    expect(await statsOf(large)).toEqual({ medianCents: 24_000, count: 1 });

    // A sale completed here keeps the listing counted (sold within 90 days).
    await sellHere(b);
    expect(await statsOf(small)).toEqual({ medianCents: 26_000, count: 2 });
    expect(await statsOf(small)).toEqual(await medianFromRows(small));

    expect((await call(t, ownerOf(a), 'DELETE', `/api/my-products/${a}`)).statusCode).toBe(200);
    expect(await statsOf(small)).toEqual({ medianCents: 22_000, count: 1 });
    expect((await call(t, ownerOf(c), 'DELETE', `/api/my-products/${c}`)).statusCode).toBe(200);
    expect(await statsOf(large)).toBeUndefined();
  });

  it('leaves out a listing its seller marked sold outside the site', async () => {
    const key = { category: 'xiaomi', model: 'Poco F5', storageGb: 512 };
    const ids = [await list(key, 300), await list(key, 320), await list(key, 340)];
    expect(await statsOf(key)).toEqual({ medianCents: 32_000, count: 3 });
    const sold = await call(t, ownerOf(ids[2]!), 'POST', `/api/my-products/${ids[2]!}/sold`);
    expect(sold.statusCode, sold.body).toBe(200);
    // Nothing shows it sold, or at that price: it no longer counts.
    expect(await statsOf(key)).toEqual({ medianCents: 31_000, count: 2 });
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    expect((await pageOf(ids[0]!)).fairPrice).toBeNull();
  });

  it('counts each seller once, with the median of their own listings', async () => {
    const key = { category: 'realme', model: 'realme 11 Pro', storageGb: 512 };
    const one = await createUser(t, { role: 'seller' });
    const first = await list(key, 900, one);
    await list(key, 950, one);
    await list(key, 1000, one);
    // Three listings of one seller make no median a listing page shows.
    expect(await statsOf(key)).toEqual({ medianCents: 95_000, count: 1 });
    expect((await pageOf(first)).fairPrice).toBeNull();
    // Nor do three of them sold outside the site.
    for (const id of [...owners].filter(([, o]) => o === one).map(([id]) => id)) {
      const sold = await call(t, one, 'POST', `/api/my-products/${id}/sold`);
      expect(sold.statusCode, sold.body).toBe(200);
    }
    expect(await statsOf(key)).toBeUndefined();

    const two = await createUser(t, { role: 'seller' });
    await list(key, 400, two);
    await list(key, 420, two);
    await list(key, 300);
    const checked = await list(key, 450);
    // Sellers' medians 410, 300 and 450: the median is 410, of 3 sellers.
    expect(await statsOf(key)).toEqual({ medianCents: 41_000, count: 3 });
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    expect((await pageOf(checked)).fairPrice).toEqual({
      median: 410,
      count: 3,
      verdict: 'fair',
      farBelow: false,
      factors: [],
    });
  });

  it('counts sales of the last 90 days only, and forgets them as they age', async () => {
    const key = { category: 'iPhone', model: 'iPhone 15 Pro', storageGb: 128 };
    const ids = [await list(key, 800), await list(key, 900), await list(key, 1000)];
    const w = valueWriters(t.app.db);
    const now = new Date();
    const soldAgo = async (id: string, days: number) => {
      await sellHere(id);
      await t.app.db
        .updateTable('products')
        .set({ status: 'sold', soldAt: w.date(new Date(now.getTime() - days * DAY)) })
        .where('id', '=', id)
        .execute();
      await refreshListingPriceStats(t.app.db, id, now);
    };
    await soldAgo(ids[2]!, 89);
    expect(await statsOf(key)).toEqual({ medianCents: 90_000, count: 3 });
    await soldAgo(ids[1]!, 91);
    expect(await statsOf(key)).toEqual({ medianCents: 90_000, count: 2 });
    expect(await statsOf(key)).toEqual(await medianFromRows(key, now));

    // Two days later the sale of 89 days ago has left the window, with no change to any listing.
    expect(await refreshAgedPriceStats(t.app.db, new Date(now.getTime() + DAY))).toBe(0);
    expect(await statsOf(key)).toEqual({ medianCents: 90_000, count: 2 });
    const later = new Date(now.getTime() + 2 * DAY);
    expect(await refreshAgedPriceStats(t.app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await statsOf(key)).toEqual({ medianCents: 80_000, count: 1 });
    expect(await statsOf(key)).toEqual(await medianFromRows(key, later));
  });

  it('leaves held listings out of the count', async () => {
    const key = { category: 'samsung', model: 'Galaxy A54', storageGb: 128 };
    const imei = validImei('35123456789012');
    await list(key, 300, seller, { imei });
    await list(key, 310);
    await list(key, 320);
    const held = await list(key, 50, otherSeller, { imei });
    const row = await t.app.db
      .selectFrom('products')
      .select('moderation')
      .where('id', '=', held)
      .executeTakeFirstOrThrow();
    expect(row.moderation).toBe('held');
    expect(await statsOf(key)).toEqual({ medianCents: 31_000, count: 3 });
  });

  it('counts again as moderators hide and restore a listing, and suspend and restore a seller', async () => {
    const key = { category: 'realme', model: 'realme 11 Pro', storageGb: 256 };
    const reported = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const hidden = await list(key, 100, reported);
    await list(key, 200, reported);
    await list(key, 300);
    await list(key, 400);
    // The reported seller counts once, with the median of their 100 and 200.
    expect(await statsOf(key)).toEqual({ medianCents: 30_000, count: 3 });

    const resolve = async (targetType: string, targetId: string, action: string) => {
      const filed = await call(t, buyer, 'POST', '/api/reports', {
        targetType,
        targetId,
        reason: 'fake',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const { _id } = filed.json<{ _id: string }>();
      const res = await call(t, admin, 'POST', `/api/admin/reports/${_id}/resolve`, {
        action,
        reason: 'Checked by a moderator.',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await resolve('listing', hidden, 'hide_listing');
    expect(await statsOf(key)).toEqual({ medianCents: 30_000, count: 3 });
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    const restored = await call(t, admin, 'POST', `/api/admin/products/${hidden}/restore`, {
      reason: 'The seller showed the receipt.',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await statsOf(key)).toEqual({ medianCents: 30_000, count: 3 });

    await resolve('user', reported.id, 'suspend_user');
    expect(await statsOf(key)).toEqual({ medianCents: 35_000, count: 2 });
    const back = await call(t, admin, 'POST', `/api/admin/users/${reported.id}/restore`, {
      reason: 'Cleared.',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await statsOf(key)).toEqual(await medianFromRows(key));
    expect(await statsOf(key)).toEqual({ medianCents: 30_000, count: 3 });
  });

  it("counts again without a deleted seller's listings", async () => {
    const key = { category: 'xiaomi', model: 'Redmi Note 12 Pro', storageGb: 256 };
    const leaving = await createUser(t, { role: 'seller' });
    await list(key, 100, leaving);
    await list(key, 200, leaving);
    await list(key, 300);
    // The leaving seller's 150 and the other's 300.
    expect(await statsOf(key)).toEqual({ medianCents: 22_500, count: 2 });
    const res = await call(
      t,
      admin,
      'DELETE',
      `/api/all-sellers/${encodeURIComponent(leaving.email)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await statsOf(key)).toEqual({ medianCents: 30_000, count: 1 });
  });
});

function validImei(first14: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (hasValidImeiCheckDigit(`${first14}${digit}`)) return `${first14}${digit}`;
  }
  throw new Error('no check digit');
}

describe(`models on ${testDbKind}`, () => {
  const modelOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('products')
        .select('model')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).model;

  it('stores every spelling of a model the same way', async () => {
    for (const typed of ['iphone13', 'IPhone 13 ', 'iPhone13', 'Apple iPhone 13 128GB']) {
      const product = await postProduct(t, seller, { model: typed });
      expect(await modelOf(product._id)).toBe('iPhone 13');
    }
    const unknown = await postProduct(t, seller, { Category: 'xiaomi', model: 'xiaomi mix fold3' });
    expect(await modelOf(unknown._id)).toBe('Xiaomi Mix Fold 3');
    const patched = await call(t, seller, 'PATCH', `/api/my-products/${unknown._id}`, {
      model: ' galaxy s23 ultra',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await modelOf(unknown._id)).toBe('Galaxy S23 Ultra');
  });

  it('proposes the model from the name when none is given, and keeps null as none', async () => {
    const named = await postProduct(t, seller, { name: 'Apple iPhone 13 Pro Max 256GB, blue' });
    expect(await modelOf(named._id)).toBe('iPhone 13 Pro Max');
    const none = await postProduct(t, seller, { name: 'iPhone 13 Pro Max', model: null });
    expect(await modelOf(none._id)).toBeNull();
    const unnamed = await postProduct(t, seller, { name: 'Bulk phone 7' });
    expect(await modelOf(unnamed._id)).toBeNull();
  });

  it.each([
    ['too long', 'x'.repeat(61), 'The model must be at most 60 characters'],
    ['empty', '   ', 'Name the model, or leave it empty'],
    ['a number', 13, 'The model must be text'],
  ])('refuses a model that is %s', async (_label, model, message) => {
    const before = await t.app.db.selectFrom('products').select('id').execute();
    const res = await call(
      t,
      seller,
      'POST',
      `/api/add-product?email=${encodeURIComponent(seller.email)}`,
      productForm({ model }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.model).toBe(
      message,
    );
    expect(await t.app.db.selectFrom('products').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('suggests known and listed models to anyone, the ones that begin with the text first', async () => {
    const res = await call(t, null, 'GET', '/api/models?category=iPhone&q=13');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ModelSuggestions>().models).toEqual([
      'iPhone 13 mini',
      'iPhone 13',
      'iPhone 13 Pro',
      'iPhone 13 Pro Max',
    ]);
    // "s23" begins the Galaxy S23s: listed ones (most listed first), then the known ones.
    const s23 = await call(t, null, 'GET', '/api/models?category=samsung&q=s23');
    expect(s23.json<ModelSuggestions>().models).toEqual([
      'Galaxy S23',
      'Galaxy S23+',
      'Galaxy S23 Ultra',
      'Galaxy S23 FE',
    ]);
    // Without text: the models listed at least twice (the iPhone 15 Pro counts one listing
    // now), then the known ones in order.
    const listed = await call(t, null, 'GET', '/api/models?category=iPhone');
    expect(listed.json<ModelSuggestions>().models.slice(0, 3)).toEqual([
      'iPhone 14',
      'iPhone 8',
      'iPhone 8 Plus',
    ]);
    const none = await call(t, null, 'GET', '/api/models?category=realme&q=zzzz');
    expect(none.json<ModelSuggestions>()).toEqual({ models: [] });
  });

  it('suggests a model other sellers listed twice, not once', async () => {
    const key = { category: 'xiaomi', model: 'Xiaomi Mix Flip', storageGb: 512 };
    await list(key, 700);
    const once = await call(t, null, 'GET', '/api/models?category=xiaomi&q=mix');
    expect(once.json<ModelSuggestions>().models).not.toContain('Xiaomi Mix Flip');
    await list(key, 710, otherSeller);
    const twice = await call(t, null, 'GET', '/api/models?category=xiaomi&q=mixflip');
    expect(twice.json<ModelSuggestions>().models).toEqual(['Xiaomi Mix Flip']);
    // Listed models of other categories are not suggested in this one.
    const elsewhere = await call(t, null, 'GET', '/api/models?category=realme&q=mix');
    expect(elsewhere.json<ModelSuggestions>().models).toEqual([]);
  });

  it('describes the calls and fields in the OpenAPI document', async () => {
    const res = await call(t, null, 'GET', '/api/openapi.json');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths)).toContain('/api/models');
    const add = JSON.stringify(doc.paths['/api/add-product']);
    expect(add).toContain('"imei"');
    expect(add).toContain('"model"');
    expect(JSON.stringify(doc.paths['/api/product/{id}'])).toContain('"fairPrice"');
  });

  it.each([
    ['an unknown category', '/api/models?category=nokia', 'category'],
    ['text too long', `/api/models?q=${'a'.repeat(61)}`, 'q'],
  ])('refuses %s', async (_label, url, field) => {
    const res = await call(t, null, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toMatch(
      /must be/,
    );
  });
});

describe(`the product form's median on ${testDbKind}`, () => {
  const url = (query: string) => `/api/price-median?${query}`;

  it('answers the median and count of a model and storage once 3 listings compare', async () => {
    const key = { category: 'realme', model: 'realme 12 Pro', storageGb: 256 };
    // Three sellers, one listing each: the median is theirs, not one seller's.
    const sellers = [seller, otherSeller, await createUser(t, { role: 'seller' })];
    const query = 'category=realme&model=realme12pro&storageGb=256';
    await list(key, 300, sellers[0]);
    await list(key, 340, sellers[1]);
    const two = await call(t, seller, 'GET', url(query));
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json<PriceMedian>()).toEqual({ median: null });
    await list(key, 330.5, sellers[2]);
    const three = await call(t, seller, 'GET', url(query));
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json<PriceMedian>()).toEqual({ median: { median: 330.5, count: 3 } });
    // Another storage of the same model has none.
    const other = await call(t, otherSeller, 'GET', url(query.replace('256', '512')));
    expect(other.json<PriceMedian>()).toEqual({ median: null });
  });

  it.each([
    ['an unknown category', 'category=nokia&model=x&storageGb=128', 'category', 'must be one of'],
    ['no model', 'category=iPhone&storageGb=128', 'model', 'must be text'],
    ['an empty model', 'category=iPhone&model=%20&storageGb=128', 'model', 'leave it empty'],
    ['a long model', `category=iPhone&model=${'a'.repeat(61)}&storageGb=128`, 'model', 'at most'],
    [
      'a storage no phone has',
      'category=iPhone&model=iPhone%2013&storageGb=100',
      'storageGb',
      'Storage must be one of',
    ],
    [
      'a storage that is not a number',
      'category=iPhone&model=iPhone%2013&storageGb=big',
      'storageGb',
      'Storage must be one of',
    ],
  ])('refuses %s with a message', async (_label, query, field, message) => {
    const res = await call(t, seller, 'GET', url(query));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields[field]).toContain(
      message,
    );
  });

  it('is described in the OpenAPI document', async () => {
    const res = await call(t, null, 'GET', '/api/openapi.json');
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const path = JSON.stringify(doc.paths['/api/price-median']);
    expect(path).toContain('"storageGb"');
    expect(path).toContain('"median"');
    expect(path).toContain('"403"');
  });
});

describe(`the demo marketplace's medians on ${testDbKind}`, () => {
  it('has listings with enough comparables to show a fair price, and no more on show', async () => {
    const demo = await buildTestApp({ seedDemo: true });
    try {
      const listed = await demo.app.db
        .selectFrom('products')
        .select(['id', 'name', 'status'])
        .where('status', '<>', 'sold')
        .execute();
      expect(listed).toHaveLength(DEMO_PRODUCTS.length);
      const pages = [];
      for (const row of listed) {
        const res = await demo.app.inject({ url: `/api/product/${row.id}` });
        expect(res.statusCode, res.body).toBe(200);
        pages.push(res.json<ListingPage>());
      }
      const compared = pages.filter((page) => page.fairPrice !== null);
      expect(compared.map((page) => [page.name, page.fairPrice]).sort()).toEqual([
        [
          'Galaxy A54 5G 128GB',
          { median: 230, count: 3, verdict: 'fair', farBelow: false, factors: [] },
        ],
        [
          'iPhone 13 128GB',
          { median: 430, count: 3, verdict: 'fair', farBelow: false, factors: [] },
        ],
      ]);
      // Each median counts three sellers, one phone each.
      const sellers = await demo.app.db
        .selectFrom('products')
        .select(['sellerId'])
        .distinct()
        .where('model', '=', 'iPhone 13')
        .where('storageGb', '=', 128)
        .execute();
      expect(sellers).toHaveLength(3);
    } finally {
      await demo.close();
    }
  });
});

describe(`the IMEI and model migration on ${testDbKind}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('gives existing listings the model their name names, and counts their medians', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const names = Object.keys(migrations);
    const before = names[names.indexOf('20261124000900_imei_model') - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const w = valueWriters(db);
    const now = w.date(new Date());
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
      values ('s1', 'Seller', 's1@example.com', ${now}, ${now}, 'seller')`.execute(db);
    await sql`insert into categories (id, name, img, "sortOrder")
      values ('c1', 'iPhone', '/demo/category-iphone.webp', 0),
             ('c2', 'samsung', '/demo/category-samsung.webp', 1)`.execute(db);
    const rows: [string, string, string, number | null, number][] = [
      ['p1', 'iPhone', 'iPhone 13 128GB', 128, 40_000],
      ['p2', 'iPhone', 'iphone13 128gb like new', 128, 42_000],
      ['p3', 'iPhone', 'Apple iPhone 13 (128 GB)', 128, 50_000],
      ['p4', 'iPhone', 'iPhone 13 Pro Max 256GB', 256, 90_000],
      ['p5', 'samsung', 'Samsung S23 Ultra', null, 80_000],
      ['p6', 'iPhone', 'Bulk phone 1', 128, 10_000],
      ['p7', 'iPhone', 'Galaxy S23', 128, 10_000],
    ];
    for (const [id, category, name, storageGb, price] of rows) {
      await db
        .insertInto('products')
        .values({
          id,
          sellerId: 's1',
          category,
          name,
          imgUrl: '/demo/iphone-1.webp',
          originalPriceCents: 100_000,
          resellPriceCents: price,
          yearOfPurchase: 2022,
          condition: 'good',
          description: '',
          location: 'Dhaka',
          advertised: w.bool(false),
          postedAt: now,
          storageGb,
        })
        .execute();
    }

    await migrateToLatest(db);

    const models = await db.selectFrom('products').select(['id', 'model']).orderBy('id').execute();
    expect(models).toEqual([
      { id: 'p1', model: 'iPhone 13' },
      { id: 'p2', model: 'iPhone 13' },
      { id: 'p3', model: 'iPhone 13' },
      { id: 'p4', model: 'iPhone 13 Pro Max' },
      { id: 'p5', model: 'Galaxy S23 Ultra' },
      { id: 'p6', model: null },
      // A Samsung model's name in the iPhone category names none of the category's models.
      { id: 'p7', model: null },
    ]);
    const stats = await db
      .selectFrom('price_stats')
      .select(['category', 'model', 'storageGb', 'medianCents', 'count'])
      .orderBy('model')
      .execute();
    // One seller listed all three: they count once, with the median of their own (a later
    // migration counts every key again by seller).
    expect(stats).toEqual([
      { category: 'iPhone', model: 'iPhone 13', storageGb: 128, medianCents: 42_000, count: 1 },
      {
        category: 'iPhone',
        model: 'iPhone 13 Pro Max',
        storageGb: 256,
        medianCents: 90_000,
        count: 1,
      },
    ]);
  });
});
