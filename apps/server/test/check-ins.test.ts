import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingState,
  ReportGroup,
  SellerBuyer,
  SellerProfile,
} from '@market/shared';
import { NO_SHOW_REASON_MAX, inspectionAnswersSchema } from '@market/shared';
import { recordNoShows } from '../src/modules/bookings/check-ins.job.ts';
import { checkIn } from '../src/modules/bookings/check-ins.service.ts';
import { saveInspectionAnswers } from '../src/modules/bookings/inspection.service.ts';
import { cancelBooking, completeBooking } from '../src/modules/bookings/bookings.service.ts';
import { getSellerProfile } from '../src/modules/reviews/seller-profile.service.ts';
import { AppError } from '../src/lib/errors.ts';
import { utcTime } from '../src/modules/notifications/public.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { actorOf, insertMeeting } from './helpers/check-ins.ts';
import {
  acceptBooking,
  bookingRow,
  inHours,
  passingAnswers,
  requestBooking,
} from './helpers/deal.ts';
import { notificationsOf } from './helpers/notifications.ts';
import { call, insertCategories, postProduct, snapshot } from './helpers/market.ts';

const t = useTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let otherSeller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Sara Seller' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer' });
  admin = await createUser(t, { role: 'admin' });
});

/** Each test's meeting is at its own hour, far from the others. */
let hours = 0;
function meetingTime(): Date {
  hours += 10;
  return new Date(Date.UTC(2031, 2, 1, 10) + hours * HOUR);
}

const runJob = (now: Date) =>
  recordNoShows(t.app.db, t.app.notifier, t.app.log.child({}, { level: 'silent' }), now);

