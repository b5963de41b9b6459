import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMEI_CHECK_DIGIT_MESSAGE,
  IMEI_LENGTH_MESSAGE,
  type ListingPage,
  type MyProduct,
  type Product,
  type ReportGroup,
} from '@market/shared';
import {
  IMEI_CHECK_HELD,
  OWN_DUPLICATE_IMEI_HELD,
} from '../src/modules/phone-facts/phone-facts.service.ts';
import {
  IMEI_CHANGES_PER_LISTING,
  IMEI_CHANGES_PER_SELLER,
  IMEI_POSTS_PER_SELLER,
} from '../src/modules/listings/imei-change-limits.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct, productForm } from './helpers/market.ts';
import { newImei } from './helpers/imei.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;

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
  it('stores a keyed hash and no digit of the number; the page says only that it was given', async () => {
    const imei = newImei();
    const typed = `${imei.slice(0, 2)}-${imei.slice(2, 8)} ${imei.slice(8, 14)}-${imei.slice(14)}`;
    const product = await postProduct(t, seller, { imei: typed });
    const row = await storedRow(product._id);
    expect(row.imeiHash).toBe(expectedHash(imei));
    expect(row.imeiLast4).toBeNull();
    expect(row.moderation).toBeNull();
    // No column of the row holds the digits, whole or grouped.
    expect(JSON.stringify(row)).not.toContain(imei);
    expect(JSON.stringify(row)).not.toContain(imei.slice(0, 8));

    const page = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<ListingPage>().imeiGiven).toBe(true);
    expect(page.body).not.toContain('imeiLast4');
    expect(page.body).not.toContain(imei.slice(-4));
    expect(JSON.stringify(product)).not.toContain(imei.slice(-4));
  });

  it('answers imeiGiven false for a listing without one', async () => {
    const product = await postProduct(t, seller);
    const page = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(page.json<ListingPage>().imeiGiven).toBe(false);
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
    // Its seller is not told why: a match with someone else's phone is not theirs to learn.
    expect(held).toMatchObject({ moderation: 'held', moderationReason: IMEI_CHECK_HELD });
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
    expect(await storedRow(again._id)).toMatchObject({
      moderation: 'held',
      moderationReason: OWN_DUPLICATE_IMEI_HELD,
    });
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
      moderationReason: IMEI_CHECK_HELD,
      imeiHash: expectedHash(imei),
      imeiLast4: null,
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

  it('replaces the IMEI (holding the listing for a moderator) and removes it with null', async () => {
    const product = await postProduct(t, seller, { imei: newImei() });
    const next = newImei();
    const replaced = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: next,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await storedRow(product._id)).toMatchObject({
      imeiHash: expectedHash(next),
      imeiLast4: null,
      moderation: 'held',
      moderationReason: IMEI_CHECK_HELD,
    });
    expect(await reportsAbout(product._id)).toEqual([
      expect.objectContaining({ reason: 'imei_changed', reporterId: null, status: 'open' }),
    ]);
    const removed = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      imei: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedRow(product._id)).toMatchObject({ imeiHash: null, imeiLast4: null });
    // Leaving it out keeps it as it is.
    await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { imei: next });
    await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { colour: 'Blue' });
    expect((await storedRow(product._id)).imeiHash).toBe(expectedHash(next));
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

