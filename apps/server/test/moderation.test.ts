import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_UNAVAILABLE,
  suspendedMessage,
  type AdminStats,
  type AuditEntry,
  type ListingPage,
  type MyProduct,
  type Product,
  type Report,
  type ReportGroup,
  type WishlistItem,
} from '@market/shared';
import { readBool } from '../src/db/dialect.ts';
import { buildTestApp, testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, signIn, type TestUser } from './factories.ts';
import { categoryCount, requestBody } from './helpers/deal.ts';
import { notificationsOf } from './helpers/notifications.ts';
import { insertConversations } from './helpers/conversations.ts';
import {
  call,
  countRows,
  insertCategories,
  insertProducts,
  insertWishlistItem,
  postProduct,
  type Caller,
} from './helpers/market.ts';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  admin = await createUser(t, { role: 'admin' });
});

const db = () => t.app.db;
const report = (caller: TestUser | null, body: unknown) =>
  call(t, caller, 'POST', '/api/reports', body);
const resolve = (caller: Caller, reportId: string, body: unknown) =>
  call(t, caller, 'POST', `/api/admin/reports/${reportId}/resolve`, body);
/** The user, asking for answers in Bangla. */
const inBangla = (user: TestUser): Caller => ({
  headers: { ...user.headers, 'accept-language': 'bn' },
});

function reportRows() {
  return db().selectFrom('reports').selectAll().orderBy('id').execute();
}