/** What a service call throws, as status and message. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the call was not refused');
}

const checkInAt = (user: TestUser, id: string, now: Date) =>
  checkIn(t.app.db, t.app.notifier, actorOf(user), id, now);

async function noticesOf(user: TestUser, kind: string, bookingId: string) {
  return (await notificationsOf(t, user.id)).filter(
    (n) => n.kind === kind && n.dedupeKey.includes(bookingId),
  );
}

describe(`"I'm here" within the meeting window on ${testDbKind}`, () => {
  it('opens 30 minutes before the meeting (31 is refused with the times) and closes 60 after (61 is refused)', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);

    const early = await refusal(checkInAt(buyer, id, new Date(at.getTime() - 31 * MINUTE)));
    expect(early.status).toBe(409);
    expect(early.message).toBe(
      `"I'm here" is open only from ${utcTime(new Date(at.getTime() - 30 * MINUTE))} to ${utcTime(new Date(at.getTime() + 60 * MINUTE))}: 30 minutes before to 60 minutes after the meeting time`,
    );
    expect(early.message).toContain('1 Mar 2031');
    expect((await bookingRow(t, id)).buyerCheckedInAt).toBeNull();

    const late = await refusal(checkInAt(seller, id, new Date(at.getTime() + 61 * MINUTE)));
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/^"I'm here" is open only from .* UTC to .* UTC/);
    expect((await bookingRow(t, id)).sellerCheckedInAt).toBeNull();

    const first = await checkInAt(buyer, id, new Date(at.getTime() - 30 * MINUTE));
    expect(first.checkIn).toMatchObject({
      you: new Date(at.getTime() - 30 * MINUTE).toISOString(),
      other: null,
      noShow: null,
      opensAt: new Date(at.getTime() - 30 * MINUTE).toISOString(),
      closesAt: new Date(at.getTime() + 60 * MINUTE).toISOString(),
    });
    const last = await checkInAt(seller, id, new Date(at.getTime() + 60 * MINUTE));
    expect(last.checkIn).toMatchObject({
      you: new Date(at.getTime() + 60 * MINUTE).toISOString(),
      other: new Date(at.getTime() - 30 * MINUTE).toISOString(),
    });
  });

  it('takes one per side: a second answers 409 and changes nothing', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, id, at);
    const before = await bookingRow(t, id);
    const again = await refusal(checkInAt(seller, id, new Date(at.getTime() + 5 * MINUTE)));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/^You already said you are here, at /);
    expect(await bookingRow(t, id)).toEqual(before);
  });

  it('tells the other side, once', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(buyer, id, at);
    expect(await noticesOf(seller, 'meeting_check_in', id)).toMatchObject([
      {
        title: 'The buyer of Bulk phone is at the meeting place',
        link: '/dashboard/my-buyers',
      },
    ]);
    expect(await noticesOf(buyer, 'meeting_check_in', id)).toEqual([]);
    await checkInAt(seller, id, at);
    expect(await noticesOf(buyer, 'meeting_check_in', id)).toMatchObject([
      { title: 'The seller of Bulk phone is at the meeting place', link: '/dashboard/my-orders' },
    ]);
  });

  it('answers the route: parties 200, the window in both lists, refusals as the access layer gives them', async () => {
    const product = await postProduct(t, seller, { name: 'Pixel 7a', Category: 'realme' });
    const id = await requestBooking(t, buyer, product._id);
    // Before it is accepted there is no meeting.
    const waiting = await call(t, buyer, 'POST', `/api/booking/${id}/check-in`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'There is no meeting to check in to: the request is not accepted',
        reason: 'bookings.checkIn.noMeeting',
      },
    });
    const res = await call(t, seller, 'POST', `/api/booking/${id}/accept`, {
      meetingAt: inHours(0.25),
      meetingPlace: 'Gulshan 1 circle',
      timeZone: 'Asia/Dhaka',
    });
    expect(res.statusCode, res.body).toBe(200);

    const before = await snapshot(t);
    expect((await call(t, otherBuyer, 'POST', `/api/booking/${id}/check-in`)).json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such booking', reason: 'common.noSuch.booking' },
    });
    expect((await call(t, otherSeller, 'POST', `/api/booking/${id}/check-in`)).statusCode).toBe(
      404,
    );
    expect((await call(t, admin, 'POST', `/api/booking/${id}/check-in`)).statusCode).toBe(403);
    expect((await call(t, null, 'POST', `/api/booking/${id}/check-in`)).statusCode).toBe(401);
    const tooLong = await call(t, buyer, 'POST', `/api/booking/${'x'.repeat(200)}/check-in`);
    expect(tooLong.statusCode).toBe(400);
    const unknown = await call(t, buyer, 'POST', '/api/booking/not-an-id/check-in');
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);

    const mine = await call(t, buyer, 'POST', `/api/booking/${id}/check-in`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<BookingState>().checkIn).toMatchObject({ other: null, noShow: null });
    expect(mine.json<BookingState>().checkIn!.you).not.toBeNull();

    const orders = await call(t, buyer, 'GET', `/api/booking?email=${buyer.email}&limit=100`);
    const order = orders.json<Booking[]>().find((o) => o._id === id)!;
    expect(order.checkIn!.you).toBe(mine.json<BookingState>().checkIn!.you);
    const requests = await call(t, seller, 'GET', '/api/my-buyers?limit=100');
    const request = requests.json<SellerBuyer[]>().find((b) => b._id === id)!;
    expect(request.checkIn).toMatchObject({ you: null, other: order.checkIn!.you });

    const twice = await call(t, buyer, 'POST', `/api/booking/${id}/check-in`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { message: string } }>().error.message).toMatch(
      /^You already said you are here/,
    );
  });
});

describe(`no-shows recorded by the job on ${testDbKind}`, () => {
  it('records the absent side 2 hours after the meeting, not at 1 h 59, once, and tells them', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(buyer, id, new Date(at.getTime() - 10 * MINUTE));

    await runJob(new Date(at.getTime() + 2 * HOUR - MINUTE));
    expect((await bookingRow(t, id)).noShowSide).toBeNull();
    expect(await noticesOf(seller, 'no_show_recorded', id)).toEqual([]);

    const due = new Date(at.getTime() + 2 * HOUR);
    expect(await runJob(due)).toBeGreaterThanOrEqual(1);
    const row = await bookingRow(t, id);
    expect(row.noShowSide).toBe('seller');
    expect(new Date(row.noShowAt!).toISOString()).toBe(due.toISOString());
    expect(row.status).toBe('accepted');
    await runJob(new Date(due.getTime() + HOUR));
    expect(new Date((await bookingRow(t, id)).noShowAt!).toISOString()).toBe(due.toISOString());

    expect(await noticesOf(seller, 'no_show_recorded', id)).toMatchObject([
      {
        title: 'You were recorded as not coming to the meeting for Bulk phone',
        link: '/dashboard/my-buyers',
      },
    ]);
    expect(await noticesOf(buyer, 'no_show_recorded', id)).toEqual([]);
    const requests = await call(t, seller, 'GET', '/api/my-buyers?limit=100');
    expect(requests.json<SellerBuyer[]>().find((b) => b._id === id)!.checkIn).toMatchObject({
      noShow: 'you',
      noShowReason: null,
    });
  });

  it('records nothing when nobody, or both, checked in', async () => {
    const at = meetingTime();
    const nobody = await insertMeeting(t, buyer.id, seller.id, at);
    const both = await insertMeeting(t, buyer.id, seller.id, at, {
      buyerCheckedInAt: at,
      sellerCheckedInAt: at,
    });
    await runJob(new Date(at.getTime() + 3 * HOUR));
    expect((await bookingRow(t, nobody.id)).noShowSide).toBeNull();
    expect((await bookingRow(t, both.id)).noShowSide).toBeNull();
  });

  it('records nothing when the deal was completed', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, id, at);
    await completeBooking(
      t.app.db,
      t.app.notifier,
      actorOf(seller),
      id,
      '135790',
      new Date(at.getTime() + 20 * MINUTE),
    );
    expect((await bookingRow(t, id)).status).toBe('completed');
    await runJob(new Date(at.getTime() + 3 * HOUR));
    expect((await bookingRow(t, id)).noShowSide).toBeNull();
  });

  it('is no no-show when the deal was cancelled more than 2 hours before the meeting', async () => {
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, seller.id, at);
    await cancelBooking(
      t.app.db,
      t.app.notifier,
      actorOf(buyer),
      id,
      { preset: 'changed_mind' },
      new Date(at.getTime() - 2 * HOUR - MINUTE),
    );
    await runJob(new Date(at.getTime() + 3 * HOUR));
    const row = await bookingRow(t, id);
    expect(row.status).toBe('cancelled');
    expect(row.noShowSide).toBeNull();
  });

  it("counts a late cancel after the other side said \"I'm here\" as the canceller's, and never the checked-in side's", async () => {
    const at = meetingTime();
    const late = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, late.id, new Date(at.getTime() - 5 * MINUTE));
    await cancelBooking(
      t.app.db,
      t.app.notifier,
      actorOf(buyer),
      late.id,
      { preset: 'changed_mind' },
      new Date(at.getTime() + 10 * MINUTE),
    );
    expect(await bookingRow(t, late.id)).toMatchObject({
      status: 'cancelled',
      noShowSide: 'buyer',
    });
    expect(await noticesOf(buyer, 'no_show_recorded', late.id)).toHaveLength(1);
    const orders = await call(t, buyer, 'GET', `/api/booking?email=${buyer.email}&limit=100`);
    expect(orders.json<Booking[]>().find((o) => o._id === late.id)!.checkIn).toMatchObject({
      noShow: 'you',
    });

    const byPresent = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, byPresent.id, new Date(at.getTime() - 5 * MINUTE));
    await cancelBooking(
      t.app.db,
      t.app.notifier,
      actorOf(seller),
      byPresent.id,
      { preset: 'no_show' },
      new Date(at.getTime() + 50 * MINUTE),
    );
    expect((await bookingRow(t, byPresent.id)).noShowSide).toBeNull();

    const beforeOther = await insertMeeting(t, buyer.id, seller.id, at);
    await cancelBooking(
      t.app.db,
      t.app.notifier,
      actorOf(buyer),
      beforeOther.id,
      { preset: 'changed_mind' },
      new Date(at.getTime() - HOUR),
    );
    expect((await bookingRow(t, beforeOther.id)).noShowSide).toBeNull();
  });
});

describe(`a buyer who checks the phone at the meeting on ${testDbKind}`, () => {
  const inspect = (id: string, now: Date) =>
    saveInspectionAnswers(
      t.app.db,
      actorOf(buyer),
      id,
      inspectionAnswersSchema.parse(passingAnswers()),
      now,
    );

  it('is there: never recorded absent, by the job or by cancelling after the check failed', async () => {
    const at = meetingTime();
    const checked = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, checked.id, new Date(at.getTime() - 5 * MINUTE));
    // The buyer walks the checklist without pressing "I'm here": that says it for them.
    await inspect(checked.id, new Date(at.getTime() + 10 * MINUTE));
    expect(new Date((await bookingRow(t, checked.id)).buyerCheckedInAt!).toISOString()).toBe(
      new Date(at.getTime() + 10 * MINUTE).toISOString(),
    );
    await runJob(new Date(at.getTime() + 3 * HOUR));
    expect((await bookingRow(t, checked.id)).noShowSide).toBeNull();

    const failed = await insertMeeting(t, buyer.id, seller.id, at);
    await checkInAt(seller, failed.id, new Date(at.getTime() - 5 * MINUTE));
    await inspect(failed.id, new Date(at.getTime() + 10 * MINUTE));
    await cancelBooking(
      t.app.db,
      t.app.notifier,
      actorOf(buyer),
      failed.id,
      { preset: 'failed_check' },
      new Date(at.getTime() + 15 * MINUTE),
    );
    expect(await bookingRow(t, failed.id)).toMatchObject({
      status: 'cancelled',
      noShowSide: null,
    });
    expect(await noticesOf(buyer, 'no_show_recorded', failed.id)).toEqual([]);
  });

  it('says nothing of being there when checked outside the meeting window', async () => {
    const at = meetingTime();
    const early = await insertMeeting(t, buyer.id, seller.id, at);
    await inspect(early.id, new Date(at.getTime() - 31 * MINUTE));
    expect((await bookingRow(t, early.id)).buyerCheckedInAt).toBeNull();
    await checkInAt(seller, early.id, new Date(at.getTime() - 5 * MINUTE));
    await runJob(new Date(at.getTime() + 2 * HOUR));
    expect((await bookingRow(t, early.id)).noShowSide).toBe('buyer');
  });
});

describe(`the absent side's reason on ${testDbKind}`, () => {
  it('is taken from the absent side only, bounded, and shown to moderators', async () => {
    const absentSeller = await createUser(t, { role: 'seller', name: 'Absent Seller' });
    const at = meetingTime();
    const { id } = await insertMeeting(t, buyer.id, absentSeller.id, at, {
      buyerCheckedInAt: at,
    });
    const url = `/api/booking/${id}/no-show-reason`;
    // Nothing recorded yet.
    expect((await call(t, absentSeller, 'PUT', url, { reason: 'Stuck' })).statusCode).toBe(409);
    await runJob(new Date(at.getTime() + 2 * HOUR));

    const before = await snapshot(t);
    for (const [body, message] of [
      [{ reason: '' }, 'Say why you could not come'],
      [{ reason: '   ' }, 'Say why you could not come'],
      [{ reason: 42 }, 'Say why you could not come'],
      [{}, 'Say why you could not come'],
      [
        { reason: 'x'.repeat(NO_SHOW_REASON_MAX + 1) },
        `The reason must be at most ${NO_SHOW_REASON_MAX} characters`,
      ],
    ] as const) {
      const res = await call(t, absentSeller, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    // The side who came has no no-show to explain; others are told it does not exist.
    const present = await call(t, buyer, 'PUT', url, { reason: 'Not mine' });
    expect(present.statusCode).toBe(409);
    expect(present.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'There is no missed meeting of yours recorded for this request',
        reason: 'bookings.checkIn.noMissedMeeting',
      },
    });
    expect((await call(t, otherSeller, 'PUT', url, { reason: 'x' })).statusCode).toBe(404);
    expect((await call(t, admin, 'PUT', url, { reason: 'x' })).statusCode).toBe(403);
    expect(await snapshot(t)).toEqual(before);

    const res = await call(t, absentSeller, 'PUT', url, { reason: '  The bus broke down  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BookingState>().checkIn).toMatchObject({
      noShow: 'you',
      noShowReason: 'The bus broke down',
    });
    expect((await bookingRow(t, id)).noShowReason).toBe('The bus broke down');
    // The buyer sees the no-show, never the reason.
    const orders = await call(t, buyer, 'GET', `/api/booking?email=${buyer.email}&limit=100`);
    expect(orders.json<Booking[]>().find((o) => o._id === id)!.checkIn).toMatchObject({
      noShow: 'other',
      noShowReason: null,
    });

    const report = await call(t, buyer, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: absentSeller.id,
      reason: 'other',
      note: 'Did not come',
    });
    expect(report.statusCode, report.body).toBe(201);
    const queue = await call(t, admin, 'GET', '/api/admin/reports?limit=100');
    const group = queue.json<ReportGroup[]>().find((g) => g.targetId === absentSeller.id)!;
    expect(group.target).toMatchObject({
      kind: 'user',
      user: {
        showUp: { showed: 0, meetings: 1 },
        noShows: [
          {
            bookingId: id,
            productName: 'Bulk phone',
            side: 'seller',
            meetingAt: at.toISOString(),
            reason: 'The bus broke down',
          },
        ],
      },
    });
  });
});

describe(`"showed up to N of M meetings" on ${testDbKind}`, () => {
  it('shows on the seller profile from the third meeting on record', async () => {
    const counted = await createUser(t, { role: 'seller' });
    const at = meetingTime();
    await insertMeeting(t, buyer.id, counted.id, at, { status: 'completed' });
    // Not on record: cancelled early, and an accepted meeting nobody checked in to.
    await insertMeeting(t, buyer.id, counted.id, at, { status: 'cancelled' });
    await insertMeeting(t, buyer.id, counted.id, at);
    const { id } = await insertMeeting(t, buyer.id, counted.id, at, { buyerCheckedInAt: at });
    const profile = () => getSellerProfile(t.app.db, counted.id, 'http://localhost');

    await runJob(new Date(at.getTime() + HOUR));
    expect((await profile()).showUp).toBeNull();
    await runJob(new Date(at.getTime() + 2 * HOUR));
    expect((await bookingRow(t, id)).noShowSide).toBe('seller');
    // Two meetings on record: a completed deal and a missed meeting.
    expect((await profile()).showUp).toBeNull();

    await insertMeeting(t, buyer.id, counted.id, at, {
      buyerCheckedInAt: at,
      sellerCheckedInAt: at,
    });
    expect((await profile()).showUp).toEqual({ showed: 2, meetings: 3 });
    const res = await call(t, null, 'GET', `/api/sellers/${counted.id}`);
    expect(res.json<SellerProfile>().showUp).toEqual({ showed: 2, meetings: 3 });
  });

  it("shows the seller the buyer's own record on My Buyers", async () => {
    const counted = await createUser(t, { role: 'buyer' });
    const at = meetingTime();
    await insertMeeting(t, counted.id, otherSeller.id, at, { status: 'completed' });
    await insertMeeting(t, counted.id, otherSeller.id, at, {
      status: 'cancelled',
      sellerCheckedInAt: at,
      noShowSide: 'buyer',
    });
    const open = await insertMeeting(t, counted.id, seller.id, at);
    const lookup = async () =>
      (await call(t, seller, 'GET', '/api/my-buyers?limit=100'))
        .json<SellerBuyer[]>()
        .find((b) => b._id === open.id)!.buyerShowUp;
    expect(await lookup()).toBeNull();
    // A completed deal voids a no-show recorded before it.
    await insertMeeting(t, counted.id, otherSeller.id, at, {
      status: 'completed',
      sellerCheckedInAt: at,
      noShowSide: 'buyer',
    });
    expect(await lookup()).toEqual({ showed: 2, meetings: 3 });
  });
});

describe(`an accepted meeting booked through the API on ${testDbKind}`, () => {
  it('offers no check-in window before the request is accepted, and one after', async () => {
    const product = await postProduct(t, seller, { name: 'Galaxy A15', Category: 'samsung' });
    const id = await requestBooking(t, otherBuyer, product._id);
    const orders = async () =>
      (await call(t, otherBuyer, 'GET', `/api/booking?email=${otherBuyer.email}&limit=100`))
        .json<Booking[]>()
        .find((o) => o._id === id)!;
    expect((await orders()).checkIn).toBeNull();
    const state = await acceptBooking(t, seller, id);
    const meetingAt = new Date(state.meetingAt!).getTime();
    expect((await orders()).checkIn).toEqual({
      opensAt: new Date(meetingAt - 30 * MINUTE).toISOString(),
      closesAt: new Date(meetingAt + 60 * MINUTE).toISOString(),
      you: null,
      other: null,
      noShow: null,
      noShowReason: null,
    });
  });
});