describe(`IMEI changes tell nothing about other people's phones on ${testDbKind}`, () => {
  /** What a seller reads, without what differs between any two listings (ids, clocks). */
  const comparable = (value: unknown, productId: string) =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll(productId, '<id>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
        .replace(/"postedTime":"[^"]*"/g, '"postedTime":"<time>"'),
    ) as unknown;

  /** Everything the seller of a listing can read of it: My Products, its page; and the public. */
  async function sellerView(owner: TestUser, productId: string) {
    const mine = await call(
      t,
      owner,
      'GET',
      `/api/my-products?email=${encodeURIComponent(owner.email)}&limit=100`,
    );
    const body = mine.json<{ items: MyProduct[] } | MyProduct[]>();
    const row = (Array.isArray(body) ? body : body.items).find((p) => p._id === productId);
    const page = await call(t, owner, 'GET', `/api/product/${productId}`);
    const publicPage = await call(t, null, 'GET', `/api/product/${productId}`);
    return {
      mine: [mine.statusCode, comparable(row, productId)],
      page: [page.statusCode, comparable(page.json(), productId)],
      publicPage: publicPage.statusCode,
    };
  }

  it('answers a match and a non-match alike: the attack of PATCH imei + GET /api/my-products', async () => {
    const victim = await createUser(t, { role: 'seller' });
    const attacker = await createUser(t, { role: 'seller' });
    const victimsImei = newImei();
    await postProduct(t, victim, { imei: victimsImei });
    // Two listings alike in everything the seller sees but their ids.
    const fields = { name: 'iPhone 13 probe', description: 'Probe' };
    const guessWrong = await postProduct(t, attacker, fields);
    const guessRight = await postProduct(t, attacker, fields);

    const edit = (id: string, imei: string) =>
      call(t, attacker, 'PATCH', `/api/my-products/${id}`, { imei });
    const wrongEdit = await edit(guessWrong._id, newImei());
    const rightEdit = await edit(guessRight._id, victimsImei);
    expect(wrongEdit.statusCode, wrongEdit.body).toBe(200);
    expect(rightEdit.statusCode).toBe(200);
    expect(comparable(rightEdit.json(), guessRight._id)).toEqual(
      comparable(wrongEdit.json(), guessWrong._id),
    );

    const wrong = await sellerView(attacker, guessWrong._id);
    const right = await sellerView(attacker, guessRight._id);
    expect(right).toEqual(wrong);
    expect(right.mine[1]).toMatchObject({ moderation: 'held', moderationReason: IMEI_CHECK_HELD });
    expect(JSON.stringify(right)).not.toMatch(/match|another listing|same IMEI/i);
    expect(right.publicPage).toBe(404);
    // Moderators, and only they, learn which one matched.
    expect((await reportsAbout(guessRight._id)).map((r) => r.reason)).toEqual(['duplicate_imei']);
    expect((await reportsAbout(guessWrong._id)).map((r) => r.reason)).toEqual(['imei_changed']);
  });

  it(`allows ${IMEI_CHANGES_PER_LISTING} IMEI changes a day per listing and ${IMEI_CHANGES_PER_SELLER} per seller (429 after)`, async () => {
    const probing = await createUser(t, { role: 'seller' });
    const [a, b, c] = [
      await postProduct(t, probing, { imei: newImei() }),
      await postProduct(t, probing),
      await postProduct(t, probing),
    ];
    const patch = (id: string, body: Record<string, unknown>) =>
      call(t, probing, 'PATCH', `/api/my-products/${id}`, body);

    for (let i = 0; i < IMEI_CHANGES_PER_LISTING; i++) {
      const res = await patch(a!._id, { imei: i === 1 ? null : newImei() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await snapshot();
    const refused = await patch(a!._id, { imei: newImei(), colour: 'Red' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'RATE_LIMITED',
      message: `The IMEI of a listing can be changed ${IMEI_CHANGES_PER_LISTING} times a day. Try again in 24 hours.`,
      reason: 'bookings.imei.perListing',
    });
    expect(await snapshot()).toEqual(before);
    const inBangla = await call(
      t,
      { headers: { ...probing.headers, 'accept-language': 'bn' } },
      'PATCH',
      `/api/my-products/${a!._id}`,
      { imei: newImei() },
    );
    expect(inBangla.statusCode).toBe(429);
    expect(inBangla.json<{ error: { message: string } }>().error.message).toBe(
      'একটি বিজ্ঞাপনের IMEI দিনে ৩ বার বদলানো যায়। ২৪ ঘণ্টা পরে আবার চেষ্টা করুন।',
    );
    // Other changes, and saving the same IMEI again, are not counted.
    const current = await storedRow(a!._id);
    expect((await patch(a!._id, { colour: 'Blue' })).statusCode).toBe(200);
    expect(current.imeiHash).not.toBeNull();

    const left = IMEI_CHANGES_PER_SELLER - IMEI_CHANGES_PER_LISTING;
    for (let i = 0; i < left; i++) {
      expect((await patch(b!._id, { imei: newImei() })).statusCode).toBe(200);
    }
    const bySeller = await patch(c!._id, { imei: newImei() });
    expect(bySeller.statusCode).toBe(429);
    expect(bySeller.json<{ error: { message: string } }>().error.message).toBe(
      `You can change IMEIs ${IMEI_CHANGES_PER_SELLER} times a day across your listings. Try again in 24 hours.`,
    );
    expect((await storedRow(c!._id)).imeiHash).toBeNull();
  });

  it('lets a listing be posted with its IMEI without counting a change', async () => {
    const shop = await createUser(t, { role: 'seller' });
    for (let i = 0; i < IMEI_CHANGES_PER_SELLER + 1; i++) {
      const posted = await postProduct(t, shop, { imei: newImei() });
      expect((await storedRow(posted._id)).moderation).toBeNull();
    }
  });

  it(`posts at most ${IMEI_POSTS_PER_SELLER} listings with an IMEI a day per seller (429 after), and any number without`, async () => {
    // Each post with a guessed IMEI would show its seller "held" on a match: the cap keeps that
    // from being a way to try numbers.
    const probing = await createUser(t, { role: 'seller' });
    for (let i = 0; i < IMEI_POSTS_PER_SELLER; i++) {
      await postProduct(t, probing, { imei: newImei() });
    }
    const before = await snapshot();
    const refused = await call(
      t,
      probing,
      'POST',
      addUrl(probing),
      productForm({ imei: newImei() }),
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      `You can post ${IMEI_POSTS_PER_SELLER} listings with an IMEI a day. Try again in 24 hours, or post this one without its IMEI now.`,
    );
    expect(await snapshot()).toEqual(before);
    const without = await postProduct(t, probing);
    expect((await storedRow(without._id)).imeiHash).toBeNull();
    // Another seller's count is their own.
    await postProduct(t, await createUser(t, { role: 'seller' }), { imei: newImei() });
  });
});

describe(`a held listing always waits in the queue on ${testDbKind}`, () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
  });

  async function heldPair() {
    const owner = await createUser(t, { role: 'seller', verified: true });
    const later = await createUser(t, { role: 'seller', verified: true });
    const imei = newImei();
    const first = await postProduct(t, owner, { imei, name: 'iPhone 13 first' });
    const held = await postProduct(t, later, { imei, name: 'iPhone 13 later' });
    expect((await storedRow(held._id)).moderation).toBe('held');
    const [report] = await t.app.db
      .selectFrom('reports')
      .select('id')
      .where('targetId', '=', held._id)
      .where('status', '=', 'open')
      .execute();
    return { first, held, later, reportId: report!.id };
  }

  const openReports = async (id: string) =>
    (await reportsAbout(id)).filter((r) => r.status === 'open');

  async function queueGroupOf(id: string): Promise<ReportGroup | undefined> {
    const res = await call(t, admin, 'GET', '/api/admin/reports?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: ReportGroup[] } | ReportGroup[]>();
    const groups = Array.isArray(body) ? body : body.items;
    return groups.find((g) => g.targetId === id);
  }

  it('links the duplicate-IMEI report to the other listing', async () => {
    const { first, held } = await heldPair();
    const group = await queueGroupOf(held._id);
    expect(group?.reports).toEqual([
      expect.objectContaining({
        reason: 'duplicate_imei',
        otherListing: { _id: first._id, name: 'iPhone 13 first' },
      }),
    ]);
    expect(group?.actions).toContain('dismiss');
    expect(group?.actions).toContain('release_listing');
  });

  it('releases a held listing when its report is dismissed, and tells its seller', async () => {
    const { held, later, reportId } = await heldPair();
    const res = await call(t, admin, 'POST', `/api/admin/reports/${reportId}/resolve`, {
      action: 'dismiss',
      reason: 'Same seller relisted it; not a stolen phone.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'dismiss', resolvedCount: 1 });

    expect(await storedRow(held._id)).toMatchObject({ moderation: null, moderationReason: null });
    expect(await openReports(held._id)).toEqual([]);
    expect((await reportsAbout(held._id))[0]).toMatchObject({ status: 'dismissed' });
    expect((await call(t, buyer, 'GET', `/api/product/${held._id}`)).statusCode).toBe(200);
    const told = await t.app.db
      .selectFrom('notifications')
      .select(['title'])
      .where('userId', '=', later.id)
      .execute();
    expect(told.map((n) => n.title)).toContain('Your listing iPhone 13 later is on show again');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('targetId', '=', held._id)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('dismiss');
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ released: true });
  });

  it('keeps the report open while the listing stays held after its seller is suspended', async () => {
    const { held, later, reportId } = await heldPair();
    const res = await call(t, admin, 'POST', `/api/admin/reports/${reportId}/resolve`, {
      action: 'suspend_user',
      reason: 'Lists phones that are not theirs.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resolvedCount: 0 });
    expect((await storedRow(held._id)).moderation).toBe('held');
    expect(await openReports(held._id)).toHaveLength(1);

    const restored = await call(t, admin, 'POST', `/api/admin/users/${later.id}/restore`, {
      reason: 'Proved ownership.',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await storedRow(held._id)).moderation).toBe('held');
    const group = await queueGroupOf(held._id);
    expect(group?.actions).toEqual([
      'hide_listing',
      'release_listing',
      'suspend_user',
      'unverify_seller',
      'dismiss',
    ]);
  });

  it('never leaves a listing held without an open report, whatever the action', async () => {
    for (const action of ['dismiss', 'hide_listing', 'release_listing', 'unverify_seller']) {
      const { held, reportId } = await heldPair();
      const res = await call(t, admin, 'POST', `/api/admin/reports/${reportId}/resolve`, {
        action,
        reason: 'Checked.',
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
      const row = await storedRow(held._id);
      if (row.moderation === 'held') expect(await openReports(held._id), action).toHaveLength(1);
    }
  });
});
