import crypto from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NEW_ACCOUNT_OFFERS_MAX,
  OFFERS_PER_HOUR,
  OFFER_ROUNDS_MAX,
  type Booking,
  type Message,
  type Offer,
  type OfferRulesView,
  type SavedOfferResult,
  type SellerBuyer,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { expireBookingRequests } from '../src/modules/bookings/bookings.expiry.ts';
import { createOffer } from '../src/modules/offers/offers.service.ts';
import { AppError } from '../src/lib/errors.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { actorOf } from './helpers/check-ins.ts';
import { acceptBody, bookingRow, requestBooking } from './helpers/deal.ts';
import { liveEventsOf, notificationsOf, outboxOf } from './helpers/notifications.ts';
import {
  call,
  insertCategories,
  insertWishlistItem,
  postProduct,
  snapshot,
} from './helpers/market.ts';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;

let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

/** Accounts older than a day: the first day's limit on offers is tested on its own. */
async function grownUp(user: TestUser): Promise<TestUser> {
  await t.app.db
    .updateTable('users')
    .set({ createdAt: valueWriters(t.app.db).date(new Date(Date.now() - 30 * 24 * HOUR)) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

async function newBuyer(name?: string): Promise<TestUser> {
  return grownUp(await createUser(t, { role: 'buyer', ...(name ? { name } : {}) }));
}

beforeAll(async () => {
  await insertCategories(t);
  seller = await grownUp(await createUser(t, { role: 'seller', name: 'Sara Seller' }));
  otherSeller = await grownUp(await createUser(t, { role: 'seller' }));
  admin = await createUser(t, { role: 'admin' });
});

// Fresh buyers for each test: the hourly limit on offers counts per buyer.
beforeEach(async () => {
  buyer = await newBuyer('Bashir Buyer');
  otherBuyer = await newBuyer();
});

/** A listing of `seller` at $450.50 (or `overrides`). */
async function listing(overrides: Record<string, unknown> = {}): Promise<string> {
  return (await postProduct(t, seller, { name: 'Pixel 7 offer', ...overrides }))._id;
}

async function offer(user: TestUser, productId: string, price: number, note = '') {
  return call(t, user, 'POST', '/api/offers', { productId, price, note });
}

async function made(user: TestUser, productId: string, price: number, note = ''): Promise<Offer> {
  const res = await offer(user, productId, price, note);
  if (res.statusCode !== 200) throw new Error(`offer answered ${res.statusCode}: ${res.body}`);
  return res.json<Offer>();
}

const step = (user: TestUser, id: string, action: string, body?: unknown) =>
  call(t, user, 'POST', `/api/offers/${id}/${action}`, body);

function offerRow(id: string) {
  return t.app.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function cardsOf(user: TestUser, conversationId: string): Promise<Message[]> {
  const res = await call(t, user, 'GET', `/api/conversations/${conversationId}/messages`);
  expect(res.statusCode).toBe(200);
  return res.json<Message[]>().reverse();
}

/** The caller, asking for answers in Bangla. */
const inBanglaOf = (user: TestUser) => ({
  headers: { ...user.headers, 'accept-language': 'bn' },
});

/** The message of a refused call's answer. */
const messageOf = (res: { json<T>(): T }) =>
  res.json<{ error: { message: string } }>().error.message;

async function noticesOf(user: TestUser, offerId: string) {
  return (await notificationsOf(t, user.id)).filter((n) =>
    n.dedupeKey.startsWith(`offer:${offerId}:`),
  );
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the call was not refused');
}

describe(`making an offer on ${testDbKind}`, () => {
  it('opens an offer for the seller, as an event card in the conversation, and tells the seller', async () => {
    const productId = await listing();
    const res = await offer(buyer, productId, 400, 'Can pick it up today');
    expect(res.statusCode).toBe(200);
    const mine = res.json<Offer>();
    expect(mine).toMatchObject({
      productId,
      listedPrice: 450.5,
      price: 400,
      offeredPrice: 400,
      note: 'Can pick it up today',
      status: 'open',
      awaiting: 'seller',
      source: 'buyer',
      side: 'buyer',
      round: 1,
      actions: [],
      bookingId: null,
      farBelowMedian: false,
    });
    expect(Date.parse(mine.expiresAt!) - Date.parse(mine.createdAt)).toBe(48 * HOUR);

    const row = await offerRow(mine._id);
    expect(row.priceCents).toBe(40_000);
    expect(row.sellerId).toBe(seller.id);

    const cards = await cardsOf(seller, mine.conversationId!);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      senderId: buyer.id,
      mine: false,
      text: 'Can pick it up today',
      offer: { offerId: mine._id, step: 'offered', price: 400 },
    });
    const notices = await noticesOf(seller, mine._id);
    expect(notices.map((n) => [n.kind, n.title])).toEqual([
      ['offer_received', 'New offer of $400 for Pixel 7 offer'],
    ]);
    // Both sides' open tabs get the card as it is made.
    for (const user of [buyer, seller]) {
      const cardsLive = (await liveEventsOf(t, user.id)).filter(
        (e) => e.type === 'message' && (e.message as Message).offer?.offerId === mine._id,
      );
      expect(cardsLive.map((e) => (e.message as Message).offer)).toEqual([
        { offerId: mine._id, step: 'offered', price: 400 },
      ]);
    }
    // By email too, through the outbox, as booking steps are.
    const mails = (await outboxOf(t, seller.id)).filter((m) => m.dedupeKey.includes(mine._id));
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['offer_received', 'New offer of $400 for Pixel 7 offer'],
    ]);

    const seen = await call(t, seller, 'GET', `/api/offers/${mine._id}`);
    expect(seen.json<Offer>()).toMatchObject({
      side: 'seller',
      actions: ['accept', 'decline', 'counter'],
    });
    // The listing's own price stays.
    const product = await t.app.db
      .selectFrom('products')
      .select('resellPriceCents')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.resellPriceCents).toBe(45_050);
  });

  it("checks an offer's note as a message is: the seller sees the scam warning, the buyer none", async () => {
    const productId = await listing();
    const res = await offer(buyer, productId, 400, 'Pay a deposit first to hold it for me');
    expect(res.statusCode).toBe(200);
    const made = res.json<Offer>();
    const [asSeller] = await cardsOf(seller, made.conversationId!);
    expect(asSeller).toMatchObject({ offer: { step: 'offered' }, scamWarnings: ['payment_first'] });
    const [asBuyer] = await cardsOf(buyer, made.conversationId!);
    expect(asBuyer!.scamWarnings).toEqual([]);
    // A note without a scam's words carries no warning.
    const other = await offer(buyer, await listing(), 380, 'Can you do 380?');
    const [plain] = await cardsOf(seller, other.json<Offer>().conversationId!);
    expect(plain!.scamWarnings).toEqual([]);
  });

  it.each([
    [{ price: '400' }, 'Offer must be a number'],
    [{ price: 0 }, 'Offer must be more than 0'],
    [{ price: -5 }, 'Offer must be more than 0'],
    [{ price: 10.555 }, 'Offer can have at most two decimals'],
    [{ price: 400, note: 'x'.repeat(301) }, 'A note can be at most 300 characters'],
    [{ price: 400, note: 'bad\u0000' }, 'A note can only hold text'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const productId = await listing();
    const before = await snapshot(t);
    const res = await call(t, buyer, 'POST', '/api/offers', { productId, ...body });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an offer at or above the listed price (400), and a listing that does not exist (404)', async () => {
    const productId = await listing();
    const before = await snapshot(t);
    const high = await offer(buyer, productId, 450.5);
    expect(high.statusCode).toBe(400);
    expect(messageOf(high)).toBe(
      'Offer less than the listed price of $450.50, or book it at that price',
    );
    // In Bangla, the price in Bangla digits, under the price field too.
    const inBangla = await call(t, inBanglaOf(buyer), 'POST', '/api/offers', {
      productId,
      price: 450.5,
      note: '',
    });
    expect(inBangla.statusCode).toBe(400);
    const bangla = 'বিজ্ঞাপনের দাম ৪৫০.৫০$-এর চেয়ে কম অফার দিন, অথবা ওই দামেই বুক করুন';
    expect(inBangla.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: bangla,
        fields: { price: bangla },
        reason: 'offers.offer.aboveListed',
      },
    });
    const missing = await offer(buyer, crypto.randomUUID(), 100);
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe('This phone is no longer listed');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses sold, reserved and held listings with 409 and a message', async () => {
    const sold = await listing();
    const reserved = await listing();
    const held = await listing();
    const db = t.app.db;
    await db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold).execute();
    await db
      .updateTable('products')
      .set({ status: 'reserved' })
      .where('id', '=', reserved)
      .execute();
    await db.updateTable('products').set({ moderation: 'held' }).where('id', '=', held).execute();
    const before = await snapshot(t);
    for (const [id, message] of [
      [sold, 'This phone has been sold'],
      [reserved, 'This phone is reserved for another buyer'],
      [held, 'This listing is unavailable'],
    ] as const) {
      const res = await offer(buyer, id, 100);
      expect(res.statusCode).toBe(409);
      expect(messageOf(res)).toContain(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('takes one open offer per buyer and listing, and none beside an open request', async () => {
    const productId = await listing();
    await made(buyer, productId, 300);
    const before = await snapshot(t);
    const again = await offer(buyer, productId, 310);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(
      'You already have an open offer for this phone: see the conversation',
    );
    expect(await snapshot(t)).toEqual(before);

    const requested = await listing();
    await requestBooking(t, otherBuyer, requested);
    const beside = await offer(otherBuyer, requested, 300);
    expect(beside.statusCode).toBe(409);
    expect(messageOf(beside)).toBe(
      'You already have an open request for this phone: see My Orders',
    );
  });

  it('refuses sellers and admins (403) and signed-out callers (401)', async () => {
    const productId = await listing();
    const before = await snapshot(t);
    for (const [caller, status] of [
      [seller, 403],
      [otherSeller, 403],
      [admin, 403],
      [null, 401],
    ] as const) {
      const res = await call(t, caller, 'POST', '/api/offers', { productId, price: 100 });
      expect(res.statusCode).toBe(status);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`answering an offer on ${testDbKind}`, () => {
  it('offer, counter, accept: the request at the agreed price on My Orders, My Buyers, the calendar file and the review', async () => {
    const productId = await listing({ name: 'Agreed phone' });
    const opened = await made(buyer, productId, 380, 'Cash today');

    // Only the side awaited answers; the buyer cannot counter (a seller's call).
    const early = await step(buyer, opened._id, 'accept');
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(
      'This offer waits for the seller: you can answer once they counter',
    );
    expect((await step(buyer, opened._id, 'counter', { price: 400 })).statusCode).toBe(403);

    const low = await step(seller, opened._id, 'counter', { price: 370 });
    expect(low.statusCode).toBe(400);
    expect(messageOf(low)).toBe(
      "A counter-offer must be more than the buyer's offer of $380: accept it instead",
    );
    const high = await step(seller, opened._id, 'counter', { price: 451 });
    expect(high.statusCode).toBe(400);
    expect(messageOf(high)).toBe('A counter-offer cannot be more than the listed price of $450.50');
    expect((await offerRow(opened._id)).priceCents).toBe(38_000);

    const countered = await step(seller, opened._id, 'counter', { price: 420, note: 'Lowest' });
    expect(countered.statusCode).toBe(200);
    expect(countered.json<Offer>()).toMatchObject({
      price: 420,
      offeredPrice: 380,
      awaiting: 'buyer',
      actions: [],
    });
    expect((await step(seller, opened._id, 'accept')).statusCode).toBe(409);
    const buyerNotices = await noticesOf(buyer, opened._id);
    expect(buyerNotices.map((n) => n.title)).toEqual([
      'The seller of Agreed phone counters with $420',
    ]);

    const accepted = await step(buyer, opened._id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const done = accepted.json<Offer>();
    expect(done).toMatchObject({ status: 'accepted', closedBy: 'buyer', actions: [] });
    expect(done.bookingId).toEqual(expect.any(String));

    const booking = await bookingRow(t, done.bookingId!);
    expect(booking).toMatchObject({
      status: 'requested',
      priceCents: 42_000,
      offerId: opened._id,
      buyerId: buyer.id,
      sellerId: seller.id,
      phone: '+15550123',
      location: 'Dhaka, Gulshan',
    });
    const sellerNotices = await noticesOf(seller, opened._id);
    expect(sellerNotices.map((n) => n.title)).toEqual([
      'New offer of $380 for Agreed phone',
      'Offer of $420 for Agreed phone accepted',
    ]);

    const cards = await cardsOf(buyer, done.conversationId!);
    expect(cards.map((m) => [m.offer?.step, m.offer?.price, m.mine])).toEqual([
      ['offered', 380, true],
      ['countered', 420, false],
      ['accepted', 420, true],
    ]);

    const orders = await call(
      t,
      buyer,
      'GET',
      `/api/booking?email=${encodeURIComponent(buyer.email)}`,
    );
    const order = orders.json<Booking[]>().find((b) => b._id === done.bookingId)!;
    expect(order).toMatchObject({ price: 420, agreedPrice: 420, status: 'requested' });
    const buyers = await call(t, seller, 'GET', '/api/my-buyers?limit=100');
    const mine = buyers.json<SellerBuyer[]>().find((b) => b._id === done.bookingId)!;
    expect(mine).toMatchObject({ price: 420, agreedPrice: 420, actions: ['accept', 'decline'] });

    // The seller then sets the time and place as for any request.
    const meeting = await call(
      t,
      seller,
      'POST',
      `/api/booking/${done.bookingId}/accept`,
      acceptBody(),
    );
    expect(meeting.statusCode).toBe(200);
    const ics = await call(t, buyer, 'GET', `/api/booking/${done.bookingId}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body.replace(/\r\n /g, '')).toContain(
      'Buying Agreed phone for $420\\, the price agreed in an offer.',
    );
    const product = await t.app.db
      .selectFrom('products')
      .select(['resellPriceCents', 'status'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ resellPriceCents: 45_050, status: 'reserved' });

    // Completed and reviewed: the review carries the agreed price.
    await t.app.db
      .updateTable('bookings')
      .set({ status: 'completed', completedAt: valueWriters(t.app.db).date(new Date()) })
      .where('id', '=', done.bookingId!)
      .execute();
    const review = await call(t, buyer, 'POST', '/api/seller-reviews', {
      bookingId: done.bookingId,
      rating: 5,
      text: 'Fair haggle',
    });
    expect(review.statusCode).toBe(201);
    expect(review.json<{ agreedPrice: number | null }>().agreedPrice).toBe(420);
  });

  it('a decline closes the offer, tells the buyer, and leaves no request', async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 200);
    // While it is open, the conversation offers no second one (nor ever to the seller).
    const canOffer = async (user: TestUser) => {
      const res = await call(t, user, 'GET', `/api/conversations/${opened.conversationId}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ canOffer: boolean }>().canOffer;
    };
    expect([await canOffer(buyer), await canOffer(seller)]).toEqual([false, false]);
    const res = await step(seller, opened._id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json<Offer>()).toMatchObject({ status: 'declined', closedBy: 'seller' });
    expect((await noticesOf(buyer, opened._id)).map((n) => n.kind)).toEqual(['offer_declined']);
    const before = await snapshot(t);
    const again = await step(seller, opened._id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This offer cannot be accepted: it was declined');
    expect(await snapshot(t)).toEqual(before);
    expect([await canOffer(buyer), await canOffer(seller)]).toEqual([true, false]);
    const requests = await t.app.db
      .selectFrom('bookings')
      .select('id')
      .where('productId', '=', productId)
      .execute();
    expect(requests).toEqual([]);
  });

  it("is private to its two sides: someone else's offer is 404, an admin 403", async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 200);
    const before = await snapshot(t);
    for (const [user, action, status] of [
      [otherBuyer, 'accept', 404],
      [otherBuyer, 'decline', 404],
      [otherSeller, 'accept', 404],
      [otherSeller, 'counter', 404],
      [admin, 'decline', 403],
    ] as const) {
      const res = await step(
        user,
        opened._id,
        action,
        action === 'counter' ? { price: 300 } : undefined,
      );
      expect(res.statusCode).toBe(status);
      if (status === 404) expect(messageOf(res)).toBe('No such offer');
    }
    expect((await call(t, otherBuyer, 'GET', `/api/offers/${opened._id}`)).statusCode).toBe(404);
    const unknown = await step(seller, crypto.randomUUID(), 'accept');
    expect(unknown.statusCode).toBe(404);
    const typo = await step(seller, opened._id, 'counter', { price: 'lots' });
    expect(typo.statusCode).toBe(400);
    expect(messageOf(typo)).toContain('Counter-offer must be a number');
    expect(await snapshot(t)).toEqual(before);
  });

  it('accepting is refused once the listing is reserved for someone else', async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 300);
    await t.app.db
      .updateTable('products')
      .set({ status: 'reserved' })
      .where('id', '=', productId)
      .execute();
    const before = await snapshot(t);
    const res = await step(seller, opened._id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('This phone is reserved for another buyer');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`offers on a listing that is reserved or sold on ${testDbKind}`, () => {
  it('closes the open offers once the seller reserves the phone for another buyer; their buyers hear', async () => {
    const productId = await listing({ name: 'Reserved phone' });
    const opened = await made(buyer, productId, 300);
    const countered = await made(otherBuyer, productId, 310);
    expect((await step(seller, countered._id, 'counter', { price: 400 })).statusCode).toBe(200);
    const third = await newBuyer();
    const bookingId = await requestBooking(t, third, productId);
    const accepted = await call(
      t,
      seller,
      'POST',
      `/api/booking/${bookingId}/accept`,
      acceptBody(),
    );
    expect(accepted.statusCode).toBe(200);

    for (const [who, id, price] of [
      [buyer, opened._id, 300],
      [otherBuyer, countered._id, 400],
    ] as const) {
      const row = await offerRow(id);
      expect(row).toMatchObject({ status: 'declined', closedBy: 'system', awaiting: null });
      const shown = await call(t, who, 'GET', `/api/offers/${id}`);
      expect(shown.json<Offer>()).toMatchObject({
        status: 'declined',
        actions: [],
        expiresAt: null,
      });
      const cards = await cardsOf(who, row.conversationId!);
      expect(cards.at(-1)?.offer).toMatchObject({ step: 'listing_reserved', price });
      expect((await noticesOf(who, id)).map((n) => [n.kind, n.title])).toContainEqual([
        'offer_declined',
        `Offer of $${price} for Reserved phone declined`,
      ]);
      // Nothing is left to answer.
      const late = await step(who, id, 'accept');
      expect(late.statusCode).toBe(409);
    }
    // The request of the buyer it was reserved for is untouched.
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'accepted' });
  });

  it('closes the open offers once the seller marks the phone sold', async () => {
    const productId = await listing({ name: 'Sold phone' });
    const opened = await made(buyer, productId, 250);
    const sold = await call(t, seller, 'POST', `/api/my-products/${productId}/sold`, {});
    expect(sold.statusCode).toBe(200);
    expect(await offerRow(opened._id)).toMatchObject({ status: 'declined', closedBy: 'system' });
    const cards = await cardsOf(buyer, (await offerRow(opened._id)).conversationId!);
    expect(cards.at(-1)?.offer).toMatchObject({ step: 'listing_sold', price: 250 });
  });
});

describe(`answers at once on ${testDbKind}`, () => {
  it('takes one of two answers sent together: the other is told it changed', async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 300);
    const answers = await Promise.all([
      step(seller, opened._id, 'accept'),
      step(seller, opened._id, 'decline'),
      step(seller, opened._id, 'counter', { price: 400 }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const row = await offerRow(opened._id);
    const requests = await t.app.db
      .selectFrom('bookings')
      .select(['priceCents'])
      .where('productId', '=', productId)
      .execute();
    if (row.status === 'accepted') expect(requests).toEqual([{ priceCents: 30_000 }]);
    else expect(requests).toEqual([]);
    expect(['accepted', 'declined', 'open']).toContain(row.status);
    if (row.status === 'open') expect(row).toMatchObject({ awaiting: 'buyer', priceCents: 40_000 });
  });
});

describe(`expiry on ${testDbKind}`, () => {
  it('expires an offer 48 hours after its last step, through the request expiry job; both sides hear', async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 300);
    const log = t.app.log.child({}, { level: 'silent' });
    const created = Date.parse(opened.createdAt);
    await expireBookingRequests(t.app.db, t.app.notifier, log, new Date(created + 47 * HOUR));
    expect((await offerRow(opened._id)).status).toBe('open');
    await expireBookingRequests(t.app.db, t.app.notifier, log, new Date(created + 48 * HOUR));
    const row = await offerRow(opened._id);
    expect(row).toMatchObject({ status: 'expired', closedBy: 'system', awaiting: null });
    expect((await noticesOf(buyer, opened._id)).map((n) => n.kind)).toEqual(['offer_expired']);
    expect((await noticesOf(seller, opened._id)).map((n) => n.kind)).toEqual([
      'offer_received',
      'offer_expired',
    ]);
    const cards = await cardsOf(buyer, opened.conversationId!);
    expect(cards.at(-1)?.offer).toEqual({ offerId: opened._id, step: 'expired', price: 300 });
    const late = await step(seller, opened._id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'This offer cannot be accepted: it expired: it was not answered within 48 hours',
    );
    const declined = await call(t, inBanglaOf(seller), 'POST', `/api/offers/${opened._id}/decline`);
    expect(declined.statusCode).toBe(409);
    expect(messageOf(declined)).toBe(
      'এই অফারটি ফিরিয়ে দেওয়া যায় না: এর মেয়াদ শেষ হয়ে গেছে: ৪৮ ঘণ্টার মধ্যে এর উত্তর দেওয়া হয়নি',
    );
  });

  it('a counter starts the 48 hours again', async () => {
    const productId = await listing();
    const opened = await made(buyer, productId, 300);
    await t.app.db
      .updateTable('offers')
      .set({ updatedAt: valueWriters(t.app.db).date(new Date(Date.now() - 47 * HOUR)) })
      .where('id', '=', opened._id)
      .execute();
    const countered = await step(seller, opened._id, 'counter', { price: 350 });
    expect(countered.statusCode).toBe(200);
    const log = t.app.log.child({}, { level: 'silent' });
    await expireBookingRequests(t.app.db, t.app.notifier, log, new Date(Date.now() + 2 * HOUR));
    expect((await offerRow(opened._id)).status).toBe('open');
  });
});

describe(`the seller's rules on ${testDbKind}`, () => {
  it('declines below the floor at once and accepts from the automatic price at once', async () => {
    const productId = await listing();
    const rules = await call(t, seller, 'PUT', `/api/me/listings/${productId}/offer-rules`, {
      declineBelow: 300,
      acceptFrom: 420,
    });
    expect(rules.statusCode).toBe(200);
    expect(rules.json<OfferRulesView>()).toMatchObject({ declineBelow: 300, acceptFrom: 420 });
    // A buyer never sees the floor.
    const page = await call(t, buyer, 'GET', `/api/products/${productId}`);
    expect(page.body).not.toContain('declineBelow');

    const lowBuyer = await newBuyer();
    const low = await made(lowBuyer, productId, 299.99);
    expect(low).toMatchObject({ status: 'declined', closedBy: 'system' });
    expect((await noticesOf(lowBuyer, low._id)).map((n) => n.kind)).toEqual(['offer_declined']);
    expect(await noticesOf(seller, low._id)).toEqual([]);

    const middle = await made(await newBuyer(), productId, 300);
    expect(middle).toMatchObject({ status: 'open', awaiting: 'seller' });

    const highBuyer = await newBuyer();
    const high = await made(highBuyer, productId, 420);
    expect(high).toMatchObject({ status: 'accepted', closedBy: 'system' });
    expect((await bookingRow(t, high.bookingId!)).priceCents).toBe(42_000);
    expect((await noticesOf(highBuyer, high._id)).map((n) => n.kind)).toEqual(['offer_accepted']);
    expect((await noticesOf(seller, high._id)).map((n) => n.kind)).toEqual(['offer_accepted']);
    const cards = await cardsOf(highBuyer, high.conversationId!);
    expect(cards.map((m) => m.offer?.step)).toEqual(['offered', 'auto_accepted']);
  });

  it('refuses rules that cannot work, and other sellers', async () => {
    const productId = await listing();
    const before = await snapshot(t);
    for (const [body, message] of [
      [
        { declineBelow: 400, acceptFrom: 300 },
        'The floor must be below the automatic accept price',
      ],
      [
        { declineBelow: null, acceptFrom: 500 },
        'The automatic accept price cannot be more than the listed price of $450.50',
      ],
      [{ declineBelow: 'x', acceptFrom: null }, 'The floor must be a number'],
    ] as const) {
      const res = await call(t, seller, 'PUT', `/api/me/listings/${productId}/offer-rules`, body);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toContain(message);
    }
    const other = await call(t, otherSeller, 'PUT', `/api/me/listings/${productId}/offer-rules`, {
      declineBelow: 1,
      acceptFrom: null,
    });
    expect(other.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });

  it('reminds both sides to meet and check the phone when the agreed price is far below the median', async () => {
    const productId = await listing({ name: 'Cheap iPhone 13' });
    await t.app.db
      .updateTable('products')
      .set({ model: 'iPhone 13', storageGb: 128, networkLock: 'unlocked' })
      .where('id', '=', productId)
      .execute();
    await t.app.db
      .insertInto('price_stats')
      .values({
        category: 'iPhone',
        model: 'iPhone 13',
        storageGb: 128,
        locked: valueWriters(t.app.db).bool(false),
        medianCents: 60_000,
        count: 5,
        oldestSaleAt: null,
        updatedAt: valueWriters(t.app.db).date(new Date()),
      })
      .execute();
    const opened = await made(buyer, productId, 300);
    const res = await step(seller, opened._id, 'accept');
    expect(res.json<Offer>().farBelowMedian).toBe(true);
    const [notice] = await noticesOf(buyer, opened._id);
    expect(notice?.body).toContain('far below what this phone usually sells for');
    expect(notice?.body).toContain('check the phone');
  });
});

describe(`"Offer to everyone who saved it" on ${testDbKind}`, () => {
  it('sends one offer to each buyer who saved it, once per 24 hours', async () => {
    const productId = await listing({ name: 'Saved phone' });
    const savers = [await newBuyer(), await newBuyer(), await newBuyer()];
    for (const saver of savers) await insertWishlistItem(t, saver.id, productId);
    // The third already has an open offer: skipped.
    await made(savers[2]!, productId, 200);

    const res = await call(t, seller, 'POST', `/api/me/listings/${productId}/offer-to-savers`, {
      price: 400,
      note: 'For you who saved it',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SavedOfferResult>()).toMatchObject({ sent: 2, skipped: 1 });
    for (const saver of savers.slice(0, 2)) {
      const rows = await t.app.db
        .selectFrom('offers')
        .selectAll()
        .where('buyerId', '=', saver.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: 'saved', awaiting: 'buyer', priceCents: 40_000 });
      const notices = await noticesOf(saver, rows[0]!.id);
      expect(notices.map((n) => n.title)).toEqual([
        'The seller of Saved phone, which you saved, offers it to you for $400',
      ]);
    }

    const before = await snapshot(t);
    const again = await call(t, seller, 'POST', `/api/me/listings/${productId}/offer-to-savers`, {
      price: 390,
    });
    expect(again.statusCode).toBe(429);
    expect(messageOf(again)).toMatch(
      /^You can offer this phone to everyone who saved it once every 24 hours: again in /,
    );
    expect(await snapshot(t)).toEqual(before);

    // A saver accepts: the request at the seller's price.
    const [first] = await t.app.db
      .selectFrom('offers')
      .select('id')
      .where('buyerId', '=', savers[0]!.id)
      .execute();
    const accepted = await step(savers[0]!, first!.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect((await bookingRow(t, accepted.json<Offer>().bookingId!)).priceCents).toBe(40_000);
  });

  it('refuses a price at or above the listed one, a listing nobody saved, and other sellers', async () => {
    const productId = await listing();
    const before = await snapshot(t);
    const none = await call(t, seller, 'POST', `/api/me/listings/${productId}/offer-to-savers`, {
      price: 400,
    });
    expect(none.statusCode).toBe(409);
    expect(messageOf(none)).toBe('Nobody has saved this phone in their wish list yet');
    const high = await call(t, seller, 'POST', `/api/me/listings/${productId}/offer-to-savers`, {
      price: 460,
    });
    expect(high.statusCode).toBe(400);
    expect(messageOf(high)).toBe(
      'An offer to those who saved it must be below the listed price of $450.50',
    );
    const other = await call(
      t,
      otherSeller,
      'POST',
      `/api/me/listings/${productId}/offer-to-savers`,
      {
        price: 400,
      },
    );
    expect(other.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`limits on ${testDbKind}`, () => {
  it(`takes at most ${OFFER_ROUNDS_MAX} offers from one buyer on one listing`, async () => {
    const productId = await listing();
    const haggler = await newBuyer();
    for (let round = 1; round <= OFFER_ROUNDS_MAX; round += 1) {
      const opened = await made(haggler, productId, 100 + round);
      expect(opened.round).toBe(round);
      expect((await step(seller, opened._id, 'decline')).statusCode).toBe(200);
    }
    const before = await snapshot(t);
    const res = await offer(haggler, productId, 200);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(
      'You have made 3 offers for this phone, the most one listing takes: book it at its price or ask the seller',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it(`answers 429 past ${OFFERS_PER_HOUR} offers an hour`, async () => {
    const eager = await newBuyer();
    const ids = [];
    for (let i = 0; i <= OFFERS_PER_HOUR; i += 1) ids.push(await listing({ name: `Hourly ${i}` }));
    for (const id of ids.slice(0, OFFERS_PER_HOUR)) await made(eager, id, 100);
    const before = await snapshot(t);
    const res = await offer(eager, ids.at(-1)!, 100);
    expect(res.statusCode).toBe(429);
    expect(messageOf(res)).toMatch(/^Too many offers/);
    expect(res.headers['retry-after']).toEqual(expect.any(String));
    expect(await snapshot(t)).toEqual(before);
  });

  it(`lets an account make ${NEW_ACCOUNT_OFFERS_MAX} offers in its first 24 hours`, async () => {
    const fresh = await createUser(t, { role: 'buyer' });
    const ids = [];
    for (let i = 0; i <= NEW_ACCOUNT_OFFERS_MAX; i += 1)
      ids.push(await listing({ name: `New ${i}` }));
    for (const id of ids.slice(0, NEW_ACCOUNT_OFFERS_MAX)) await made(fresh, id, 100);
    const before = await snapshot(t);
    const res = await offer(fresh, ids.at(-1)!, 100);
    expect(res.statusCode).toBe(429);
    expect(messageOf(res)).toMatch(
      /^A new account can make 5 offers in its first 24 hours: you can make more in /,
    );
    expect(await snapshot(t)).toEqual(before);
    // A day on, the account is no longer new.
    const later = new Date(Date.now() + 25 * HOUR);
    const opened = await createOffer(
      t.app.db,
      t.app.notifier,
      actorOf(fresh),
      {
        productId: ids.at(-1)!,
        price: 100,
        note: '',
      },
      later,
    );
    expect(opened.status).toBe('open');
    const refused = await refusal(
      createOffer(
        t.app.db,
        t.app.notifier,
        actorOf(fresh),
        { productId: ids[0]!, price: 90, note: '' },
        later,
      ),
    );
    expect(refused.status).toBe(409);
  });
});

describe(`the OpenAPI document on ${testDbKind}`, () => {
  it('documents every offer call under the offers tag', async () => {
    const doc = (await call(t, null, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    for (const [path, method] of [
      ['/api/offers', 'post'],
      ['/api/offers/{id}', 'get'],
      ['/api/offers/{id}/accept', 'post'],
      ['/api/offers/{id}/decline', 'post'],
      ['/api/offers/{id}/counter', 'post'],
      ['/api/me/listings/{id}/offer-rules', 'get'],
      ['/api/me/listings/{id}/offer-rules', 'put'],
      ['/api/me/listings/{id}/offer-to-savers', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toContain('offers');
    }
  });
});
