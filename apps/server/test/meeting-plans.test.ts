import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingState,
  MeetingPlan,
  MeetingPlanShare,
  MeetingPlanShareState,
  Product,
  SellerBuyer,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { acceptBody, bookingRow, productStatus, requestBooking } from './helpers/deal.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

/*
 * A seller accepting at a safe meeting spot (the deal, the lists and the calendar file carry
 * it), and "share my meeting plan": the link, what it shows and never shows, its expiry 12
 * hours after the meeting, and its revocation.
 */

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

const SPOT = {
  name: 'Gulshan Police Station',
  address: 'Gulshan Avenue, Road 35',
  placeId: 2000000001,
  area: 'Gulshan, Dhaka',
  lat: 23.7925,
  lon: 90.4078,
  openingHours: 'Open all day, every day',
  kind: 'police_station' as const,
};

async function insertSpot(overrides: Partial<typeof SPOT> & { removed?: boolean } = {}) {
  const { removed, ...fields } = overrides;
  const id = crypto.randomUUID();
  const w = valueWriters(t.app.db);
  const now = w.date(new Date());
  await t.app.db
    .insertInto('meeting_spots')
    .values({
      id,
      ...SPOT,
      ...fields,
      createdAt: now,
      updatedAt: now,
      removedAt: removed ? now : null,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, {
    role: 'seller',
    name: 'Sara Rahman Seller',
    phone: '+8801811111111',
  });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Uddin', phone: '+8801922222222' });
  otherBuyer = await createUser(t, { role: 'buyer' });
  otherSeller = await createUser(t, { role: 'seller' });
  admin = await createUser(t, { role: 'admin' });
});

async function newRequest(): Promise<{ product: Product; id: string }> {
  const product = await postProduct(t, seller, { name: 'Galaxy S23', Category: 'realme' });
  return { product, id: await requestBooking(t, buyer, product._id) };
}

async function acceptedDeal(extra: Record<string, unknown> = {}) {
  const deal = await newRequest();
  const res = await call(t, seller, 'POST', `/api/booking/${deal.id}/accept`, acceptBody(extra));
  expect(res.statusCode, res.body).toBe(200);
  return { ...deal, state: res.json<BookingState>() };
}

const shares = () => t.app.db.selectFrom('meeting_plan_shares').selectAll().execute();

