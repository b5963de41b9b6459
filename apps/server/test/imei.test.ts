import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMEI_CHECK_DIGIT_MESSAGE,
  IMEI_LENGTH_MESSAGE,
  hasValidImeiCheckDigit,
  type ListingPage,
  type Product,
} from '@market/shared';
import { DUPLICATE_IMEI_HELD } from '../src/modules/phone-facts/phone-facts.service.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct, productForm } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;

let serial = 0;
/** A fresh valid IMEI: 14 digits of our own and their Luhn check digit. */
function newImei(): string {
  serial += 1;
  const first14 = `35${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(6, '0')}`;
  for (let digit = 0; digit <= 9; digit++) {
    if (hasValidImeiCheckDigit(`${first14}${digit}`)) return `${first14}${digit}`;
  }
  throw new Error('no check digit');
}

/** What the server must store for an IMEI: HMAC-SHA256 under the key the auth secret gives. */
function expectedHash(digits: string): string {
  const key = crypto.createHmac('sha256', t.config.authSecret).update('imei-hash').digest();
  return crypto.createHmac('sha256', key).update(digits).digest('hex');
}

const addUrl = (s: TestUser) => `/api/add-product?email=${encodeURIComponent(s.email)}`;

const storedRow = (id: string) =>
  t.app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const reportsAbout = (id: string) =>
  t.app.db
    .selectFrom('reports')
    .select(['targetType', 'targetId', 'reporterId', 'reason', 'note', 'status'])
    .where('targetId', '=', id)
    .execute();

/** Everything a refused call must leave as it was. */
async function snapshot() {
  const db = t.app.db;
  return {
    products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
    reports: await db.selectFrom('reports').selectAll().orderBy('id').execute(),
    priceStats: await db.selectFrom('price_stats').selectAll().orderBy('model').execute(),
  };
}

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { error: { fields?: Record<string, string> } }).error.fields ?? {};

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
});

