import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingState, MarkSold, Product, SellerBuyer } from '@market/shared';
import { buildApp } from '../src/app.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { expireStaleRequests } from '../src/modules/bookings/bookings.service.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  acceptBody,
  acceptBooking,
  bookingRow,
  categoryCount,
  inHours,
  productStatus,
  requestBody,
  requestBooking,
  passInspection,
} from './helpers/deal.ts';
import { call, insertCategories, postProduct, snapshot } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller', phone: '+8801811111111' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Rina Buyer' });
  admin = await createUser(t, { role: 'admin' });
});

const orders = async (user: TestUser) =>
  (
    await call(t, user, 'GET', `/api/booking?email=${encodeURIComponent(user.email)}&limit=100`)
  ).json<Booking[]>();
const buyers = async (user: TestUser) =>
  (await call(t, user, 'GET', '/api/my-buyers?limit=100')).json<SellerBuyer[]>();
const post = (user: Parameters<typeof call>[1], url: string, body?: unknown) =>
  call(t, user, 'POST', url, body);

async function newListing(overrides: Record<string, unknown> = {}): Promise<Product> {
  return postProduct(t, seller, { name: 'Pixel 8', Category: 'realme', ...overrides });
}

describe(`the whole deal on ${testDbKind}`, () => {
  let product: Product;
  let first: string;
  let second: string;

  beforeAll(async () => {
    product = await newListing();
    // Advertised, so that the home page shows it until it is sold.
    expect((await call(t, seller, 'PUT', `/api/my-products/${product._id}`)).statusCode).toBe(200);
  });

  it('takes requests from two buyers, each with status "requested"', async () => {
    const proposedAt = inHours(30);
    const res = await post(buyer, '/api/booking', requestBody(product._id, { proposedAt }));
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json<Booking>();
    expect(booking).toMatchObject({
      status: 'requested',
      proposedAt: new Date(proposedAt).toISOString(),
      actions: ['cancel'],
      handoverCode: null,
      sellerPhone: null,
      sellerEmail: null,
    });
    first = booking._id;
    second = await requestBooking(t, otherBuyer, product._id);
    const seen = await buyers(seller);
    expect(seen.filter((b) => b.productId === product._id).map((b) => b.actions)).toEqual([
      ['accept', 'decline'],
      ['accept', 'decline'],
    ]);
  });

  it('accepts one request with a meeting: the listing is reserved, the other request waits', async () => {
    const body = acceptBody();
    const res = await post(seller, `/api/booking/${first}/accept`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingState>()).toMatchObject({
      status: 'accepted',
      productStatus: 'reserved',
      meetingAt: body.meetingAt,
      meetingPlace: 'Bashundhara City, ground floor',
      meetingTimeZone: 'Asia/Dhaka',
      actions: ['complete', 'cancel', 'calendar'],
    });
    expect((await productStatus(t, product._id)).status).toBe('reserved');
    expect((await bookingRow(t, second)).status).toBe('requested');

    const mine = (await orders(buyer)).find((o) => o._id === first)!;
    // The code waits for the buyer's check of the phone at the hand-over.
    expect(mine).toMatchObject({
      handoverCode: null,
      inspectionDue: true,
      inspectionStatus: 'not_started',
      checkedAtHandover: false,
    });
    const stored = (await bookingRow(t, first)).handoverCode!;
    expect(stored).toMatch(/^\d{6}$/);
    expect(mine.sellerPhone).toBe('+8801811111111');
    expect(mine.sellerEmail).toBe(seller.email);
    expect(mine.actions).toEqual(['cancel', 'calendar']);
    const theirs = (await orders(otherBuyer)).find((o) => o._id === second)!;
    expect(theirs).toMatchObject({
      status: 'requested',
      handoverCode: null,
      sellerPhone: null,
      sellerEmail: null,
    });
    // The seller never sees the code, and can only decline the other request now.
    const seen = await buyers(seller);
    expect(JSON.stringify(seen)).not.toContain(stored);
    expect(seen.find((b) => b._id === first)).toMatchObject({
      codeTriesLeft: 5,
      inspectionStatus: 'not_started',
    });
    expect(seen.find((b) => b._id === second)!.actions).toEqual(['decline']);
  });

  it('completes only after the buyer checked the phone: the code is 409 before, 200 after', async () => {
    const stored = (await bookingRow(t, first)).handoverCode!;
    const early = await call(t, buyer, 'GET', `/api/booking/${first}/code`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Check the phone first: the code is shown once the check at hand-over is complete',
    );
    // Even the right code does not complete the deal before the check, and counts no try.
    const refused = await post(seller, `/api/booking/${first}/complete`, { code: stored });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The buyer has not finished checking the phone: their code is shown to them once they have',
    );
    expect((await bookingRow(t, first)).status).toBe('accepted');
    expect((await bookingRow(t, first)).codeAttempts).toBe(0);

    const code = await passInspection(t, buyer, first);
    expect(code).toBe(stored);
    const mine = (await orders(buyer)).find((o) => o._id === first)!;
    expect(mine).toMatchObject({
      handoverCode: stored,
      inspectionDue: false,
      inspectionStatus: 'complete',
    });
    expect((await buyers(seller)).find((b) => b._id === first)!.inspectionStatus).toBe('complete');
  });

  it('keeps a reserved listing in its category, marked, and takes no new request for it', async () => {
    const page = (await call(t, buyer, 'GET', '/api/products/realme?limit=100')).json<Product[]>();
    expect(page.find((p) => p._id === product._id)?.status).toBe('reserved');
    const third = await createUser(t, { role: 'buyer' });
    const res = await post(third, '/api/booking', requestBody(product._id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This phone is reserved for another buyer');
    const again = await post(seller, `/api/booking/${second}/accept`, acceptBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This phone is already reserved for another buyer: cancel that meeting first',
    );
    expect((await bookingRow(t, second)).status).toBe('requested');
  });

  it("shows each step of a sale on the listing's public page at once, though it is cached", async () => {
    const phone = await postProduct(t, seller, { name: 'Cached page phone', Category: 'realme' });
    const publicStatus = async () =>
      (await call(t, null, 'GET', `/api/product/${phone._id}`)).json<{ status: string }>().status;
    expect(await publicStatus()).toBe('available');
    const id = await requestBooking(t, buyer, phone._id);
    await acceptBooking(t, seller, id);
    expect(await publicStatus()).toBe('reserved');
    const code = await passInspection(t, buyer, id);
    expect((await post(seller, `/api/booking/${id}/complete`, { code })).statusCode).toBe(200);
    expect(await publicStatus()).toBe('sold');
  });

  it('answers a wrong code with the tries left and renews the code after the last try', async () => {
    const before = (await orders(buyer)).find((o) => o._id === first)!.handoverCode!;
    const wrong = before === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await post(seller, `/api/booking/${first}/complete`, { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        `Wrong hand-over code: ${left} ${left === 1 ? 'try' : 'tries'} left`,
      );
      expect((await buyers(seller)).find((b) => b._id === first)!.codeTriesLeft).toBe(left);
    }
    const last = await post(seller, `/api/booking/${first}/complete`, { code: wrong });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toBe(
      'Wrong hand-over code 5 times: the buyer now has a new code in My Orders. Ask them for it.',
    );
    const renewed = (await orders(buyer)).find((o) => o._id === first)!;
    expect(renewed.status).toBe('accepted');
    expect(renewed.handoverCode).toMatch(/^\d{6}$/);
    expect((await bookingRow(t, first)).codeAttempts).toBe(0);
    // The old code no longer works (unless chance renewed it to the same digits).
    if (renewed.handoverCode !== before) {
      const old = await post(seller, `/api/booking/${first}/complete`, { code: before });
      expect(old.statusCode).toBe(400);
    }
  });

  it('completes with the right code: sold, gone from the category and the home page, others declined as sold', async () => {
    const countBefore = await categoryCount(t, 'realme');
    const code = (await orders(buyer)).find((o) => o._id === first)!.handoverCode!;
    const res = await post(seller, `/api/booking/${first}/complete`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingState>()).toMatchObject({
      status: 'completed',
      productStatus: 'sold',
      actions: [],
    });
    const listing = await productStatus(t, product._id);
    expect(listing.status).toBe('sold');
    expect(listing.soldAt).not.toBeNull();
    expect(await categoryCount(t, 'realme')).toBe(countBefore - 1);

    const declined = (await orders(otherBuyer)).find((o) => o._id === second)!;
    expect(declined).toMatchObject({ status: 'declined', reason: 'sold', actions: [] });
    const done = (await orders(buyer)).find((o) => o._id === first)!;
    expect(done).toMatchObject({
      status: 'completed',
      handoverCode: null,
      actions: [],
      inspectionStatus: 'complete',
      inspectionDue: false,
      checkedAtHandover: true,
    });

    const page = (await call(t, buyer, 'GET', '/api/products/realme?limit=100')).json<Product[]>();
    expect(page.map((p) => p._id)).not.toContain(product._id);
    const ads = (await call(t, null, 'GET', '/api/advertisement?limit=100')).json<Product[]>();
    expect(ads.map((p) => p._id)).not.toContain(product._id);

    const late = await post(otherBuyer, '/api/booking', requestBody(product._id));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This phone has been sold');
    const twice = await post(seller, `/api/booking/${first}/complete`, { code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'This request cannot be completed: the deal is already completed',
    );
  });
});

describe(`declining and cancelling on ${testDbKind}`, () => {
  it('declines with or without a reason, only while the request waits', async () => {
    const product = await newListing();
    const a = await requestBooking(t, buyer, product._id);
    const b = await requestBooking(t, otherBuyer, product._id);
    const withReason = await post(seller, `/api/booking/${a}/decline`, {
      reason: 'Promised to a friend',
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect(withReason.json<BookingState>()).toMatchObject({
      status: 'declined',
      reason: 'Promised to a friend',
      closedBy: 'seller',
    });
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${b}/decline`,
      headers: seller.headers,
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json<BookingState>()).toMatchObject({ status: 'declined', reason: null });
    const again = await post(seller, `/api/booking/${a}/decline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This request cannot be declined: it was declined');
    // A declined request no longer stops a new one.
    expect(await requestBooking(t, buyer, product._id)).toBeTypeOf('string');
  });

  it('lets the buyer cancel an accepted request, which makes the listing available again', async () => {
    const product = await newListing();
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id);
    const res = await post(buyer, `/api/booking/${id}/cancel`, { reason: 'Found one nearer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingState>()).toMatchObject({
      status: 'cancelled',
      productStatus: 'available',
      reason: 'Found one nearer',
      closedBy: 'buyer',
    });
    expect((await bookingRow(t, id)).handoverCode).toBeNull();
    expect((await productStatus(t, product._id)).status).toBe('available');
    const again = await post(buyer, `/api/booking/${id}/cancel`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('lets the seller cancel an accepted request, and accept another afterwards', async () => {
    const product = await newListing();
    const a = await requestBooking(t, buyer, product._id);
    const b = await requestBooking(t, otherBuyer, product._id);
    await acceptBooking(t, seller, a);
    const res = await post(seller, `/api/booking/${a}/cancel`, { reason: 'Buyer did not come' });
    expect(res.json<BookingState>()).toMatchObject({ status: 'cancelled', closedBy: 'seller' });
    expect((await acceptBooking(t, seller, b)).productStatus).toBe('reserved');
  });

  it('refuses transitions from states they do not name', async () => {
    const product = await newListing();
    const id = await requestBooking(t, buyer, product._id);
    const complete = await post(seller, `/api/booking/${id}/complete`, { code: '123456' });
    expect(complete.statusCode).toBe(409);
    expect(complete.json().error.message).toBe(
      'This request cannot be completed: it is still waiting for an answer',
    );
    await acceptBooking(t, seller, id);
    const accept = await post(seller, `/api/booking/${id}/accept`, acceptBody());
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(
      'This request cannot be accepted: it was already accepted',
    );
    const decline = await post(seller, `/api/booking/${id}/decline`, {});
    expect(decline.statusCode).toBe(409);
    const calendar = await call(t, otherBuyer, 'GET', `/api/booking/${id}/calendar.ics`);
    expect(calendar.statusCode).toBe(404);
  });

  it('words its refusals in Bangla for a request that asks for it', async () => {
    const shop = await createUser(t, { role: 'seller' });
    const inBangla = (user: TestUser) => ({
      headers: { ...user.headers, 'accept-language': 'bn' },
    });
    const product = await postProduct(t, shop, { name: 'Galaxy A54', Category: 'realme' });
    const id = await requestBooking(t, buyer, product._id);
    const early = await post(inBangla(shop), `/api/booking/${id}/complete`, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      code: 'CONFLICT',
      message: 'অনুরোধটি সম্পন্ন করা যাবে না: এটি এখনো উত্তরের অপেক্ষায় আছে',
      reason: 'bookings.cannot.completed',
    });
    await acceptBooking(t, shop, id);
    const code = await passInspection(t, buyer, id);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(inBangla(shop), `/api/booking/${id}/complete`, { code: wrong });
    expect(res.statusCode).toBe(400);
    const message = 'হস্তান্তর কোড ভুল: আর ৪ বার চেষ্টা করা যাবে';
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message,
      fields: { code: message },
      reason: 'bookings.wrongCode',
    });
    const english = await post(shop, `/api/booking/${id}/complete`, { code: wrong });
    expect(english.json().error.message).toBe('Wrong hand-over code: 3 tries left');
  });

  it('cancels the open requests of a deleted listing', async () => {
    const product = await newListing();
    const a = await requestBooking(t, buyer, product._id);
    const b = await requestBooking(t, otherBuyer, product._id);
    await acceptBooking(t, seller, a);
    expect((await call(t, seller, 'DELETE', `/api/my-products/${product._id}`)).statusCode).toBe(
      200,
    );
    for (const id of [a, b]) {
      expect(await bookingRow(t, id)).toMatchObject({
        status: 'cancelled',
        closeReason: 'The listing was removed',
        productId: null,
        handoverCode: null,
      });
    }
    expect((await orders(buyer)).find((o) => o._id === a)).toMatchObject({
      status: 'cancelled',
      productAvailable: false,
      productStatus: null,
      actions: [],
    });
  });
});

describe(`accounts that go on ${testDbKind}`, () => {
  it('frees a reserved listing when the buyer it is reserved for is deleted', async () => {
    const product = await newListing();
    const leaving = await createUser(t, { role: 'buyer' });
    const id = await requestBooking(t, leaving, product._id);
    await acceptBooking(t, seller, id);
    expect((await productStatus(t, product._id)).status).toBe('reserved');
    await t.app.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect((await productStatus(t, product._id)).status).toBe('available');
    expect(await requestBooking(t, otherBuyer, product._id)).toBeTypeOf('string');
  });
});

describe(`marking a listing sold on ${testDbKind}`, () => {
  it('sells the listing and declines its open requests as sold', async () => {
    const product = await newListing({ Category: 'xiaomi' });
    const a = await requestBooking(t, buyer, product._id);
    const b = await requestBooking(t, otherBuyer, product._id);
    await acceptBooking(t, seller, a);
    const count = await categoryCount(t, 'xiaomi');
    const res = await post(seller, `/api/my-products/${product._id}/sold`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MarkSold>()).toEqual({
      productId: product._id,
      status: 'sold',
      closedRequests: 2,
    });
    for (const id of [a, b]) {
      expect(await bookingRow(t, id)).toMatchObject({ status: 'declined', closeReason: 'sold' });
    }
    expect(await categoryCount(t, 'xiaomi')).toBe(count - 1);
    const again = await post(seller, `/api/my-products/${product._id}/sold`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This listing is already sold');
  });

  it("answers 404 for someone else's listing and changes nothing", async () => {
    const product = await newListing();
    const before = await snapshot(t);
    const res = await post(otherSeller, `/api/my-products/${product._id}/sold`);
    expect(res.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`expiry on ${testDbKind}`, () => {
  it('expires requests not answered within 72 hours, and only those', async () => {
    const product = await newListing();
    const waiting = await requestBooking(t, buyer, product._id);
    const answered = await requestBooking(t, otherBuyer, product._id);
    await acceptBooking(t, seller, answered);
    expect(
      await expireStaleRequests(t.app.db, t.app.notifier, new Date(Date.now() + 71 * 3_600_000)),
    ).toBe(0);
    const expired = await expireStaleRequests(
      t.app.db,
      t.app.notifier,
      new Date(Date.now() + 73 * 3_600_000),
    );
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(t, waiting)).toMatchObject({
      status: 'expired',
      closedBy: 'system',
      closeReason: 'Not answered within 72 hours',
    });
    expect((await bookingRow(t, answered)).status).toBe('accepted');
    const late = await post(seller, `/api/booking/${waiting}/accept`, acceptBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This request cannot be accepted: it expired: it was not answered within 72 hours',
    );
  });

  it('expires aged requests when the app starts', async () => {
    const product = await newListing();
    const id = await requestBooking(t, buyer, product._id);
    const w = valueWriters(t.app.db);
    await t.app.db
      .updateTable('bookings')
      .set({ createdAt: w.date(new Date(Date.now() - 80 * 3_600_000)) })
      .where('id', '=', id)
      .execute();
    // A restart: another app on the same database.
    const restarted = await buildApp(t.config, { database: t.db.handle, serveWeb: false });
    await restarted.close();
    expect((await bookingRow(t, id)).status).toBe('expired');
  });
});

describe(`the calendar file on ${testDbKind}`, () => {
  it('gives both sides of an accepted request an RFC 5545 event in the meeting time zone', async () => {
    const product = await newListing({ name: 'Galaxy S23, 256GB; blue' });
    const id = await requestBooking(t, buyer, product._id);
    const meetingAt = '2030-01-15T11:30:00.000Z';
    const accept = await post(seller, `/api/booking/${id}/accept`, {
      ...acceptBody(),
      meetingAt,
    });
    // Further than 90 days ahead is refused; set the meeting straight in the database instead.
    expect(accept.statusCode).toBe(400);
    await acceptBooking(t, seller, id);
    const w = valueWriters(t.app.db);
    await t.app.db
      .updateTable('bookings')
      .set({ meetingAt: w.date(new Date(meetingAt)) })
      .where('id', '=', id)
      .execute();

    for (const side of [buyer, seller]) {
      const res = await call(t, side, 'GET', `/api/booking/${id}/calendar.ics`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="meeting-${id}.ics"`);
      const ics = res.body;
      expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const unfolded = ics.replace(/\r\n /g, '');
      expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Dhaka\r\n');
      expect(unfolded).toContain('TZOFFSETTO:+0600');
      // 11:30 UTC is 17:30 in Dhaka.
      expect(unfolded).toContain('DTSTART;TZID=Asia/Dhaka:20300115T173000\r\n');
      expect(unfolded).toContain('DTEND;TZID=Asia/Dhaka:20300115T180000\r\n');
      expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      expect(unfolded).toContain(`UID:booking-${id}@localhost\r\n`);
      expect(unfolded).toContain('LOCATION:Bashundhara City\\, ground floor\r\n');
      expect(unfolded).toContain('Galaxy S23\\, 256GB\\; blue');
      expect(unfolded).toContain('IMEI');
    }
    const sellerView = (await call(t, seller, 'GET', `/api/booking/${id}/calendar.ics`)).body;
    expect(sellerView.replace(/\r\n /g, '')).toContain('Buyer: Bashir Buyer\\, +8801712345678');
    const buyerView = (await call(t, buyer, 'GET', `/api/booking/${id}/calendar.ics`)).body;
    expect(buyerView.replace(/\r\n /g, '')).toContain('Seller: Sara Seller\\, +8801811111111');
  });

  it('escapes a bare CR and drops control characters stored in names and places', async () => {
    const product = await newListing();
    // Written straight to the database: the API refuses these characters on input.
    await t.app.db
      .updateTable('products')
      .set({ name: 'Pixel\r8\u0007 Pro' })
      .where('id', '=', product._id)
      .execute();
    const id = await requestBooking(t, buyer, product._id);
    await acceptBooking(t, seller, id);
    await t.app.db
      .updateTable('bookings')
      .set({ meetingPlace: 'Gate 2\rSUMMARY:fake\r\nATTENDEE:x\u001b', name: 'Bashir\rBuyer' })
      .where('id', '=', id)
      .execute();

    const ics = (await call(t, seller, 'GET', `/api/booking/${id}/calendar.ics`)).body;
    // Every CR ends a line (CRLF), and no control character but those is left.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect([...ics].filter((c) => /\p{Cc}/u.test(c) && c !== '\r' && c !== '\n')).toEqual([]);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Meet to sell Pixel\\n8 Pro\r\n');
    expect(unfolded).toContain('LOCATION:Gate 2\\nSUMMARY:fake\\nATTENDEE:x\r\n');
    expect(unfolded).toContain('Buyer: Bashir\\nBuyer\\, +8801712345678');
    expect(unfolded.match(/^SUMMARY:/gm)).toHaveLength(1);
    expect(unfolded).not.toMatch(/^ATTENDEE/m);
  });

  it('has no calendar for a request that is not accepted', async () => {
    const product = await newListing();
    const id = await requestBooking(t, buyer, product._id);
    const res = await call(t, buyer, 'GET', `/api/booking/${id}/calendar.ics`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'There is no meeting to add: the request is not accepted',
    );
  });
});

describe(`bad input on ${testDbKind}`, () => {
  let id: string;
  let acceptedId: string;

  beforeAll(async () => {
    id = await requestBooking(t, buyer, (await newListing())._id);
    acceptedId = await requestBooking(t, buyer, (await newListing())._id);
    await acceptBooking(t, seller, acceptedId);
  });

  it.each([
    [
      'a meeting time in the past',
      { meetingAt: inHours(-1) },
      'meetingAt',
      'The meeting time must be in the future',
    ],
    [
      'a meeting time that is no time',
      { meetingAt: 'tomorrow' },
      'meetingAt',
      'Give the meeting time as a date and time',
    ],
    ['a meeting time of the wrong type', { meetingAt: 12 }, 'meetingAt', 'Choose the meeting time'],
    ['no meeting place', { meetingPlace: '  ' }, 'meetingPlace', 'Meeting place is required'],
    [
      'a meeting place too long',
      { meetingPlace: 'x'.repeat(201) },
      'meetingPlace',
      'Meeting place must be at most 200 characters',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
  ])('refuses an accept with %s', async (_name, change, field, message) => {
    const before = await snapshot(t);
    const res = await post(seller, `/api/booking/${id}/accept`, { ...acceptBody(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it.each([
    ['letters', 'abcdef'],
    ['five digits', '12345'],
    ['a number', 123456],
  ])('refuses a code of %s without counting a try', async (_name, code) => {
    const before = await snapshot(t);
    const res = await post(seller, `/api/booking/${acceptedId}/complete`, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.code).toBeTypeOf('string');
    expect(await snapshot(t)).toEqual(before);
  });

  it.each([
    ['no reason', {}],
    ['an empty reason', { reason: ' ' }],
    ['a reason of the wrong type', { reason: 5 }],
    ['a reason too long', { reason: 'x'.repeat(301) }],
  ])('refuses a cancel with %s', async (_name, body) => {
    const before = await snapshot(t);
    const res = await post(buyer, `/api/booking/${id}/cancel`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBeTypeOf('string');
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a proposed time in the past', async () => {
    const product = await newListing();
    const before = await snapshot(t);
    const res = await post(
      otherBuyer,
      '/api/booking',
      requestBody(product._id, { proposedAt: inHours(-2) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.proposedAt).toBe('The proposed time must be in the future');
    expect(await snapshot(t)).toEqual(before);
  });

  it("answers 404 for other people's requests and 403 for the wrong role, changing nothing", async () => {
    const before = await snapshot(t);
    const cases: [TestUser | null, string, unknown, number][] = [
      [otherSeller, `/api/booking/${id}/accept`, acceptBody(), 404],
      [otherSeller, `/api/booking/${id}/decline`, {}, 404],
      [otherSeller, `/api/booking/${acceptedId}/complete`, { code: '123456' }, 404],
      [otherBuyer, `/api/booking/${id}/cancel`, { reason: 'mine now' }, 404],
      [otherSeller, `/api/booking/${id}/cancel`, { reason: 'mine now' }, 404],
      [buyer, `/api/booking/${id}/accept`, acceptBody(), 403],
      [buyer, `/api/booking/${acceptedId}/complete`, { code: '123456' }, 403],
      [admin, `/api/booking/${id}/cancel`, { reason: 'admin' }, 403],
      [null, `/api/booking/${id}/cancel`, { reason: 'anyone' }, 401],
    ];
    for (const [user, url, body, status] of cases) {
      const res = await post(user, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
