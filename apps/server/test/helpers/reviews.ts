import crypto from 'node:crypto';
import type { SellerReview } from '@market/shared';
import { valueWriters } from '../../src/db/dialect.ts';
import type { TestApp } from '../build-test-app.ts';
import type { TestUser } from '../factories.ts';
import { acceptBooking, requestBooking, passInspection } from './deal.ts';
import { call, postProduct, type Caller } from './market.ts';

/**
 * A deal walked through the API as its people walk it: the seller lists a phone, the buyer asks
 * for it, the seller accepts and then enters the buyer's hand-over code. Answers the booking's
 * and the listing's ids.
 */
export async function completeDeal(
  t: TestApp,
  seller: TestUser,
  buyer: TestUser,
  name = 'Galaxy S21 FE',
): Promise<{ bookingId: string; productId: string }> {
  const product = await postProduct(t, seller, { name, Category: 'samsung' });
  const bookingId = await requestBooking(t, buyer, product._id);
  await acceptBooking(t, seller, bookingId);
  const handoverCode = await passInspection(t, buyer, bookingId);
  const res = await call(t, seller, 'POST', `/api/booking/${bookingId}/complete`, {
    code: handoverCode,
  });
  if (res.statusCode !== 200) throw new Error(`complete answered ${res.statusCode}: ${res.body}`);
  return { bookingId, productId: product._id };
}

/** Writes a review as the buyer through the API; fails the test on refusal. */
export async function writeReview(
  t: TestApp,
  buyer: Caller,
  bookingId: string,
  rating: number,
  text = '',
): Promise<SellerReview> {
  const res = await call(t, buyer, 'POST', '/api/seller-reviews', { bookingId, rating, text });
  if (res.statusCode !== 201) throw new Error(`review answered ${res.statusCode}: ${res.body}`);
  return res.json<SellerReview>();
}

/** Moves a deal's hand-over back in time, as if it happened `days` ago. */
export async function completedDaysAgo(t: TestApp, bookingId: string, days: number) {
  const w = valueWriters(t.app.db);
  await t.app.db
    .updateTable('bookings')
    .set({ completedAt: w.date(new Date(Date.now() - days * 86_400_000)) })
    .where('id', '=', bookingId)
    .execute();
}

/** Moves a review's writing back in time, as if it was written `hours` ago. */
export async function writtenHoursAgo(t: TestApp, reviewId: string, hours: number) {
  const w = valueWriters(t.app.db);
  await t.app.db
    .updateTable('seller_reviews')
    .set({ createdAt: w.date(new Date(Date.now() - hours * 3_600_000)) })
    .where('id', '=', reviewId)
    .execute();
}

export function statsRow(t: TestApp, sellerId: string) {
  return t.app.db
    .selectFrom('seller_stats')
    .selectAll()
    .where('sellerId', '=', sellerId)
    .executeTakeFirst();
}

/**
 * For the authorization matrix: a completed deal of the buyer with the seller, and a second one
 * already reviewed (with the seller's figures counting both), written straight to the database.
 */
export async function insertReviewedDeals(
  t: TestApp,
  buyerId: string,
  sellerId: string,
): Promise<{ completedId: string; reviewId: string }> {
  const db = t.app.db;
  const w = valueWriters(db);
  const now = w.date(new Date());
  const deal = (id: string) => ({
    id,
    buyerId,
    sellerId,
    productId: null,
    name: 'Matrix Buyer',
    email: 'matrix@example.test',
    phone: '+8801712345678',
    location: 'Uttara',
    productName: 'Sold phone',
    priceCents: 30_000,
    imgUrl: '/demo/iphone-2.webp',
    createdAt: now,
    updatedAt: now,
    status: 'completed' as const,
    respondedAt: now,
    completedAt: now,
  });
  const completedId = crypto.randomUUID();
  const reviewedId = crypto.randomUUID();
  const reviewId = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bookings')
      .values([deal(completedId), deal(reviewedId)])
      .execute();
    await trx
      .insertInto('seller_reviews')
      .values({
        id: reviewId,
        bookingId: reviewedId,
        sellerId,
        buyerId,
        rating: 4,
        text: 'Fair and on time',
        createdAt: now,
      })
      .execute();
    await trx
      .insertInto('seller_stats')
      .values({ sellerId, ratingSum: 4, ratingCount: 1, completedDeals: 2 })
      .onConflict((oc) =>
        oc.column('sellerId').doUpdateSet((eb) => ({
          ratingSum: eb('seller_stats.ratingSum', '+', 4),
          ratingCount: eb('seller_stats.ratingCount', '+', 1),
          completedDeals: eb('seller_stats.completedDeals', '+', 2),
        })),
      )
      .execute();
  });
  return { completedId, reviewId };
}
