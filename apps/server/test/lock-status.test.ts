import { beforeAll, describe, expect, it } from 'vitest';
import {
  newProductSchema,
  productPatchSchema,
  type ListingPage,
  type PriceMedian,
  type Product,
  type SearchFacets,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import type { Actor } from '../src/lib/actor.ts';
import { addProduct, updateProduct } from '../src/modules/listings/listings.service.ts';
import { ImeiHasher } from '../src/modules/phone-facts/public.ts';
import { PRICE_FAR_BELOW_REASON } from '../src/modules/phone-facts/phone-facts.service.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct, productForm, snapshot } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;

const DAY = 24 * 60 * 60 * 1000;

const addUrl = (user: TestUser) => `/api/add-product?email=${encodeURIComponent(user.email)}`;

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { error: { message: string; fields?: Record<string, string> } }).error;

async function pageOf(id: string): Promise<ListingPage> {
  const res = await call(t, null, 'GET', `/api/product/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListingPage>();
}

const owners = new Map<string, TestUser>();
const ownerOf = (id: string) => owners.get(id)!;

/** A listing of a model by a seller of its own (a median counts each seller once). */
async function list(model: string, resellPrice: number, extra: Record<string, unknown> = {}) {
  const owner = await createUser(t, { role: 'seller' });
  const product = await postProduct(t, owner, {
    name: `${model} phone`,
    Category: 'samsung',
    model,
    storageGb: 128,
    networkLock: 'unlocked',
    batteryHealth: 90,
    condition: 'good',
    originalPrice: 1500,
    resellPrice,
    ...extra,
  });
  owners.set(product._id, owner);
  return product._id;
}

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
});

describe(`lock and money status on ${testDbKind}`, () => {
  it('keeps what the seller states on the listing, its page and its card', async () => {
    const res = await call(
      t,
      seller,
      'POST',
      addUrl(seller),
      productForm({ networkLock: 'Robi', activationLockOff: true, paidOff: false }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json<Product>();
    expect(product).toMatchObject({ networkLock: 'Robi', activationLockOff: true, paidOff: false });
    expect(await pageOf(product._id)).toMatchObject({
      networkLock: 'Robi',
      activationLockOff: true,
      paidOff: false,
    });
    const row = await t.app.db
      .selectFrom('products')
      .select(['activationLockOff', 'paidOff'])
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect([Boolean(row.activationLockOff), Boolean(row.paidOff)]).toEqual([true, false]);

    const changed = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      networkLock: 'unlocked',
      activationLockOff: false,
      paidOff: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await pageOf(product._id)).toMatchObject({
      networkLock: 'unlocked',
      activationLockOff: false,
      paidOff: true,
    });
    // The seller's own list (the card) carries them too.
    const mine = await call(
      t,
      seller,
      'GET',
      `/api/my-products?email=${encodeURIComponent(seller.email)}`,
    );
    const card = mine.json<Product[]>().find((p) => p._id === product._id);
    expect(card).toMatchObject({
      networkLock: 'unlocked',
      activationLockOff: false,
      paidOff: true,
    });

    // null takes a statement back: not stated again.
    const cleared = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      activationLockOff: null,
      paidOff: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await pageOf(product._id)).toMatchObject({ activationLockOff: null, paidOff: null });
  });

  it('says "not stated" (null) for a listing whose seller left them out', async () => {
    const product = await postProduct(t, seller);
    expect(await pageOf(product._id)).toMatchObject({
      networkLock: null,
      activationLockOff: null,
      paidOff: null,
    });
  });

  it.each([
    [
      'an activation lock as text',
      { activationLockOff: 'yes' },
      'activationLockOff',
      'Say whether the phone is signed out of Find My / Google account (true or false)',
    ],
    [
      'paid off as a number',
      { paidOff: 1 },
      'paidOff',
      'Say whether the phone is fully paid off (true or false)',
    ],
    [
      'a carrier on two lines',
      { networkLock: 'Robi\nAirtel' },
      'networkLock',
      'The carrier must be one line, without control characters',
    ],
    [
      'a carrier of 61 characters',
      { networkLock: 'R'.repeat(61) },
      'networkLock',
      'The carrier must be at most 60 characters',
    ],
    [
      'a blank network lock',
      { networkLock: '  ' },
      'networkLock',
      'Say whether the phone is unlocked, or name its carrier',
    ],
  ])('refuses %s with 400 and its message, adding or changing nothing', async (...args) => {
    const [, bad, field, message] = args;
    const product = await postProduct(t, seller, {
      networkLock: 'unlocked',
      activationLockOff: true,
      paidOff: true,
    });
    const before = await snapshot(t);
    const added = await call(t, seller, 'POST', addUrl(seller), productForm(bad));
    expect(added.statusCode, added.body).toBe(400);
    expect(fieldsOf(added.body).fields?.[field]).toBe(message);
    const changed = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, bad);
    expect(changed.statusCode, changed.body).toBe(400);
    expect(fieldsOf(changed.body).fields?.[field]).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`the lock filters on ${testDbKind}`, () => {
  const word = 'lockfiltertest';
  const names = async (query: string) => {
    const res = await call(t, buyer, 'GET', `/api/search?q=${word}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<Product[]>()
      .map((p) => p.name)
      .sort();
  };

  beforeAll(async () => {
    const listings: Array<[string, Record<string, unknown>]> = [
      ['A unlocked signed out', { networkLock: 'unlocked', activationLockOff: true }],
      ['B unlocked signed in', { networkLock: 'Unlocked', activationLockOff: false }],
      ['C carrier signed out', { networkLock: 'Grameenphone', activationLockOff: true }],
      ['D nothing stated', {}],
    ];
    for (const [name, extra] of listings) {
      await postProduct(t, seller, { name: `${word} ${name}`, ...extra });
    }
  });

  it('keeps only what the seller stated: unlocked, and signed out', async () => {
    expect(await names('')).toHaveLength(4);
    expect(await names('unlocked=true')).toEqual([
      `${word} A unlocked signed out`,
      `${word} B unlocked signed in`,
    ]);
    expect(await names('activationLockOff=true')).toEqual([
      `${word} A unlocked signed out`,
      `${word} C carrier signed out`,
    ]);
    expect(await names('unlocked=true&activationLockOff=true')).toEqual([
      `${word} A unlocked signed out`,
    ]);
    // false sets no filter.
    expect(await names('unlocked=false&activationLockOff=false')).toHaveLength(4);
  });

  it('counts them in the facets, each without itself', async () => {
    const res = await call(t, buyer, 'GET', `/api/search/facets?q=${word}&unlocked=true`);
    expect(res.statusCode, res.body).toBe(200);
    const facets = res.json<SearchFacets>();
    expect(facets.total).toBe(2);
    expect(facets.unlocked).toBe(2);
    // Among the unlocked ones, one is signed out.
    expect(facets.activationLockOff).toBe(1);
    const all = await call(t, buyer, 'GET', `/api/search/facets?q=${word}`);
    expect(all.json<SearchFacets>()).toMatchObject({ total: 4, unlocked: 2, activationLockOff: 2 });
  });

  it('follows a change of the lock: the edited listing is found by the filter at once', async () => {
    const product = await postProduct(t, seller, { name: `${word} E changes` });
    expect(await names('unlocked=true')).not.toContain(`${word} E changes`);
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      networkLock: 'unlocked',
      activationLockOff: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('unlocked=true&activationLockOff=true')).toContain(`${word} E changes`);
    await call(t, seller, 'DELETE', `/api/my-products/${product._id}`);
  });

  it('refuses a filter that is not true or false', async () => {
    for (const [param, message] of [
      ['unlocked=yes', 'unlocked must be true or false'],
      ['activationLockOff=1', 'activationLockOff must be true or false'],
    ]) {
      const res = await call(t, buyer, 'GET', `/api/search?${param}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

describe(`fair prices by lock on ${testDbKind}`, () => {
  it('compares a locked phone with locked phones of the same model only', async () => {
    const unlocked = [];
    for (const price of [500, 520, 540]) unlocked.push(await list('Galaxy A34', price));
    const locked = [];
    for (const [price, carrier] of [
      [300, 'Robi'],
      [320, 'Banglalink'],
      [340, 'Robi'],
    ] as const) {
      locked.push(await list('Galaxy A34', price, { networkLock: carrier }));
    }
    // Not stated: with the unlocked ones.
    const unstated = await list('Galaxy A34', 530, { networkLock: null });

    expect((await pageOf(unlocked[0]!)).fairPrice).toMatchObject({ median: 525, count: 4 });
    expect((await pageOf(unstated)).fairPrice).toMatchObject({ median: 525, count: 4 });
    expect((await pageOf(locked[0]!)).fairPrice).toMatchObject({ median: 320, count: 3 });
    const stats = await t.app.db
      .selectFrom('price_stats')
      .select(['locked', 'medianCents', 'count'])
      .where('model', '=', 'Galaxy A34')
      .orderBy('medianCents')
      .execute();
    expect(stats.map((s) => [Boolean(s.locked), s.medianCents, s.count])).toEqual([
      [true, 32_000, 3],
      [false, 52_500, 4],
    ]);

    // A phone unlocked since: it leaves the locked median and joins the other.
    const res = await call(t, seller, 'GET', '/api/price-median');
    expect(res.statusCode).toBe(400);
    const form = (locked: string) =>
      call(
        t,
        seller,
        'GET',
        `/api/price-median?category=samsung&model=Galaxy%20A34&storageGb=128${locked}`,
      );
    expect((await form('&locked=true')).json<PriceMedian>()).toEqual({
      median: { median: 320, count: 3 },
    });
    expect((await form('')).json<PriceMedian>()).toEqual({ median: { median: 525, count: 4 } });
    expect((await form('&locked=false')).json<PriceMedian>()).toEqual({
      median: { median: 525, count: 4 },
    });
    const bad = await form('&locked=maybe');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body).fields?.locked).toBe('locked must be true or false');
  });

  it('moves a listing between the medians when its seller changes its lock', async () => {
    const ids = [];
    for (const price of [600, 610, 620]) ids.push(await list('Galaxy A15', price));
    for (const price of [400, 410]) await list('Galaxy A15', price, { networkLock: 'Robi' });
    expect((await pageOf(ids[0]!)).fairPrice).toMatchObject({ median: 610, count: 3 });
    const res = await call(t, ownerOf(ids[2]!), 'PATCH', `/api/my-products/${ids[2]}`, {
      networkLock: 'Robi',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Locked sellers 400, 410, 620; two unlocked sellers are left, too few to compare.
    expect((await pageOf(ids[2]!)).fairPrice).toMatchObject({ median: 410, count: 3 });
    expect((await pageOf(ids[0]!)).fairPrice).toBeNull();
  });
});

describe(`a fair price with reasons on ${testDbKind}`, () => {
  it('shows each factor with its effect on a fixed set of comparables', async () => {
    const model = 'Galaxy S22';
    // Battery below 80%: 400, 410, 420 (median 410); 90% or more: 440, 450, 460, 470 (455).
    await list(model, 400, { batteryHealth: 75 });
    await list(model, 410, { batteryHealth: 70, condition: 'fair' });
    await list(model, 420, { batteryHealth: 78, condition: 'fair' });
    await list(model, 440);
    await list(model, 450);
    await list(model, 460, { condition: 'fair' });
    await list(model, 470, { condition: 'excellent' });
    for (const price of [520, 530, 545]) await list(model, price, { storageGb: 256 });
    await list(model, 300, { networkLock: 'Robi' });
    await list(model, 310, { networkLock: 'Robi' });
    await list(model, 330, { networkLock: 'Banglalink' });
    await list(model, 380, { networkLock: null, batteryHealth: null });
    const phone = await list(model, 380, { batteryHealth: 76, condition: 'fair' });

    const { fairPrice } = await pageOf(phone);
    // The phone's comparables: 128 GB, not locked: 380 380 400 410 420 440 450 460 470.
    expect(fairPrice).toEqual({
      median: 420,
      count: 9,
      verdict: 'fair',
      farBelow: false,
      factors: [
        { factor: 'battery', label: 'battery below 80%', effect: -45, inBand: 3, others: 4 },
        { factor: 'condition', label: 'fair condition', effect: -20, inBand: 3, others: 5 },
        { factor: 'storage', label: '128 GB storage', effect: -100, inBand: 8, others: 3 },
        { factor: 'lock', label: 'unlocked', effect: 130, inBand: 7, others: 3 },
      ],
    });
  });

  it('shows no factor without three listings on each side', async () => {
    const model = 'Galaxy S21';
    await list(model, 400, { batteryHealth: 75 });
    await list(model, 450);
    await list(model, 460);
    const phone = await list(model, 420, { batteryHealth: 70 });
    expect((await pageOf(phone)).fairPrice).toEqual({
      median: 435,
      count: 4,
      verdict: 'fair',
      farBelow: false,
      factors: [],
    });
  });

  it('asks the buyer to take care more than 35% below the median, not at 35%', async () => {
    const model = 'Galaxy S20';
    for (let i = 0; i < 3; i++) await list(model, 1000);
    const at = await list(model, 650);
    const below = await list(model, 649.99);
    // Sellers' prices 649.99, 650, 1000, 1000, 1000: the median stays 1000.
    expect((await pageOf(at)).fairPrice).toMatchObject({ median: 1000, farBelow: false });
    expect((await pageOf(below)).fairPrice).toMatchObject({
      median: 1000,
      verdict: 'low',
      farBelow: true,
    });
  });
});

describe(`a far-below price from a new account on ${testDbKind}`, () => {
  const hasher = () => new ImeiHasher(t.app.config.authSecret);
  const NOW = new Date('2026-11-20T12:00:00.000Z');

  /** A seller whose account was made `ageMs` before NOW. */
  async function sellerAged(ageMs: number): Promise<Actor> {
    const user = await createUser(t, { role: 'seller' });
    await t.app.db
      .updateTable('users')
      .set({ createdAt: valueWriters(t.app.db).date(new Date(NOW.getTime() - ageMs)) })
      .where('id', '=', user.id)
      .execute();
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: 'seller',
      isVerifiedUser: false,
      phone: null,
      image: null,
    };
  }

  const form = (model: string, resellPrice: number) =>
    newProductSchema.parse(
      productForm({
        name: `${model} phone`,
        Category: 'samsung',
        model,
        storageGb: 256,
        networkLock: 'unlocked',
        originalPrice: 1500,
        resellPrice,
      }),
    );

  async function post(actor: Actor, model: string, resellPrice: number): Promise<string> {
    const fields = form(model, resellPrice);
    const product = await addProduct(t.app.db, actor, actor.email, fields, hasher(), NOW);
    return product._id;
  }

  /** Three established sellers of the model at $1000: its median. */
  async function baseline(model: string): Promise<void> {
    for (let i = 0; i < 3; i++) await post(await sellerAged(400 * DAY), model, 1000);
  }

  const reportsOf = (id: string) =>
    t.app.db
      .selectFrom('reports')
      .select(['reason', 'note', 'status', 'reporterId'])
      .where('targetType', '=', 'listing')
      .where('targetId', '=', id)
      .execute();

  it('reports a price more than 35% below from an account under a week old', async () => {
    await baseline('Galaxy S24');
    const id = await post(await sellerAged(7 * DAY - 1), 'Galaxy S24', 649.99);
    expect(await reportsOf(id)).toEqual([
      {
        reason: PRICE_FAR_BELOW_REASON,
        note:
          'Priced $649.99, 35% below the median of $1000 (4 sellers; more than 35% below is ' +
          'reported) by an account 6 days old',
        status: 'open',
        reporterId: null,
      },
    ]);
    // The listing stays on show: the report asks a moderator to look.
    expect((await pageOf(id)).moderation).toBeUndefined();
  });

  it('does not report at exactly 35% below, nor an account a week old', async () => {
    await baseline('Galaxy S23');
    const at = await post(await sellerAged(DAY), 'Galaxy S23', 650);
    expect(await reportsOf(at)).toEqual([]);
    await baseline('Galaxy S23 FE');
    const weekOld = await post(await sellerAged(7 * DAY), 'Galaxy S23 FE', 300);
    expect(await reportsOf(weekOld)).toEqual([]);
  });

  it('checks again when the price is edited, and only then', async () => {
    await baseline('Galaxy Z Flip5');
    const actor = await sellerAged(2 * DAY);
    const id = await post(actor, 'Galaxy Z Flip5', 900);
    expect(await reportsOf(id)).toEqual([]);
    const imeis = { hasher: hasher(), limit: () => Promise.resolve(null) };
    const patch = (p: Record<string, unknown>, now = NOW) =>
      updateProduct(t.app.db, t.app.notifier, actor, id, productPatchSchema.parse(p), imeis, now);
    // A change of the description alone checks nothing.
    await patch({ description: 'Barely used' });
    expect(await reportsOf(id)).toEqual([]);
    // Sellers 500, 1000, 1000, 1000: the median is 1000.
    await patch({ resellPrice: 500 });
    expect((await reportsOf(id)).map((r) => r.reason)).toEqual([PRICE_FAR_BELOW_REASON]);
    // Once while one is open.
    await patch({ resellPrice: 450 });
    expect(await reportsOf(id)).toHaveLength(1);

    // The same edit five days later, the account then a week old: no report.
    await baseline('Galaxy Z Fold5');
    const older = await sellerAged(2 * DAY);
    const other = await post(older, 'Galaxy Z Fold5', 900);
    await updateProduct(
      t.app.db,
      t.app.notifier,
      older,
      other,
      productPatchSchema.parse({ resellPrice: 500 }),
      imeis,
      new Date(NOW.getTime() + 5 * DAY),
    );
    expect(await reportsOf(other)).toEqual([]);
  });

  it('shows the report in the moderators’ queue with its label', async () => {
    await baseline('Galaxy A05');
    const id = await post(await sellerAged(DAY), 'Galaxy A05', 100);
    const admin = await createUser(t, { role: 'admin' });
    const res = await call(t, admin, 'GET', '/api/admin/reports');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(id);
    expect(res.body).toContain('price_far_below');
  });
});