describe(`accepting at a safe meeting spot on ${testDbKind}`, () => {
  it('sets the spot as the place: the deal, both lists and the calendar file carry it', async () => {
    const spotId = await insertSpot();
    const { id } = await acceptedDeal({ meetingSpotId: spotId, meetingPlace: undefined });
    const row = await bookingRow(t, id);
    expect(row.meetingSpotId).toBe(spotId);
    expect(row.meetingPlace).toBe('Gulshan Police Station, Gulshan Avenue, Road 35');

    const spot = { id: spotId, ...SPOT };
    const orders = await call(t, buyer, 'GET', `/api/booking?email=${buyer.email}&limit=100`);
    expect(orders.json<Booking[]>().find((o) => o._id === id)).toMatchObject({
      meetingPlace: 'Gulshan Police Station, Gulshan Avenue, Road 35',
      meetingSpot: spot,
    });
    const buyers = await call(t, seller, 'GET', '/api/my-buyers?limit=100');
    expect(buyers.json<SellerBuyer[]>().find((b) => b._id === id)?.meetingSpot).toEqual(spot);

    const ics = (await call(t, buyer, 'GET', `/api/booking/${id}/calendar.ics`)).body.replace(
      /\r\n /g,
      '',
    );
    expect(ics).toContain('LOCATION:Gulshan Police Station\\, Gulshan Avenue\\, Road 35\r\n');
    expect(ics).toContain('GEO:23.7925;90.4078\r\n');
  });

  it("gives the seller the listing's area, to offer the spots near it", async () => {
    const placed = await postProduct(t, seller, {
      name: 'Galaxy S23',
      Category: 'realme',
      placeId: 2000000001,
    });
    const id = await requestBooking(t, buyer, placed._id);
    const { id: unplaced } = await newRequest();
    const rows = (await call(t, seller, 'GET', '/api/my-buyers?limit=100')).json<SellerBuyer[]>();
    expect(rows.find((r) => r._id === id)?.listingPlaceId).toBe(2000000001);
    expect(rows.find((r) => r._id === unplaced)?.listingPlaceId).toBeNull();
  });

  it('keeps a typed place working, with no spot and no GEO', async () => {
    const { id, state } = await acceptedDeal();
    expect(state).toMatchObject({
      meetingPlace: 'Bashundhara City, ground floor',
      meetingSpot: null,
    });
    const ics = (await call(t, seller, 'GET', `/api/booking/${id}/calendar.ics`)).body;
    expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:Bashundhara City\\, ground floor\r\n');
    expect(ics).not.toContain('GEO:');
  });

  it.each([
    [
      'an unknown spot',
      () => Promise.resolve('no-such-spot'),
      'Choose one of the meeting spots offered',
      'meetingSpotId',
    ],
    [
      'a removed spot',
      () => insertSpot({ removed: true }),
      'Choose one of the meeting spots offered',
      'meetingSpotId',
    ],
    [
      'a spot id that is not text',
      () => Promise.resolve(42 as unknown as string),
      'Invalid input: expected string, received number',
      'meetingSpotId',
    ],
    [
      'neither spot nor place',
      () => Promise.resolve(''),
      'Meeting place is required',
      'meetingPlace',
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, spot, message, field) => {
    const { product, id } = await newRequest();
    const spotId = await spot();
    const res = await call(
      t,
      seller,
      'POST',
      `/api/booking/${id}/accept`,
      acceptBody({ meetingSpotId: spotId === '' ? undefined : spotId, meetingPlace: undefined }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
    expect(error.fields?.[field] ?? error.message).toBe(message);
    expect(await bookingRow(t, id)).toMatchObject({
      status: 'requested',
      meetingSpotId: null,
      meetingPlace: null,
    });
    expect((await productStatus(t, product._id)).status).toBe('available');
  });
});

describe(`sharing a meeting plan on ${testDbKind}`, () => {
  it('answers a link that opens signed out with the plan and nothing to contact anyone by', async () => {
    const spotId = await insertSpot();
    const { id, state } = await acceptedDeal({ meetingSpotId: spotId });
    const res = await call(t, buyer, 'POST', `/api/booking/${id}/share`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const share = res.json<MeetingPlanShare>();
    const url = new URL(share.url);
    expect(url.pathname).toMatch(/^\/meeting-plan\/[\w.-]+$/);
    const meetingAt = Date.parse(state.meetingAt!);
    expect(Date.parse(share.expiresAt)).toBe(meetingAt + 12 * 3_600_000);

    // Asking again answers the same live link.
    const again = await call(t, buyer, 'POST', `/api/booking/${id}/share`);
    expect(again.json<MeetingPlanShare>().url).toBe(share.url);
    expect((await shares()).filter((s) => s.bookingId === id)).toHaveLength(1);
    const own = await call(t, buyer, 'GET', `/api/booking/${id}/share`);
    expect(own.json<MeetingPlanShareState>().share?.url).toBe(share.url);

    const token = url.pathname.split('/').pop()!;
    const opened = await call(t, null, 'GET', `/api/meeting-plans/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['x-robots-tag']).toBe('noindex, nofollow');
    const plan = opened.json<MeetingPlan>();
    expect(plan).toEqual({
      status: 'accepted',
      meetingAt: new Date(meetingAt).toISOString(),
      timeZone: 'Asia/Dhaka',
      place: 'Gulshan Police Station, Gulshan Avenue, Road 35',
      spot: { id: spotId, ...SPOT },
      productName: 'Galaxy S23',
      imageUrl: expect.any(String) as string,
      sharedBy: 'buyer',
      otherFirstName: 'Sara',
      expiresAt: share.expiresAt,
    });
    const row = await bookingRow(t, id);
    for (const secret of [
      seller.email,
      buyer.email,
      '+8801811111111',
      '+8801922222222',
      '8801712345678',
      row.handoverCode!,
      'Rahman',
      'Uddin',
      'Bashir',
    ]) {
      expect(opened.body).not.toContain(secret);
    }
  });

  it("gives the seller their own link, showing the buyer's first name", async () => {
    const { id } = await acceptedDeal();
    const buyerLink = (
      await call(t, buyer, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    const sellerLink = (
      await call(t, seller, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    expect(sellerLink.url).not.toBe(buyerLink.url);
    const token = new URL(sellerLink.url).pathname.split('/').pop()!;
    const plan = (await call(t, null, 'GET', `/api/meeting-plans/${token}`)).json<MeetingPlan>();
    expect(plan).toMatchObject({ sharedBy: 'seller', otherFirstName: 'Bashir', spot: null });
  });

  it('stops opening once revoked; a new link works, the old one stays dead', async () => {
    const { id } = await acceptedDeal();
    const first = (
      await call(t, seller, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    const firstToken = new URL(first.url).pathname.split('/').pop()!;
    const revoked = await call(t, seller, 'DELETE', `/api/booking/${id}/share`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    const gone = await call(t, null, 'GET', `/api/meeting-plans/${firstToken}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'This meeting plan is no longer shared',
        reason: 'bookings.plan.revoked',
      },
    });
    expect(gone.headers['cache-control']).toBe('private, no-store');
    expect((await call(t, seller, 'GET', `/api/booking/${id}/share`)).json()).toEqual({
      share: null,
    });
    // Revoking again finds nothing to revoke.
    expect((await call(t, seller, 'DELETE', `/api/booking/${id}/share`)).json()).toEqual({
      revoked: false,
    });

    const second = (
      await call(t, seller, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    expect(second.url).not.toBe(first.url);
    const secondToken = new URL(second.url).pathname.split('/').pop()!;
    expect((await call(t, null, 'GET', `/api/meeting-plans/${secondToken}`)).statusCode).toBe(200);
    expect((await call(t, null, 'GET', `/api/meeting-plans/${firstToken}`)).statusCode).toBe(404);
  });

  it('expires 12 hours after the meeting, and cannot be made then', async () => {
    const { id } = await acceptedDeal();
    const share = (
      await call(t, buyer, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    const token = new URL(share.url).pathname.split('/').pop()!;
    const w = valueWriters(t.app.db);
    const setMeeting = (at: Date) =>
      t.app.db
        .updateTable('bookings')
        .set({ meetingAt: w.date(at) })
        .where('id', '=', id)
        .execute();

    // Eleven hours and a half after the meeting: still open.
    await setMeeting(new Date(Date.now() - 11.5 * 3_600_000));
    expect((await call(t, null, 'GET', `/api/meeting-plans/${token}`)).statusCode).toBe(200);

    await setMeeting(new Date(Date.now() - 12 * 3_600_000 - 60_000));
    const expired = await call(t, null, 'GET', `/api/meeting-plans/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'This meeting plan has expired',
        reason: 'bookings.plan.expired',
      },
    });
    expect((await call(t, buyer, 'GET', `/api/booking/${id}/share`)).json()).toEqual({
      share: null,
    });
    const before = await shares();
    const late = await call(t, seller, 'POST', `/api/booking/${id}/share`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'This meeting was more than 12 hours ago',
        reason: 'bookings.plan.tooLate',
      },
    });
    expect(await shares()).toEqual(before);
  });

  it('stops opening when the deal is called off', async () => {
    const { id } = await acceptedDeal();
    const share = (
      await call(t, buyer, 'POST', `/api/booking/${id}/share`)
    ).json<MeetingPlanShare>();
    const token = new URL(share.url).pathname.split('/').pop()!;
    const cancelled = await call(t, seller, 'POST', `/api/booking/${id}/cancel`, {
      preset: 'no_longer_for_sale',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await call(t, null, 'GET', `/api/meeting-plans/${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'This meeting was called off, so its plan is no longer shared',
        reason: 'bookings.plan.calledOff',
      },
    });
  });

  it('refuses a request not accepted yet, and other people, changing nothing', async () => {
    const { id } = await newRequest();
    const before = await shares();
    const waiting = await call(t, buyer, 'POST', `/api/booking/${id}/share`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'A meeting plan can be shared once the request is accepted',
        reason: 'bookings.plan.notAccepted',
      },
    });
    const { id: accepted } = await acceptedDeal();
    for (const stranger of [otherBuyer, otherSeller]) {
      const res = await call(t, stranger, 'POST', `/api/booking/${accepted}/share`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No such booking', reason: 'common.noSuch.booking' },
      });
    }
    expect((await call(t, admin, 'POST', `/api/booking/${accepted}/share`)).statusCode).toBe(403);
    expect((await call(t, null, 'POST', `/api/booking/${accepted}/share`)).statusCode).toBe(401);
    const tooLong = await call(t, buyer, 'POST', `/api/booking/${'x'.repeat(65)}/share`);
    expect(tooLong.statusCode).toBe(400);
    expect(await shares()).toEqual(before);
  });

  it.each([
    ['a made-up token', 'abc.def'],
    ['a token with its signature changed', null],
    ['an overly long token', 'x'.repeat(201)],
  ])('opens nothing for %s', async (_label, given) => {
    let token = given;
    if (token === null) {
      const { id } = await acceptedDeal();
      const share = (
        await call(t, buyer, 'POST', `/api/booking/${id}/share`)
      ).json<MeetingPlanShare>();
      const real = new URL(share.url).pathname.split('/').pop()!;
      token = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
    }
    const res = await call(t, null, 'GET', `/api/meeting-plans/${token}`);
    if (given !== null && given.length > 200) {
      expect(res.statusCode).toBe(400);
      return;
    }
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such meeting plan', reason: 'bookings.plan.noSuch' },
    });
  });
});
