import crypto from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, ListingPage, Product, SellerProfile, SellerReview } from '@market/shared';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { createTestDatabase, testDbKind, useTestApp, type TestDatabase } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { requestBooking } from './helpers/deal.ts';
import { call, insertCategories, postProduct, snapshot } from './helpers/market.ts';
import {
  completeDeal,
  completedDaysAgo,
  statsRow,
  writeReview,
  writtenHoursAgo,
} from './helpers/reviews.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller', verified: true });
  otherSeller = await createUser(t, { role: 'seller', name: 'Omar Other' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Ahmed Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Rina' });
  admin = await createUser(t, { role: 'admin' });
});

const post = (user: TestUser | null, url: string, body?: unknown) =>
  call(t, user, 'POST', url, body);
const put = (user: TestUser | null, url: string, body?: unknown) => call(t, user, 'PUT', url, body);
const errorOf = (res: { json<T>(): T }) =>
  res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;

async function orderOf(user: TestUser, bookingId: string): Promise<Booking> {
  const res = await call(
    t,
    user,
    'GET',
    `/api/booking?email=${encodeURIComponent(user.email)}&limit=100`,
  );
  const order = res.json<Booking[]>().find((b) => b._id === bookingId);
  if (!order) throw new Error(`no order ${bookingId}`);
  return order;
}