function productRow(id: string) {
  return db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function auditRows(targetId: string) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('targetId', '=', targetId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** A listing with a name no other test uses, so search and suggestions find only it. */
async function uniqueListing(seller: TestUser) {
  const word = `Zq${crypto.randomBytes(4).toString('hex').replace(/\d/g, 'x')}`;
  const product = await postProduct(t, seller, { name: `${word} Phone`, Category: 'xiaomi' });
  return { product, word };
}

async function fileReport(reporter: TestUser, targetType: string, targetId: string) {
  const res = await report(reporter, { targetType, targetId, reason: 'stolen' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Report>();
}

/** Where a listing shows up for a buyer: its category, search, suggestions, ads, its page. */
async function visibility(product: Product, word: string) {
  // Some lists are for signed-in people only.
  const viewer = await createUser(t, { role: 'buyer' });
  const category = await call(t, viewer, 'GET', `/api/products/${product.Category}?limit=100`);
  const search = await call(t, viewer, 'GET', `/api/search?q=${word}`);
  const suggest = await call(t, viewer, 'GET', `/api/search/suggest?q=${word.slice(0, 6)}`);
  const ads = await call(t, viewer, 'GET', '/api/advertisement?limit=100');
  const page = await call(t, null, 'GET', `/api/product/${product._id}`);
  for (const res of [category, search, suggest, ads]) expect(res.statusCode, res.body).toBe(200);
  return {
    inCategory: category.json<Product[]>().some((p) => p._id === product._id),
    inSearch: search.json<Product[]>().some((p) => p._id === product._id),
    suggested: suggest.json<{ suggestions: string[] }>().suggestions.includes(product.name),
    advertised: ads.json<Array<{ _id: string }>>().some((p) => p._id === product._id),
    pageStatus: page.statusCode,
  };
}

describe(`filing reports on ${testDbKind}`, () => {
  it('files a report about a listing, a user and a message, once each', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);

    const res = await report(buyer, {
      targetType: 'listing',
      targetId: product._id,
      reason: 'fake',
      note: '  Photos are from a shop website  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const filed = res.json<Report>();
    expect(filed).toMatchObject({
      targetType: 'listing',
      targetId: product._id,
      reason: 'fake',
      note: 'Photos are from a shop website',
      status: 'open',
      outcome: null,
    });
    const row = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', filed._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporterId: buyer.id, status: 'open', resolvedBy: null });

    const user = await report(buyer, { targetType: 'user', targetId: seller.id, reason: 'spam' });
    expect(user.statusCode, user.body).toBe(201);

    const [conversationId] = await insertConversations(t, buyer.id, seller.id, [product._id]);
    const message = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId!)
      .executeTakeFirstOrThrow();
    const aboutMessage = await report(buyer, {
      targetType: 'message',
      targetId: message.id,
      reason: 'offensive',
    });
    expect(aboutMessage.statusCode, aboutMessage.body).toBe(201);
  });

  it('refuses duplicates, one’s own things, unknown targets and bad input, changing nothing', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const stranger = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);
    await fileReport(buyer, 'listing', product._id);
    const [conversationId] = await insertConversations(t, buyer.id, seller.id, [product._id]);
    const sellersMessage = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId!)
      .executeTakeFirstOrThrow();
    const before = await reportRows();

    const cases: Array<[TestUser | null, unknown, number, string]> = [
      [
        buyer,
        { targetType: 'listing', targetId: product._id, reason: 'spam' },
        409,
        'You have already reported this; it is waiting for a moderator',
      ],
      [
        seller,
        { targetType: 'listing', targetId: product._id, reason: 'spam' },
        400,
        'You cannot report your own listing',
      ],
      [
        buyer,
        { targetType: 'user', targetId: buyer.id, reason: 'spam' },
        400,
        'You cannot report yourself',
      ],
      [
        seller,
        { targetType: 'message', targetId: sellersMessage.id, reason: 'spam' },
        400,
        'You cannot report your own message',
      ],
      [
        stranger,
        { targetType: 'message', targetId: sellersMessage.id, reason: 'spam' },
        404,
        'No such message in your conversations',
      ],
      [
        buyer,
        { targetType: 'listing', targetId: 'no-such-listing', reason: 'spam' },
        404,
        'No such listing: it may have been deleted',
      ],
      [
        buyer,
        { targetType: 'user', targetId: 'no-such-user', reason: 'spam' },
        404,
        'No such user',
      ],
      [
        buyer,
        { targetType: 'review', targetId: product._id, reason: 'spam' },
        400,
        'What you report must be one of listing, user, message',
      ],
      [buyer, { targetType: 'user', targetId: seller.id, reason: 'ugly' }, 400, 'Choose a reason'],
      [
        buyer,
        { targetType: 'user', targetId: seller.id, reason: 'spam', note: 'x'.repeat(501) },
        400,
        'The note must be at most 500 characters',
      ],
      [
        buyer,
        { targetType: 'user', targetId: seller.id, reason: 'spam', note: 42 },
        400,
        'The note must be text',
      ],
      [
        null,
        { targetType: 'user', targetId: seller.id, reason: 'spam' },
        401,
        'Sign in to continue',
      ],
    ];
    for (const [caller, body, status, message] of cases) {
      const res = await report(caller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    expect(await reportRows()).toEqual(before);
  });

  it('lets one person file ten reports an hour, then answers 429', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const busy = await createUser(t, { role: 'buyer' });
    const ids = await insertProducts(t, seller.id, 11);
    for (const id of ids.slice(0, 10)) await fileReport(busy, 'listing', id);
    const before = await countRows(t, 'reports');
    const res = await report(busy, { targetType: 'listing', targetId: ids[10], reason: 'spam' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    // The hour's window has just begun: the wait is a whole hour, or a few seconds less.
    const seconds = Number(res.headers['retry-after']);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      seconds < 3600
        ? `Too many reports. Try again in ${Math.ceil(seconds / 60)} minutes.`
        : 'Too many reports. Try again in 1 hour.',
    );
    expect(await countRows(t, 'reports')).toBe(before);
  });
});

describe(`hiding and releasing listings on ${testDbKind}`, () => {
  it('takes a hidden listing out of every list and count; only its seller and admins see it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const reporter = await createUser(t, { role: 'buyer' });
    const other = await createUser(t, { role: 'buyer' });
    const { product, word } = await uniqueListing(seller);
    await call(t, seller, 'PUT', `/api/my-products/${product._id}`);
    await insertWishlistItem(t, other.id, product._id);
    expect(await visibility(product, word)).toEqual({
      inCategory: true,
      inSearch: true,
      suggested: true,
      advertised: true,
      pageStatus: 200,
    });
    const countBefore = await categoryCount(t, 'xiaomi');

    const filed = await fileReport(reporter, 'listing', product._id);
    const second = await fileReport(other, 'listing', product._id);
    const res = await resolve(admin, filed._id, {
      action: 'hide_listing',
      reason: 'The IMEI is on the stolen phones list.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      action: 'hide_listing',
      targetType: 'listing',
      targetId: product._id,
      resolvedCount: 2,
    });

    expect(await productRow(product._id)).toMatchObject({
      moderation: 'hidden',
      moderationReason: 'The IMEI is on the stolen phones list.',
    });
    expect(await visibility(product, word)).toEqual({
      inCategory: false,
      inSearch: false,
      suggested: false,
      advertised: false,
      pageStatus: 404,
    });
    expect(await categoryCount(t, 'xiaomi')).toBe(countBefore - 1);
    const page = await call(t, reporter, 'GET', `/api/product/${product._id}`);
    expect(page.json<{ error: { message: string } }>().error.message).toBe(LISTING_UNAVAILABLE);

    // Its seller and admins still read it, with the reason.
    for (const viewer of [seller, admin]) {
      const own = await call(t, viewer, 'GET', `/api/product/${product._id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<ListingPage>().moderation).toEqual({
        state: 'hidden',
        reason: 'The IMEI is on the stolen phones list.',
      });
    }
    const mine = await call(t, seller, 'GET', `/api/my-products?email=${seller.email}&limit=100`);
    expect(mine.json<MyProduct[]>().find((p) => p._id === product._id)).toMatchObject({
      moderation: 'hidden',
      moderationReason: 'The IMEI is on the stolen phones list.',
      reviewRequested: false,
    });

    const wishlist = await call(t, other, 'GET', `/api/wish-list?email=${other.email}`);
    expect(wishlist.json<WishlistItem[]>()[0]).toMatchObject({
      productId: product._id,
      unavailable: true,
    });
    const booking = await call(t, other, 'POST', '/api/booking', requestBody(product._id));
    expect(booking.statusCode).toBe(409);
    expect(booking.json<{ error: { message: string } }>().error.message).toBe(LISTING_UNAVAILABLE);
    expect(await countRows(t, 'bookings', ['productId', product._id])).toBe(0);

    // Both reports are closed, each reporter told the outcome, the seller told why.
    const closed = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', 'in', [filed._id, second._id])
      .execute();
    for (const row of closed) {
      expect(row).toMatchObject({
        status: 'resolved',
        outcome: 'A moderator hid the listing.',
        resolvedBy: admin.id,
      });
      expect(row.resolvedAt).not.toBeNull();
    }
    for (const who of [reporter, other]) {
      const outcome = (await notificationsOf(t, who.id)).filter((n) => n.kind === 'report_outcome');
      expect(outcome.map((n) => [n.title, n.body])).toEqual([
        ['Your report about a listing was reviewed', 'A moderator hid the listing.'],
      ]);
    }
    const told = (await notificationsOf(t, seller.id)).filter(
      (n) => n.kind === 'listing_moderated',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`Your listing ${product.name} is hidden`);
    expect(told[0]!.body).toContain('The IMEI is on the stolen phones list.');

    const audit = await auditRows(product._id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'hide_listing',
      targetType: 'listing',
      reason: 'The IMEI is on the stolen phones list.',
    });
  });

  it('lets the seller edit a hidden listing and ask for a review, which releases it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const reporter = await createUser(t, { role: 'buyer' });
    const { product, word } = await uniqueListing(seller);
    const filed = await fileReport(reporter, 'listing', product._id);
    await resolve(admin, filed._id, { action: 'hide_listing', reason: 'Wrong category.' });
    const countHidden = await categoryCount(t, 'xiaomi');

    const edit = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      description: 'Now with the real photos.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const asked = await call(t, seller, 'POST', `/api/my-products/${product._id}/review-request`, {
      note: 'I changed the photos.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<Report>();
    expect(request).toMatchObject({ reason: 'review_request', status: 'open' });
    const row = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', request._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporterId: null, note: 'I changed the photos.' });

    const before = await reportRows();
    const again = await call(
      t,
      seller,
      'POST',
      `/api/my-products/${product._id}/review-request`,
      {},
    );
    expect(again.statusCode).toBe(409);
    const others = await createUser(t, { role: 'seller' });
    const theirs = await call(
      t,
      others,
      'POST',
      `/api/my-products/${product._id}/review-request`,
      {},
    );
    expect(theirs.statusCode).toBe(404);
    expect(await reportRows()).toEqual(before);
    const mine = await call(t, seller, 'GET', `/api/my-products?email=${seller.email}&limit=100`);
    expect(mine.json<MyProduct[]>().find((p) => p._id === product._id)?.reviewRequested).toBe(true);

    const released = await resolve(admin, request._id, {
      action: 'release_listing',
      reason: 'The new photos are the phone itself.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await productRow(product._id)).toMatchObject({
      moderation: null,
      moderationReason: null,
    });
    expect(await categoryCount(t, 'xiaomi')).toBe(countHidden + 1);
    expect((await visibility(product, word)).inSearch).toBe(true);
    const shown = (await notificationsOf(t, seller.id)).filter(
      (n) => n.kind === 'listing_moderated',
    );
    expect(shown.map((n) => n.title)).toEqual([
      `Your listing ${product.name} is hidden`,
      `Your listing ${product.name} is on show again`,
    ]);
    const onShow = await call(
      t,
      seller,
      'POST',
      `/api/my-products/${product._id}/review-request`,
      {},
    );
    expect(onShow.statusCode).toBe(409);
    expect(onShow.json<{ error: { message: string } }>().error.message).toBe(
      'This listing is on show: there is nothing to review',
    );
  });

  it('restores a hidden listing from its page and lists it again', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const reporter = await createUser(t, { role: 'buyer' });
    const { product } = await uniqueListing(seller);
    const filed = await fileReport(reporter, 'listing', product._id);
    await resolve(admin, filed._id, { action: 'hide_listing', reason: 'Looks fake.' });

    const before = await productRow(product._id);
    const bad = await call(t, admin, 'POST', `/api/admin/products/${product._id}/restore`, {
      reason: '   ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('Give a reason');
    const byBuyer = await call(t, reporter, 'POST', `/api/admin/products/${product._id}/restore`, {
      reason: 'Mine',
    });
    expect(byBuyer.statusCode).toBe(403);
    expect(await productRow(product._id)).toEqual(before);

    const res = await call(t, admin, 'POST', `/api/admin/products/${product._id}/restore`, {
      reason: 'The seller showed the receipt.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await productRow(product._id)).toMatchObject({ moderation: null });
    const again = await call(t, admin, 'POST', `/api/admin/products/${product._id}/restore`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    const missing = await call(t, admin, 'POST', '/api/admin/products/no-such/restore', {
      reason: 'Twice',
    });
    expect(missing.statusCode).toBe(404);
    expect((await auditRows(product._id)).map((a) => a.action)).toEqual([
      'hide_listing',
      'restore_listing',
    ]);
  });
});

describe(`suspending accounts on ${testDbKind}`, () => {
  it('refuses sign-in with the reason, ends sessions, hides listings; restoring undoes it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const reporter = await createUser(t, { role: 'buyer' });
    const { product, word } = await uniqueListing(seller);
    const { product: hiddenOne } = await uniqueListing(seller);
    const hideReport = await fileReport(reporter, 'listing', hiddenOne._id);
    await resolve(admin, hideReport._id, { action: 'hide_listing', reason: 'Fake.' });
    const countBefore = await categoryCount(t, 'xiaomi');
    expect(await countRows(t, 'sessions', ['userId', seller.id])).toBeGreaterThan(0);

    const filed = await fileReport(reporter, 'user', seller.id);
    const res = await resolve(admin, filed._id, {
      action: 'suspend_user',
      reason: 'Sold a stolen phone.',
    });
    expect(res.statusCode, res.body).toBe(200);

    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(user.suspendedAt).not.toBeNull();
    expect(user.suspendedReason).toBe('Sold a stolen phone.');
    expect(await countRows(t, 'sessions', ['userId', seller.id])).toBe(0);
    // The session the seller was using no longer works, on this instance at once.
    expect((await call(t, seller, 'GET', '/api/me')).statusCode).toBe(401);
    const refused = await signIn(t, seller.email, seller.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'FORBIDDEN',
      // No SUPPORT_EMAIL here: the message points to the help page.
      message:
        "This account is suspended: Sold a stolen phone. Write to the marketplace's support (see the Help page) if you think this is a mistake.",
    });
    expect(await countRows(t, 'sessions', ['userId', seller.id])).toBe(0);

    expect(await productRow(product._id)).toMatchObject({ moderation: 'suspended' });
    expect(await productRow(hiddenOne._id)).toMatchObject({ moderation: 'hidden' });
    expect(await visibility(product, word)).toMatchObject({ inCategory: false, inSearch: false });
    expect(await categoryCount(t, 'xiaomi')).toBe(countBefore - 1);

    const restored = await call(t, admin, 'POST', `/api/admin/users/${seller.id}/restore`, {
      reason: 'The phone was theirs after all.',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await productRow(product._id)).toMatchObject({ moderation: null });
    // A listing a moderator hid stays hidden.
    expect(await productRow(hiddenOne._id)).toMatchObject({ moderation: 'hidden' });
    expect(await categoryCount(t, 'xiaomi')).toBe(countBefore);
    expect((await signIn(t, seller.email, seller.password)).statusCode).toBe(200);
    const twice = await call(t, admin, 'POST', `/api/admin/users/${seller.id}/restore`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await call(t, admin, 'POST', '/api/admin/users/no-such-user/restore', { reason: 'x' }))
        .statusCode,
    ).toBe(404);

    expect((await auditRows(seller.id)).map((a) => [a.action, a.reason])).toEqual([
      ['suspend_user', 'Sold a stolen phone.'],
      ['restore_user', 'The phone was theirs after all.'],
    ]);
  });

  it("suspends a message's sender and a listing's seller; removes a seller's verification", async () => {
    const seller = await createUser(t, { role: 'seller', verified: true });
    const buyer = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);
    const verified = await fileReport(buyer, 'listing', product._id);
    const unverify = await resolve(admin, verified._id, {
      action: 'unverify_seller',
      reason: 'The shop licence expired.',
    });
    expect(unverify.statusCode, unverify.body).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select('isVerifiedUser')
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(readBool(row.isVerifiedUser)).toBe(false);
    expect((await auditRows(seller.id)).map((a) => a.action)).toEqual(['unverify_seller']);

    const [conversationId] = await insertConversations(t, buyer.id, seller.id, [product._id]);
    const message = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId!)
      .executeTakeFirstOrThrow();
    const aboutMessage = await fileReport(buyer, 'message', message.id);
    const suspended = await resolve(admin, aboutMessage._id, {
      action: 'suspend_user',
      reason: 'Threats in messages.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const user = await db()
      .selectFrom('users')
      .select('suspendedReason')
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(user.suspendedReason).toBe('Threats in messages.');
  });

  it('refuses actions that do not apply, twice, on gone things, or by non-admins', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);
    const aboutUser = await fileReport(buyer, 'user', seller.id);
    const aboutAdmin = await fileReport(buyer, 'user', admin.id);
    const snapshot = async () => ({
      reports: await reportRows(),
      audit: await db().selectFrom('audit_log').selectAll().orderBy('id').execute(),
      product: await productRow(product._id),
    });
    const before = await snapshot();

    const cases: Array<[TestUser, string, unknown, number, string]> = [
      [
        admin,
        aboutUser._id,
        { action: 'hide_listing', reason: 'x' },
        400,
        'Hide listing does not apply to a report about a user',
      ],
      [admin, aboutUser._id, { action: 'ban', reason: 'x' }, 400, 'The action must be one of'],
      [admin, aboutUser._id, { action: 'dismiss' }, 400, 'Give a reason'],
      [
        admin,
        aboutUser._id,
        { action: 'dismiss', reason: 'x'.repeat(501) },
        400,
        'The reason must be at most 500 characters',
      ],
      [
        admin,
        aboutUser._id,
        { action: 'unverify_seller', reason: 'x' },
        409,
        'This seller is not verified',
      ],
      [
        admin,
        aboutAdmin._id,
        { action: 'suspend_user', reason: 'x' },
        403,
        'An admin account cannot be suspended',
      ],
      [admin, 'no-such-report', { action: 'dismiss', reason: 'x' }, 404, 'No such report'],
      [buyer, aboutUser._id, { action: 'dismiss', reason: 'x' }, 403, 'admin'],
      [seller, aboutUser._id, { action: 'dismiss', reason: 'x' }, 403, 'admin'],
    ];
    for (const [caller, id, body, status, message] of cases) {
      const res = await resolve(caller, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    const notForUser = await resolve(admin, aboutUser._id, { action: 'hide_listing', reason: 'x' });
    expect(notForUser.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Hide listing does not apply to a report about a user',
        fields: { action: 'Choose one of: suspend_user, unverify_seller, dismiss' },
        reason: 'moderation.notFor.user',
      },
    });
    const refusedInBangla = await resolve(inBangla(admin), aboutUser._id, {
      action: 'hide_listing',
      reason: 'x',
    });
    expect(refusedInBangla.statusCode).toBe(400);
    expect(refusedInBangla.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'কোনো ব্যবহারকারীকে নিয়ে করা রিপোর্টে বিজ্ঞাপন লুকানো প্রযোজ্য নয়',
        fields: {
          action: 'এগুলোর একটি বেছে নিন: অ্যাকাউন্ট স্থগিত করা, যাচাই বাতিল করা, খারিজ করা',
        },
        reason: 'moderation.notFor.user',
      },
    });
    expect(await snapshot()).toEqual(before);

    const dismissed = await resolve(admin, aboutUser._id, {
      action: 'dismiss',
      reason: 'No proof.',
    });
    expect(dismissed.statusCode).toBe(200);
    const again = await resolve(admin, aboutUser._id, { action: 'dismiss', reason: 'No proof.' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'This report has already been dealt with',
    );
    const againInBangla = await resolve(inBangla(admin), aboutUser._id, {
      action: 'dismiss',
      reason: 'No proof.',
    });
    expect(againInBangla.statusCode).toBe(409);
    expect(againInBangla.json<{ error: { message: string } }>().error.message).toBe(
      'এই রিপোর্টের ব্যবস্থা আগেই নেওয়া হয়েছে',
    );
    const row = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', aboutUser._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'dismissed', resolvedBy: admin.id });
    const outcome = (await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'report_outcome');
    expect(outcome.map((n) => n.body)).toEqual(['A moderator looked into it and took no action.']);
  });
});

describe(`the moderation queue on ${testDbKind}`, () => {
  it('groups open reports by target, most reported first, with the target in full', async () => {
    // Earlier tests left groups behind: each one is dismissed so this queue starts empty.
    await db()
      .updateTable('reports')
      .set({ status: 'dismissed' })
      .where('status', '=', 'open')
      .execute();
    const seller = await createUser(t, { role: 'seller', name: 'Queue Seller' });
    const [a, b, c] = [
      await createUser(t, { role: 'buyer' }),
      await createUser(t, { role: 'buyer' }),
      await createUser(t, { role: 'buyer' }),
    ];
    const listing = await postProduct(t, seller, { name: 'Queue Phone' });
    await fileReport(a, 'listing', listing._id);
    await fileReport(b, 'listing', listing._id);
    await fileReport(c, 'user', seller.id);
    const [conversationId] = await insertConversations(t, a.id, seller.id, [listing._id]);
    const message = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId!)
      .executeTakeFirstOrThrow();
    await fileReport(a, 'message', message.id);
    const gone = await postProduct(t, seller, { name: 'Gone Phone' });
    await fileReport(b, 'listing', gone._id);
    await call(t, seller, 'DELETE', `/api/my-products/${gone._id}`);

    const res = await call(t, admin, 'GET', '/api/admin/reports');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const groups = res.json<ReportGroup[]>();
    expect(groups.map((g) => [g.targetType, g.reportCount])).toEqual([
      ['listing', 2],
      ['listing', 1],
      ['message', 1],
      ['user', 1],
    ]);
    const [first, missing, aboutMessage, aboutUser] = groups as [
      ReportGroup,
      ReportGroup,
      ReportGroup,
      ReportGroup,
    ];
    expect(first.target).toMatchObject({
      kind: 'listing',
      listing: {
        _id: listing._id,
        name: 'Queue Phone',
        moderation: null,
        seller: { _id: seller.id, name: 'Queue Seller', suspended: false },
      },
    });
    expect(first.reports.map((r) => r.reporter?._id).sort()).toEqual([a.id, b.id].sort());
    expect(first.actions).toEqual(['hide_listing', 'suspend_user', 'dismiss']);
    expect(missing.target).toEqual({ kind: 'missing' });
    expect(missing.actions).toEqual(['dismiss']);
    expect(aboutMessage.target).toMatchObject({
      kind: 'message',
      message: { _id: message.id, senderName: 'Queue Seller' },
      conversation: { _id: conversationId, buyer: { _id: a.id }, seller: { _id: seller.id } },
    });
    expect(aboutUser.target).toMatchObject({
      kind: 'user',
      user: { _id: seller.id, role: 'seller', listingCount: 1, reportCount: 3 },
    });

    const page2 = await call(t, admin, 'GET', '/api/admin/reports?page=2&limit=3');
    expect(page2.json<ReportGroup[]>().map((g) => g.targetType)).toEqual(['user']);
    for (const caller of [a, seller]) {
      expect((await call(t, caller, 'GET', '/api/admin/reports')).statusCode).toBe(403);
    }
    expect((await call(t, null, 'GET', '/api/admin/reports')).statusCode).toBe(401);
  });
});

describe(`the audit log on ${testDbKind}`, () => {
  it('keeps every admin step with who, what and why, and offers no way to change it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const member = await createUser(t, { role: 'buyer' });
    const verify = await call(t, admin, 'PUT', `/api/all-sellers/${seller.email}`);
    expect(verify.statusCode).toBe(200);
    const removed = await call(t, admin, 'DELETE', `/api/all-sellers/${member.email}`);
    expect(removed.statusCode).toBe(200);

    const res = await call(t, admin, 'GET', '/api/admin/audit?limit=100');
    expect(res.statusCode).toBe(200);
    const entries = res.json<AuditEntry[]>();
    expect(Number(res.headers['x-total-count'])).toBe(await countRows(t, 'audit_log'));
    const [deleted, verified] = entries as [AuditEntry, AuditEntry];
    expect(deleted).toMatchObject({
      action: 'delete_user',
      targetType: 'user',
      targetId: member.id,
      targetLabel: member.email,
      actor: { _id: admin.id },
    });
    expect(verified).toMatchObject({
      action: 'verify_seller',
      targetId: seller.id,
      targetLabel: seller.email,
    });
    // Verifying again changes nothing, and logs nothing.
    await call(t, admin, 'PUT', `/api/all-sellers/${seller.email}`);
    expect((await auditRows(seller.id)).length).toBe(1);

    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const write = await call(t, admin, method, `/api/admin/audit/${deleted._id}`);
      expect(write.statusCode).toBe(404);
    }
    expect((await call(t, member, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await call(t, seller, 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });
});

describe(`the dashboard figures on ${testDbKind}`, () => {
  it('counts each of the last 30 days and the totals', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const now = new Date();
    await insertProducts(t, seller.id, 2, { newest: new Date(now.getTime() - 3 * 86_400_000) });
    // Older than the window: counted in the totals only.
    await insertProducts(t, seller.id, 1, { newest: new Date(now.getTime() - 40 * 86_400_000) });
    const res = await call(t, admin, 'GET', '/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<AdminStats>();
    expect(stats.days).toHaveLength(30);
    const today = now.toISOString().slice(0, 10);
    expect(stats.days.at(-1)!.day).toBe(today);
    const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    const listed = await db()
      .selectFrom('products')
      .select('postedAt')
      .execute()
      .then((rows) =>
        rows.filter((r) => new Date(r.postedAt).toISOString().slice(0, 10) === threeDaysAgo),
      );
    expect(stats.days.find((d) => d.day === threeDaysAgo)?.listings).toBe(listed.length);
    expect(stats.totals.listings).toBe(await countRows(t, 'products'));
    expect(stats.totals.users).toBe(await countRows(t, 'users'));
    const open = await db()
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(stats.totals.openReports).toBe(Number(open.n));
    const reportsToday = stats.days.at(-1)!.reports;
    await fileReport(await createUser(t, { role: 'buyer' }), 'user', seller.id);
    const after = (await call(t, admin, 'GET', '/api/admin/stats')).json<AdminStats>();
    expect(after.days.at(-1)!.reports).toBe(reportsToday + 1);
    expect(after.days.at(-1)!.signUps).toBeGreaterThan(0);
  });
});

describe(`the support address (SUPPORT_EMAIL) on ${testDbKind}`, () => {
  it("is in the app's config and in a suspended account's refusal", async () => {
    const app = await buildTestApp({ env: { SUPPORT_EMAIL: 'help@market.example' } });
    try {
      const config = await app.app.inject({ url: '/api/app-config' });
      expect(config.json<{ supportEmail: string | null }>().supportEmail).toBe(
        'help@market.example',
      );
      const member = await createUser(app, { role: 'buyer' });
      await app.app.db
        .updateTable('users')
        .set({ suspendedAt: new Date().toISOString(), suspendedReason: 'Spam' })
        .where('id', '=', member.id)
        .execute();
      const refused = await signIn(app, member.email, member.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'This account is suspended: Spam. Write to support at help@market.example if you think this is a mistake.',
      );
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        suspendedMessage('Spam', 'help@market.example'),
      );
    } finally {
      await app.close();
    }
  });

  it('is null without SUPPORT_EMAIL outside a demo', async () => {
    const config = await t.app.inject({ url: '/api/app-config' });
    expect(config.json<{ supportEmail: string | null }>().supportEmail).toBeNull();
  });
});