describe(`IMEIs of listings on ${testDbKind}`, () => {
  it('stores a keyed hash and the last four digits, never the number', async () => {
    const imei = newImei();
    const typed = `${imei.slice(0, 2)}-${imei.slice(2, 8)} ${imei.slice(8, 14)}-${imei.slice(14)}`;
    const product = await postProduct(t, seller, { imei: typed });
    const row = await storedRow(product._id);
    expect(row.imeiHash).toBe(expectedHash(imei));
    expect(row.imeiLast4).toBe(imei.slice(-4));
    expect(row.moderation).toBeNull();
    // No column of the row holds the digits, whole or grouped.
    expect(JSON.stringify(row)).not.toContain(imei);
    expect(JSON.stringify(row)).not.toContain(imei.slice(0, 8));

    const page = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<ListingPage>().imeiLast4).toBe(imei.slice(-4));
    expect(page.body).not.toContain(imei);
    expect(JSON.stringify(product)).not.toContain(imei);
  });

  it('answers imeiLast4 null for a listing without one', async () => {
    const product = await postProduct(t, seller);
    const page = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(page.json<ListingPage>().imeiLast4).toBeNull();
    expect((await storedRow(product._id)).imeiHash).toBeNull();
  });

  it.each([
    ['14 digits', '35693803564380', IMEI_LENGTH_MESSAGE],
    ['16 digits', '3569380356438091', IMEI_LENGTH_MESSAGE],
    ['letters', '35693803564380X', IMEI_LENGTH_MESSAGE],
    ['a wrong check digit', '356938035643808', IMEI_CHECK_DIGIT_MESSAGE],
    ['a number instead of text', 356938035643809, IMEI_LENGTH_MESSAGE],
    ['40 spaces and more', `${' '.repeat(40)}356938035643809`, IMEI_LENGTH_MESSAGE],
  ])(
    'refuses %s on adding, with its message, and writes nothing',
    async (_label, imei, message) => {
      const before = await snapshot();
      const res = await call(t, seller, 'POST', addUrl(seller), productForm({ imei }));
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res.body).imei).toBe(message);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses a wrong IMEI on a change, and leaves the listing as it was', async () => {
    const product = await postProduct(t, seller, { imei: newImei() });
    const before = await snapshot();
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: '356938035643808',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res.body).imei).toBe(IMEI_CHECK_DIGIT_MESSAGE);
    expect(await snapshot()).toEqual(before);
  });

  it("does not let another seller set the IMEI of someone's listing", async () => {
    const product = await postProduct(t, seller);
    const before = await snapshot();
    const res = await call(t, otherSeller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: newImei(),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('holds a second listing of the same phone from another account, with a report', async () => {
    const imei = newImei();
    const first = await postProduct(t, seller, { imei });
    const second = await postProduct(t, otherSeller, {
      imei: `${imei.slice(0, 7)} ${imei.slice(7)}`,
    });

    expect((await storedRow(first._id)).moderation).toBeNull();
    const held = await storedRow(second._id);
    expect(held).toMatchObject({ moderation: 'held', moderationReason: DUPLICATE_IMEI_HELD });
    expect(await reportsAbout(second._id)).toEqual([
      {
        targetType: 'listing',
        targetId: second._id,
        reporterId: null,
        reason: 'duplicate_imei',
        note: `Same IMEI as listing ${first._id}`,
        status: 'open',
      },
    ]);
    expect(await reportsAbout(first._id)).toEqual([]);

    // Held: out of the category list and off its page for everyone but its seller.
    const list = await call(t, buyer, 'GET', '/api/products/iPhone?limit=100');
    const ids = list.json<Product[]>().map((p) => p._id);
    expect(ids).toContain(first._id);
    expect(ids).not.toContain(second._id);
    expect((await call(t, buyer, 'GET', `/api/product/${second._id}`)).statusCode).toBe(404);
  });

  it('holds a second listing of the same phone from the same seller', async () => {
    const imei = newImei();
    await postProduct(t, seller, { imei });
    const again = await postProduct(t, seller, { imei });
    expect((await storedRow(again._id)).moderation).toBe('held');
    expect(await reportsAbout(again._id)).toHaveLength(1);
  });

  it('does not hold a listing whose IMEI only a sold listing had', async () => {
    const imei = newImei();
    const sold = await postProduct(t, seller, { imei });
    const marked = await call(t, seller, 'POST', `/api/my-products/${sold._id}/sold`);
    expect(marked.statusCode, marked.body).toBe(200);

    const relisted = await postProduct(t, otherSeller, { imei });
    expect((await storedRow(relisted._id)).moderation).toBeNull();
    expect(await reportsAbout(relisted._id)).toEqual([]);
  });

  it('does not hold a listing whose IMEI only a deleted listing had', async () => {
    const imei = newImei();
    const gone = await postProduct(t, seller, { imei });
    const deleted = await call(t, seller, 'DELETE', `/api/my-products/${gone._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const relisted = await postProduct(t, otherSeller, { imei });
    expect((await storedRow(relisted._id)).moderation).toBeNull();
  });

  it('holds a listing changed to the IMEI of another, and only that one', async () => {
    const imei = newImei();
    const first = await postProduct(t, seller, { imei });
    const other = await postProduct(t, otherSeller, { imei: newImei() });

    const res = await call(t, otherSeller, 'PATCH', `/api/my-products/${other._id}`, { imei });
    expect(res.statusCode, res.body).toBe(200);
    const held = await storedRow(other._id);
    expect(held).toMatchObject({
      moderation: 'held',
      imeiHash: expectedHash(imei),
      imeiLast4: imei.slice(-4),
    });
    expect(await reportsAbout(other._id)).toHaveLength(1);

    // The first seller saving their listing again with the same IMEI holds nothing more.
    const again = await call(t, seller, 'PATCH', `/api/my-products/${first._id}`, {
      imei,
      resellPrice: 400,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await storedRow(first._id)).moderation).toBeNull();
    expect(await reportsAbout(first._id)).toEqual([]);
    // Nor does changing the held one again file a second report while one is open.
    await call(t, otherSeller, 'PATCH', `/api/my-products/${other._id}`, { imei: newImei() });
    await call(t, otherSeller, 'PATCH', `/api/my-products/${other._id}`, { imei });
    expect(await reportsAbout(other._id)).toHaveLength(1);
  });

  it('replaces the IMEI and removes it with null', async () => {
    const product = await postProduct(t, seller, { imei: newImei() });
    const next = newImei();
    const replaced = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: next,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await storedRow(product._id)).toMatchObject({
      imeiHash: expectedHash(next),
      imeiLast4: next.slice(-4),
    });
    const removed = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedRow(product._id)).toMatchObject({ imeiHash: null, imeiLast4: null });
    // Leaving it out keeps it as it is.
    await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { imei: next });
    await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { colour: 'Blue' });
    expect((await storedRow(product._id)).imeiLast4).toBe(next.slice(-4));
  });

  it('holds exactly one of two listings of one phone posted at the same moment', async () => {
    const imei = newImei();
    const [a, b] = await Promise.all([
      postProduct(t, seller, { imei }),
      postProduct(t, otherSeller, { imei }),
    ]);
    const states = [(await storedRow(a._id)).moderation, (await storedRow(b._id)).moderation];
    expect(states.filter((s) => s === 'held')).toHaveLength(1);
    expect(states.filter((s) => s === null)).toHaveLength(1);
  });
});