/** Expects a refusal with this status and message, and no change to any table. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; body: string; json<T>(): T }>,
  status: number,
  message: string | RegExp,
) {
  const before = await snapshot(t);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  const error = errorOf(res);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(await snapshot(t)).toEqual(before);
  return error;
}

describe(`a review of a completed deal on ${testDbKind}`, () => {
  let deal: { bookingId: string; productId: string };
  let review: SellerReview;

  beforeAll(async () => {
    deal = await completeDeal(t, seller, buyer);
  });

  it('counts the completed deal in the seller figures and offers the buyer a review', async () => {
    expect(await statsRow(t, seller.id)).toEqual({
      sellerId: seller.id,
      ratingSum: 0,
      ratingCount: 0,
      completedDeals: 1,
      // The deal's phone was checked at the hand-over (completeDeal walks the check).
      checkedDeals: 1,
    });
    const order = await orderOf(buyer, deal.bookingId);
    expect(order.status).toBe('completed');
    expect(order.review).toBeNull();
    const { completedAt } = await t.app.db
      .selectFrom('bookings')
      .select('completedAt')
      .where('id', '=', deal.bookingId)
      .executeTakeFirstOrThrow();
    expect(order.reviewUntil).toBe(
      new Date(new Date(completedAt!).getTime() + 30 * 86_400_000).toISOString(),
    );
  });

  it('takes the buyer review (201), counts its stars and tells the seller', async () => {
    const res = await post(buyer, '/api/seller-reviews', {
      bookingId: deal.bookingId,
      rating: 4,
      text: '  Phone as described, came on time.  ',
      // Ignored: the seller and the author come from the deal and the session.
      sellerId: otherSeller.id,
      buyerId: otherBuyer.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    review = res.json<SellerReview>();
    expect(review).toMatchObject({
      sellerId: seller.id,
      rating: 4,
      text: 'Phone as described, came on time.',
      reviewerName: 'Bashir B.',
      productName: 'Galaxy S21 FE',
      editedAt: null,
      reply: null,
      repliedAt: null,
    });
    expect(Date.parse(review.editableUntil) - Date.parse(review.createdAt)).toBe(48 * 3_600_000);

    const [row] = await t.app.db
      .selectFrom('seller_reviews')
      .selectAll()
      .where('id', '=', review._id)
      .execute();
    expect(row).toMatchObject({
      bookingId: deal.bookingId,
      sellerId: seller.id,
      buyerId: buyer.id,
      rating: 4,
      text: 'Phone as described, came on time.',
    });
    expect(await statsRow(t, seller.id)).toMatchObject({
      ratingSum: 4,
      ratingCount: 1,
      completedDeals: 1,
    });
    const notices = await t.app.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link'])
      .where('userId', '=', seller.id)
      .where('kind', '=', 'new_review')
      .execute();
    expect(notices).toEqual([
      {
        kind: 'new_review',
        title: 'Bashir B. gave you 4 stars for Galaxy S21 FE',
        body: '“Phone as described, came on time.”',
        link: '/dashboard/my-reviews',
      },
    ]);
    expect((await orderOf(buyer, deal.bookingId)).review).toEqual(review);
  });

  it('answers 409 to a second review of the same deal, and changes nothing', async () => {
    await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId: deal.bookingId, rating: 1 }),
      409,
      'You already reviewed this deal: change your review in My Orders instead',
    );
  });

  it('shows the stars on the seller cards and listing pages', async () => {
    const offered = await postProduct(t, seller, { name: 'Galaxy A54', Category: 'samsung' });
    const list = await call(t, buyer, 'GET', '/api/products/samsung');
    const card = list.json<Product[]>().find((p) => p._id === offered._id);
    expect(card).toMatchObject({ sellerId: seller.id, sellerRating: { average: 4, count: 1 } });
    const page = await call(t, null, 'GET', `/api/product/${offered._id}`);
    expect(page.json<ListingPage>()).toMatchObject({
      sellerId: seller.id,
      sellerRating: { average: 4, count: 1 },
    });
    // A seller nobody has reviewed shows no stars.
    const unrated = await postProduct(t, otherSeller, { name: 'Redmi 12', Category: 'xiaomi' });
    const theirs = await call(t, null, 'GET', `/api/product/${unrated._id}`);
    expect(theirs.json<ListingPage>().sellerRating).toBeNull();
  });

  it('lets its author change it within 48 hours, recounting the stars', async () => {
    const res = await put(buyer, `/api/seller-reviews/${review._id}`, {
      rating: 2,
      text: 'The battery was weaker than said.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<SellerReview>();
    expect(edited).toMatchObject({ rating: 2, text: 'The battery was weaker than said.' });
    expect(edited.editedAt).not.toBeNull();
    expect(await statsRow(t, seller.id)).toMatchObject({ ratingSum: 2, ratingCount: 1 });
  });

  it('refuses a change after 48 hours (403), by someone else (404) and by the wrong role (403)', async () => {
    const url = `/api/seller-reviews/${review._id}`;
    const body = { rating: 5, text: 'Changed my mind' };
    await expectRefused(() => put(otherBuyer, url, body), 404, 'No such review of yours');
    await expectRefused(() => put(seller, url, body), 403, 'This needs a buyer account');
    await expectRefused(() => put(admin, url, body), 403, 'This needs a buyer account');
    await expectRefused(() => put(null, url, body), 401, 'Sign in to continue');
    await expectRefused(() => put(buyer, url, { rating: 6 }), 400, 'rating: Choose 1 to 5 stars');
    await writtenHoursAgo(t, review._id, 49);
    await expectRefused(
      () => put(buyer, url, body),
      403,
      'Reviews can be changed within 48 hours of writing them',
    );
    await writtenHoursAgo(t, review._id, 47);
    expect((await put(buyer, url, { rating: 3 })).statusCode).toBe(200);
    expect(await statsRow(t, seller.id)).toMatchObject({ ratingSum: 3, ratingCount: 1 });
  });

  it('lets the reviewed seller reply once (409 again), and nobody else', async () => {
    const url = `/api/seller-reviews/${review._id}/reply`;
    await expectRefused(() => post(otherSeller, url, { text: 'Hi' }), 404, 'No such review of you');
    await expectRefused(() => post(buyer, url, { text: 'Hi' }), 403, 'This needs a seller account');
    await expectRefused(() => post(seller, url, { text: '   ' }), 400, 'text: Write a reply');
    await expectRefused(
      () => post(seller, url, { text: 'x'.repeat(1_001) }),
      400,
      'text: Keep the reply to 1,000 characters or fewer',
    );
    const res = await post(seller, url, { text: ' Sorry, I will test batteries first. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SellerReview>()).toMatchObject({
      reply: 'Sorry, I will test batteries first.',
    });
    expect(res.json<SellerReview>().repliedAt).not.toBeNull();
    await expectRefused(
      () => post(seller, url, { text: 'Again' }),
      409,
      'You already replied to this review',
    );
    const row = await t.app.db
      .selectFrom('seller_reviews')
      .select('reply')
      .where('id', '=', review._id)
      .executeTakeFirstOrThrow();
    expect(row.reply).toBe('Sorry, I will test batteries first.');
  });
});

describe(`who may review, and what on ${testDbKind}`, () => {
  let deal: { bookingId: string; productId: string };

  beforeAll(async () => {
    deal = await completeDeal(t, seller, buyer, 'iPhone 12');
  });

  it('refuses a deal that is not completed (409) and someone else deal (404)', async () => {
    const waiting = await postProduct(t, seller, { name: 'Pixel 7', Category: 'realme' });
    const bookingId = await requestBooking(t, buyer, waiting._id);
    await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId, rating: 5 }),
      409,
      'You can review the seller once the deal is completed: the seller enters your hand-over code at the meeting',
    );
    await expectRefused(
      () => post(otherBuyer, '/api/seller-reviews', { bookingId: deal.bookingId, rating: 5 }),
      404,
      'No such deal among your orders',
    );
    await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId: crypto.randomUUID(), rating: 5 }),
      404,
      'No such deal among your orders',
    );
  });

  it('takes reviews from buyers only', async () => {
    const body = { bookingId: deal.bookingId, rating: 5 };
    await expectRefused(() => post(null, '/api/seller-reviews', body), 401, 'Sign in to continue');
    for (const user of [seller, otherSeller, admin]) {
      await expectRefused(
        () => post(user, '/api/seller-reviews', body),
        403,
        'This needs a buyer account',
      );
    }
  });

  it.each([
    ['0 stars', 0],
    ['6 stars', 6],
    ['2.5 stars', 2.5],
    ['"x"', 'x'],
    ['no stars', undefined],
    ['stars as text', '5'],
  ])('refuses %s with "Choose 1 to 5 stars"', async (_label, rating) => {
    const error = await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId: deal.bookingId, rating }),
      400,
      'rating: Choose 1 to 5 stars',
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { rating: 'Choose 1 to 5 stars' },
    });
  });

  it('refuses 1,001 characters of text, and text that is not text', async () => {
    await expectRefused(
      () =>
        post(buyer, '/api/seller-reviews', {
          bookingId: deal.bookingId,
          rating: 5,
          text: 'a'.repeat(1_001),
        }),
      400,
      'text: Keep the review to 1,000 characters or fewer',
    );
    await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId: deal.bookingId, rating: 5, text: 5 }),
      400,
      'text: The review must be text',
    );
    await expectRefused(
      () => post(buyer, '/api/seller-reviews', { rating: 5 }),
      400,
      /^bookingId: /,
    );
  });

  it('refuses a review more than 30 days after the hand-over (403), takes one before', async () => {
    await completedDaysAgo(t, deal.bookingId, 31);
    const error = await expectRefused(
      () => post(buyer, '/api/seller-reviews', { bookingId: deal.bookingId, rating: 5 }),
      403,
      /^Reviews can be written within 30 days of the hand-over; this deal was completed on \d{2}-\d{2}-\d{4}$/,
    );
    expect(error.code).toBe('FORBIDDEN');
    // Asked in Bangla, the day is written in Bangla digits.
    const day = error.message.slice(-'DD-MM-YYYY'.length);
    const bnDigits = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    const inBangla = { headers: { ...buyer.headers, 'accept-language': 'bn' } };
    await expectRefused(
      () =>
        call(t, inBangla, 'POST', '/api/seller-reviews', { bookingId: deal.bookingId, rating: 5 }),
      403,
      `হস্তান্তরের ৩০ দিনের মধ্যে রিভিউ লেখা যায়; এই লেনদেনটি সম্পন্ন হয়েছে ${bnDigits(day)} তারিখে`,
    );
    await completedDaysAgo(t, deal.bookingId, 29);
    const review = await writeReview(t, buyer, deal.bookingId, 5, 'a'.repeat(1_000));
    expect(review.text).toHaveLength(1_000);
  });

  it('takes exactly one of two reviews of one deal sent at once', async () => {
    const race = await completeDeal(t, seller, otherBuyer, 'Galaxy S10');
    const answers = await Promise.all(
      [5, 1].map((rating) =>
        post(otherBuyer, '/api/seller-reviews', { bookingId: race.bookingId, rating }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.app.db
      .selectFrom('seller_reviews')
      .select('rating')
      .where('bookingId', '=', race.bookingId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe(`a seller profile on ${testDbKind}`, () => {
  let profileSeller: TestUser;
  let quietSeller: TestUser;

  /** Messages of one conversation with the seller, `minutesAgo` from now, oldest first. */
  async function conversation(
    sellerId: string,
    lines: [from: 'buyer' | 'seller', minutesAgo: number][],
  ) {
    const w = valueWriters(t.app.db);
    const id = crypto.randomUUID();
    const now = w.date(new Date());
    await t.app.db
      .insertInto('conversations')
      .values({
        id,
        productId: null,
        buyerId: buyer.id,
        sellerId,
        productName: 'A phone',
        productImage: '/demo/iphone-1.webp',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await t.app.db
      .insertInto('messages')
      .values(
        lines.map(([from, minutesAgo]) => ({
          id: crypto.randomUUID(),
          conversationId: id,
          senderId: from === 'buyer' ? buyer.id : sellerId,
          text: 'Hello',
          createdAt: w.date(new Date(Date.now() - minutesAgo * 60_000)),
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    profileSeller = await createUser(t, {
      role: 'seller',
      name: 'Priya Profile',
      verified: true,
    });
    quietSeller = await createUser(t, { role: 'seller', name: 'Quentin Quiet' });
    const first = await completeDeal(t, profileSeller, buyer, 'Galaxy S20');
    const second = await completeDeal(t, profileSeller, otherBuyer, 'Galaxy S22');
    await completeDeal(t, profileSeller, buyer, 'Galaxy S23');
    const older = await writeReview(t, buyer, first.bookingId, 5, 'Great');
    await writeReview(t, otherBuyer, second.bookingId, 4);
    await writtenHoursAgo(t, older._id, 2);
    for (const name of ['Galaxy Note 9', 'Galaxy Note 10', 'Galaxy Note 20']) {
      await postProduct(t, profileSeller, { name, Category: 'samsung' });
    }
    // Waits of 10, 30 (from the first of two lines) and 20 minutes; one unanswered; one wait
    // older than 30 days that does not count.
    await conversation(profileSeller.id, [
      ['buyer', 300],
      ['seller', 290],
      ['buyer', 240],
      ['buyer', 239],
      ['seller', 210],
    ]);
    await conversation(profileSeller.id, [
      ['buyer', 120],
      ['seller', 100],
      ['buyer', 60],
    ]);
    await conversation(profileSeller.id, [
      ['buyer', 40 * 24 * 60],
      ['seller', 40 * 24 * 60 - 1],
    ]);
    // Two answers only: too few to say.
    await conversation(quietSeller.id, [
      ['buyer', 50],
      ['seller', 45],
      ['buyer', 30],
      ['seller', 20],
    ]);
  });

  it('answers figures that match the rows exactly', async () => {
    const res = await call(t, null, 'GET', `/api/sellers/${profileSeller.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<SellerProfile>();

    const completed = await t.app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sellerId', '=', profileSeller.id)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const ratings = await t.app.db
      .selectFrom('seller_reviews')
      .select('rating')
      .where('sellerId', '=', profileSeller.id)
      .execute();
    const offered = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('sellerId', '=', profileSeller.id)
      .where('status', '!=', 'sold')
      .orderBy('postedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const account = await t.app.db
      .selectFrom('users')
      .select('createdAt')
      .where('id', '=', profileSeller.id)
      .executeTakeFirstOrThrow();
    const since = new Date(account.createdAt);
    const dd = String(since.getUTCDate()).padStart(2, '0');
    const mm = String(since.getUTCMonth() + 1).padStart(2, '0');

    expect(Number(completed.n)).toBe(3);
    expect(ratings.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(profile).toMatchObject({
      _id: profileSeller.id,
      name: 'Priya Profile',
      verified: true,
      memberSince: `${dd}-${mm}-${since.getUTCFullYear()}`,
      completedDeals: 3,
      rating: { average: 4.5, count: 2 },
      replyMinutes: 20,
      listingCount: 3,
      pageUrl: `http://localhost:3000/seller/${profileSeller.id}`,
    });
    expect(profile.listings.map((p) => p._id)).toEqual(offered.map((p) => p.id));
    expect(profile.listings[0]).toMatchObject({
      name: 'Galaxy Note 20',
      sellerId: profileSeller.id,
      sellerRating: { average: 4.5, count: 2 },
    });
  });

  it('says nothing of reply time or stars with too little to go on', async () => {
    const res = await call(t, buyer, 'GET', `/api/sellers/${quietSeller.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SellerProfile>()).toMatchObject({
      completedDeals: 0,
      rating: null,
      replyMinutes: null,
      listings: [],
      listingCount: 0,
    });
  });

  it('pages the reviews newest first, with the total in X-Total-Count', async () => {
    const res = await call(t, null, 'GET', `/api/sellers/${profileSeller.id}/reviews?limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json<SellerReview[]>().map((r) => [r.rating, r.reviewerName])).toEqual([
      [4, 'Rina'],
    ]);
    const next = await call(
      t,
      null,
      'GET',
      `/api/sellers/${profileSeller.id}/reviews?limit=1&page=2`,
    );
    expect(next.json<SellerReview[]>().map((r) => [r.rating, r.text])).toEqual([[5, 'Great']]);
    const none = await call(t, null, 'GET', `/api/sellers/${quietSeller.id}/reviews`);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const bad = await call(t, null, 'GET', `/api/sellers/${quietSeller.id}/reviews?limit=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for an unknown id and for accounts that are not sellers', async () => {
    for (const id of [crypto.randomUUID(), buyer.id, admin.id]) {
      for (const url of [`/api/sellers/${id}`, `/api/sellers/${id}/reviews`]) {
        const res = await call(t, null, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(errorOf(res)).toEqual({
          code: 'NOT_FOUND',
          message: 'No such seller',
          reason: 'accounts.reviews.noSuchSeller',
        });
      }
    }
  });

  it('keeps a review, and the figures, when its author deletes their account', async () => {
    const leaving = await createUser(t, { role: 'buyer', name: 'Lena Leaving' });
    const gone = await completeDeal(t, profileSeller, leaving, 'Galaxy S9');
    const review = await writeReview(t, leaving, gone.bookingId, 3, 'Okay');
    await t.app.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const res = await call(t, null, 'GET', `/api/sellers/${profileSeller.id}/reviews?limit=50`);
    expect(res.json<SellerReview[]>().find((r) => r._id === review._id)).toMatchObject({
      reviewerName: 'A former member',
      productName: null,
      rating: 3,
    });
    expect(await statsRow(t, profileSeller.id)).toMatchObject({
      ratingSum: 12,
      ratingCount: 3,
      completedDeals: 4,
    });
  });
});

describe(`the reviews migration on ${testDbKind}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('counts the deals completed before it into the seller figures', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('20261124000600_notifications')).error).toBeUndefined();
    const at =
      testDbKind === 'postgres'
        ? sql`'2026-11-01T10:00:00Z'::timestamptz`
        : sql`'2026-11-01T10:00:00.000Z'`;
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role) values
      ('s1', 'Seller', 's1@example.test', ${at}, ${at}, 'seller'),
      ('s2', 'Seller Two', 's2@example.test', ${at}, ${at}, 'seller'),
      ('b1', 'Buyer', 'b1@example.test', ${at}, ${at}, 'buyer')`.execute(db);
    const statuses = [
      ['k1', 's1', 'completed'],
      ['k2', 's1', 'completed'],
      ['k3', 's1', 'cancelled'],
      ['k4', 's2', 'accepted'],
    ];
    for (const [id, sellerId, status] of statuses) {
      await sql`insert into bookings (id, "buyerId", "productId", "sellerId", name, email, phone,
        location, "productName", "priceCents", "imgUrl", "createdAt", "updatedAt", status)
        values (${id}, 'b1', null, ${sellerId}, 'Buyer', 'b1@example.test', '0171', 'Uttara',
        'Phone', 500, '/p.webp', ${at}, ${at}, ${status})`.execute(db);
    }
    await migrateToLatest(db);
    expect(await db.selectFrom('seller_stats').selectAll().orderBy('sellerId').execute()).toEqual([
      { sellerId: 's1', ratingSum: 0, ratingCount: 0, completedDeals: 2, checkedDeals: 0 },
    ]);
  });
});
