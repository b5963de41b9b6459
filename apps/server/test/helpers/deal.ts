import crypto from 'node:crypto';
import type { BookingState } from '@market/shared';
import { valueWriters } from '../../src/db/dialect.ts';
import type { TestApp } from '../build-test-app.ts';
import { call, type Caller } from './market.ts';

/** A meeting `hours` from now, as the accept form sends it. */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export const requestBody = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  phone: '+8801712345678',
  location: 'Dhanmondi 27, near the lake',
  ...extra,
});

/** Books as the buyer and answers the new request's id; fails the test on refusal. */
export async function requestBooking(
  t: TestApp,
  buyer: Caller,
  productId: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(t, buyer, 'POST', '/api/booking', requestBody(productId, extra));
  if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

export const acceptBody = (extra: Record<string, unknown> = {}) => ({
  meetingAt: inHours(26),
  meetingPlace: 'Bashundhara City, ground floor',
  timeZone: 'Asia/Dhaka',
  ...extra,
});

/** Accepts as the seller; fails the test on refusal. */
export async function acceptBooking(t: TestApp, seller: Caller, id: string): Promise<BookingState> {
  const res = await call(t, seller, 'POST', `/api/booking/${id}/accept`, acceptBody());
  if (res.statusCode !== 200) throw new Error(`accept answered ${res.statusCode}: ${res.body}`);
  return res.json<BookingState>();
}

/** The stored request, as the database has it. */
export function bookingRow(t: TestApp, id: string) {
  return t.app.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function productStatus(t: TestApp, id: string) {
  const row = await t.app.db
    .selectFrom('products')
    .select(['status', 'soldAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

export async function categoryCount(t: TestApp, name: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('categories')
    .select('productCount')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.productCount);
}

/**
 * Requests written straight to the database for the authorization matrix: a waiting one on
 * `productId`, and an accepted one (with its code) on `reservedProductId`, which is reserved.
 */
export async function insertRequests(
  t: TestApp,
  buyerId: string,
  sellerId: string,
  productId: string,
  reservedProductId: string,
): Promise<{ requestedId: string; acceptedId: string; code: string }> {
  const db = t.app.db;
  const w = valueWriters(db);
  const now = w.date(new Date());
  const row = (id: string, product: string) => ({
    id,
    buyerId,
    sellerId,
    productId: product,
    name: 'Matrix Buyer',
    email: 'matrix@example.test',
    phone: '+8801712345678',
    location: 'Uttara',
    productName: 'Bulk phone',
    priceCents: 30_000,
    imgUrl: '/demo/iphone-2.webp',
    createdAt: now,
    updatedAt: now,
    status: 'requested' as const,
    codeAttempts: 0,
    meetingAt: null,
    meetingPlace: null,
    meetingTimeZone: null,
    handoverCode: null,
    respondedAt: null,
  });
  const requestedId = crypto.randomUUID();
  const acceptedId = crypto.randomUUID();
  const code = '246810';
  await db
    .insertInto('bookings')
    .values([
      row(requestedId, productId),
      {
        ...row(acceptedId, reservedProductId),
        status: 'accepted',
        meetingAt: w.date(new Date(Date.now() + 86_400_000)),
        meetingPlace: 'Uttara sector 7 park gate',
        meetingTimeZone: 'Asia/Dhaka',
        handoverCode: code,
        respondedAt: now,
      },
    ])
    .execute();
  await db
    .updateTable('products')
    .set({ status: 'reserved' })
    .where('id', '=', reservedProductId)
    .execute();
  return { requestedId, acceptedId, code };
}

/** Every step of the check at hand-over answered as passing, and the phone taken. */
export const passingAnswers = (extra: Record<string, unknown> = {}) => ({
  signedOut: true,
  batteryHealth: 88,
  checks: {
    screen: { result: 'works' },
    cameras: { result: 'works' },
    speakerMic: { result: 'works' },
    charging: { result: 'works' },
    buttons: { result: 'works' },
    sim: { result: 'works' },
  },
  verdict: 'accept',
  ...extra,
});

/**
 * The buyer checks the phone at the hand-over (the IMEI first when the listing has one) and
 * takes it; answers the code the check reveals. Fails the test on refusal.
 */
export async function passInspection(
  t: TestApp,
  buyer: Caller,
  id: string,
  imei?: string,
): Promise<string> {
  if (imei !== undefined) {
    const res = await call(t, buyer, 'POST', `/api/booking/${id}/inspection/imei`, { imei });
    if (res.statusCode !== 200 || !res.json<{ matches: boolean }>().matches) {
      throw new Error(`IMEI check answered ${res.statusCode}: ${res.body}`);
    }
  }
  const put = await call(t, buyer, 'PUT', `/api/booking/${id}/inspection`, passingAnswers());
  if (put.statusCode !== 200) throw new Error(`inspection answered ${put.statusCode}: ${put.body}`);
  const code = await call(t, buyer, 'GET', `/api/booking/${id}/code`);
  if (code.statusCode !== 200) throw new Error(`code answered ${code.statusCode}: ${code.body}`);
  return code.json<{ code: string }>().code;
}
