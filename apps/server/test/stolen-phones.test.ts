import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  POLICE_REPORT_MAX,
  STOLEN_REPORTS_PER_DAY,
  type AdminStolenReport,
  type ListingPage,
  type StolenReport,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import type { Actor } from '../src/lib/actor.ts';
import { ImeiHasher } from '../src/modules/phone-facts/public.ts';
import { reportStolenPhone } from '../src/modules/stolen-phones/stolen-phones.service.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';
import { newImei } from './helpers/imei.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let owner: TestUser;
let admin: TestUser;

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const yesterday = () => day(new Date(Date.now() - DAY_MS));

const report = (caller: TestUser, body: Record<string, unknown>) =>
  call(t, caller, 'POST', '/api/stolen-phones', body);

const listing = (id: string) =>
  t.app.db
    .selectFrom('products')
    .select(['moderation', 'moderationReason', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const openReports = (productId: string) =>
  t.app.db
    .selectFrom('reports')
    .select(['reason', 'note', 'status', 'reporterId'])
    .where('targetId', '=', productId)
    .where('status', '=', 'open')
    .orderBy('reason')
    .execute();

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { error: { fields?: Record<string, string> } }).error.fields ?? {};

async function actorOf(user: TestUser): Promise<Actor> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isVerifiedUser: false,
    phone: null,
    image: null,
  };
}

/** A listing of the phone, sold to `buyer` in a deal completed at `completedAt`. */
async function soldPhone(imei: string, completedAt: Date) {
  const product = await postProduct(t, seller, { imei, name: 'iPhone 13 sold here' });
  const w = valueWriters(t.app.db);
  const bookingId = crypto.randomUUID();
  await t.app.db
    .updateTable('products')
    .set({ status: 'sold', soldAt: w.date(completedAt) })
    .where('id', '=', product._id)
    .execute();
  await t.app.db
    .insertInto('bookings')
    .values({
      id: bookingId,
      buyerId: buyer.id,
      sellerId: seller.id,
      productId: product._id,
      name: 'Deal Buyer',
      email: buyer.email,
      phone: '+8801712345678',
      location: 'Uttara',
      productName: product.name,
      priceCents: 45_050,
      imgUrl: product.imgURL,
      createdAt: w.date(new Date(completedAt.getTime() - DAY_MS)),
      updatedAt: w.date(completedAt),
      status: 'completed',
      codeAttempts: 0,
      meetingAt: w.date(completedAt),
      meetingPlace: 'Uttara sector 7 park gate',
      meetingTimeZone: 'Asia/Dhaka',
      handoverCode: null,
      respondedAt: w.date(completedAt),
      completedAt: w.date(completedAt),
    })
    .execute();
  return { productId: product._id, bookingId };
}

const buyerNotices = () =>
  t.app.db
    .selectFrom('notifications')
    .select(['title', 'body', 'dedupeKey'])
    .where('userId', '=', buyer.id)
    .where('kind', '=', 'stolen_after_purchase')
    .execute();

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  owner = await createUser(t, { role: 'buyer' });
  admin = await createUser(t, { role: 'admin' });
});

describe(`stolen-phone reports on ${testDbKind}`, () => {
  it('keeps a keyed hash and the last four digits, and holds a live listing of the phone', async () => {
    const imei = newImei('86');
    const live = await postProduct(t, seller, { imei });
    expect((await listing(live._id)).moderation).toBeNull();

    const res = await report(owner, { imei, stolenOn: yesterday(), policeReport: 'DMP-2026-118' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<StolenReport>();
    expect(answer).toMatchObject({
      imeiLast4: imei.slice(-4),
      stolenOn: yesterday(),
      policeReport: 'DMP-2026-118',
      status: 'active',
      clearedOutcome: null,
    });
    expect(res.body).not.toContain(imei);

    const stored = await t.app.db
      .selectFrom('stolen_reports')
      .selectAll()
      .where('id', '=', answer._id)
      .executeTakeFirstOrThrow();
    expect(stored.imeiHash).toBe(new ImeiHasher(t.config.authSecret).store(imei).imeiHash);
    expect(JSON.stringify(stored)).not.toContain(imei);

    expect(await listing(live._id)).toMatchObject({ moderation: 'held' });
    expect(await openReports(live._id)).toEqual([
      {
        reason: 'stolen_imei',
        note: `Its IMEI is in stolen-phone report ${answer._id}`,
        status: 'open',
        reporterId: null,
      },
    ]);
    // Off show: the public page is gone, the seller reads only that it waits for a moderator.
    expect((await call(t, null, 'GET', `/api/product/${live._id}`)).statusCode).toBe(404);
    const own = await call(t, seller, 'GET', `/api/product/${live._id}`);
    expect(own.json<ListingPage>().moderation).toEqual({
      state: 'held',
      reason: 'Waiting for a moderator to check it before it is shown',
    });
  });

  it('answers the same whether or not a listing has the IMEI', async () => {
    const listed = newImei('86');
    await postProduct(t, otherSeller, { imei: listed });
    const unlisted = newImei('86');
    const reporter = await createUser(t, { role: 'buyer' });
    const a = await report(reporter, { imei: listed, stolenOn: yesterday() });
    const b = await report(reporter, { imei: unlisted, stolenOn: yesterday() });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const strip = (r: StolenReport) => ({ ...r, _id: 'x', createdAt: 'x', imeiLast4: 'x' });
    expect(strip(a.json())).toEqual(strip(b.json()));
    expect(Object.keys(a.json<object>()).sort()).toEqual(Object.keys(b.json<object>()).sort());
    const headers = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'content-length', 'x-request-id'].includes(k))
        .sort();
    expect(headers(a.headers)).toEqual(headers(b.headers));
    expect(a.body.length).toBe(b.body.length);
  });

  it('flags a deal completed here 29 days before the report, with the deal, and tells its buyer calmly', async () => {
    const imei = newImei('86');
    const sale = new Date('2026-03-01T12:00:00Z');
    const deal = await soldPhone(imei, sale);
    const notifiedBefore = (await buyerNotices()).length;

    const now = new Date(sale.getTime() + 29 * DAY_MS);
    await reportStolenPhone(
      t.app.db,
      t.app.notifier,
      new ImeiHasher(t.config.authSecret),
      await actorOf(owner),
      { imei, stolenOn: '2026-03-20', policeReport: null },
      now,
    );
    const flags = await openReports(deal.productId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reason: 'stolen_after_sale', reporterId: null });
    expect(flags[0]!.note).toContain(`29 days after deal ${deal.bookingId}`);
    // The sold listing itself stays sold, not held.
    expect(await listing(deal.productId)).toMatchObject({ status: 'sold', moderation: null });

    const notices = await buyerNotices();
    expect(notices).toHaveLength(notifiedBefore + 1);
    const notice = notices.find((n) =>
      n.dedupeKey.startsWith(`stolen_after_purchase:${deal.bookingId}`),
    );
    expect(notice?.title).toBe('About the iPhone 13 sold here you bought here');
    expect(notice?.body).toContain('This is not a finding against you');
    expect(notice?.body).not.toMatch(/thief|suspect|fraud|scam|accus/i);
  });

  it('does not flag a deal completed 31 days before the report', async () => {
    const imei = newImei('86');
    const sale = new Date('2026-03-01T12:00:00Z');
    const deal = await soldPhone(imei, sale);
    const notifiedBefore = (await buyerNotices()).length;

    await reportStolenPhone(
      t.app.db,
      t.app.notifier,
      new ImeiHasher(t.config.authSecret),
      await actorOf(owner),
      { imei, stolenOn: '2026-03-25', policeReport: null },
      new Date(sale.getTime() + 31 * DAY_MS),
    );
    expect(await openReports(deal.productId)).toEqual([]);
    expect(await buyerNotices()).toHaveLength(notifiedBefore);
  });

  it(`takes ${STOLEN_REPORTS_PER_DAY} reports a day from one account, then 429 with Retry-After`, async () => {
    const reporter = await createUser(t, { role: 'seller' });
    for (let i = 0; i < STOLEN_REPORTS_PER_DAY; i++) {
      const res = await report(reporter, { imei: newImei('86'), stolenOn: yesterday() });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A refused body does not count, and is refused before the quota.
    const bad = await report(reporter, { imei: '123', stolenOn: yesterday() });
    expect(bad.statusCode).toBe(400);
    const refused = await report(reporter, { imei: newImei('86'), stolenOn: yesterday() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'You can report at most 5 stolen phones a day. Try again in 24 hours.',
    );
    const inBangla = await call(
      t,
      { headers: { ...reporter.headers, 'accept-language': 'bn' } },
      'POST',
      '/api/stolen-phones',
      { imei: newImei('86'), stolenOn: yesterday() },
    );
    expect(inBangla.statusCode).toBe(429);
    expect(inBangla.json<{ error: { message: string } }>().error.message).toBe(
      'দিনে সর্বোচ্চ ৫টি চুরি হওয়া ফোনের রিপোর্ট করা যায়। ২৪ ঘণ্টা পরে আবার চেষ্টা করুন।',
    );
    const count = await t.app.db
      .selectFrom('stolen_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reporterId', '=', reporter.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(STOLEN_REPORTS_PER_DAY);
  });

  it('holds a listing posted or edited later with a reported IMEI', async () => {
    const imei = newImei('86');
    expect((await report(owner, { imei, stolenOn: yesterday() })).statusCode).toBe(201);
    const posted = await postProduct(t, otherSeller, { imei });
    expect((await listing(posted._id)).moderation).toBe('held');
    expect((await openReports(posted._id)).map((r) => r.reason)).toEqual(['stolen_imei']);

    const other = newImei('86');
    expect((await report(owner, { imei: other, stolenOn: yesterday() })).statusCode).toBe(201);
    const edited = await postProduct(t, otherSeller, {});
    const res = await call(t, otherSeller, 'PATCH', `/api/my-products/${edited._id}`, {
      imei: other,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listing(edited._id)).moderation).toBe('held');
    // Held for the changed IMEI and for the stolen report: both wait for the moderator.
    expect((await openReports(edited._id)).map((r) => r.reason)).toEqual([
      'imei_changed',
      'stolen_imei',
    ]);
  });

  it('clearing releases the hold it caused, records it and tells the reporter', async () => {
    const imei = newImei('86');
    const live = await postProduct(t, seller, { imei });
    const filed = await report(owner, { imei, stolenOn: yesterday() });
    const id = filed.json<StolenReport>()._id;
    expect((await listing(live._id)).moderation).toBe('held');

    const queue = await call(t, admin, 'GET', '/api/admin/stolen-phones?page=1');
    expect(queue.statusCode).toBe(200);
    const entry = queue.json<AdminStolenReport[]>().find((r) => r._id === id);
    expect(entry?.listings).toEqual([{ _id: live._id, name: live.name, moderation: 'held' }]);
    expect(entry?.reporter).toMatchObject({ _id: owner.id, email: owner.email });

    const cleared = await call(t, admin, 'POST', `/api/admin/stolen-phones/${id}/clear`, {
      outcome: 'recovered',
      reason: 'The owner found it at home',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ cleared: true, releasedCount: 1 });
    expect(await listing(live._id)).toMatchObject({ moderation: null, moderationReason: null });
    expect(await openReports(live._id)).toEqual([]);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actorId', 'reason', 'targetType'])
      .where('targetId', '=', id)
      .execute();
    expect(audit).toEqual([
      {
        action: 'clear_stolen_report',
        actorId: admin.id,
        reason: 'The owner found it at home',
        targetType: 'stolen_report',
      },
    ]);
    const own = await call(t, owner, 'GET', '/api/stolen-phones?page=1');
    expect(own.json<StolenReport[]>().find((r) => r._id === id)).toMatchObject({
      status: 'cleared',
      clearedOutcome: 'recovered',
    });
    const again = await call(t, admin, 'POST', `/api/admin/stolen-phones/${id}/clear`, {
      outcome: 'recovered',
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
  });

  it('clearing leaves a listing held that something else holds', async () => {
    const imei = newImei('86');
    const live = await postProduct(t, seller, { imei });
    const first = (await report(owner, { imei, stolenOn: yesterday() })).json<StolenReport>();
    const another = await createUser(t, { role: 'buyer' });
    const second = (await report(another, { imei, stolenOn: yesterday() })).json<StolenReport>();

    // Another active report of the IMEI keeps the hold.
    const clear = (id: string) =>
      call(t, admin, 'POST', `/api/admin/stolen-phones/${id}/clear`, {
        outcome: 'mistaken',
        reason: 'Typed the wrong number',
      });
    expect((await clear(first._id)).json()).toEqual({ cleared: true, releasedCount: 0 });
    expect((await listing(live._id)).moderation).toBe('held');

    // So does a person's open report about the listing.
    const filed = await call(t, buyer, 'POST', '/api/reports', {
      targetType: 'listing',
      targetId: live._id,
      reason: 'fake',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await clear(second._id)).json()).toEqual({ cleared: true, releasedCount: 0 });
    expect((await listing(live._id)).moderation).toBe('held');
    expect((await openReports(live._id)).map((r) => r.reason)).toEqual(['fake']);
  });

  it('lets the owner withdraw their own report only', async () => {
    const owner = await createUser(t, { role: 'buyer' });
    const imei = newImei('86');
    const live = await postProduct(t, seller, { imei });
    const id = (await report(owner, { imei, stolenOn: yesterday() })).json<StolenReport>()._id;

    expect((await call(t, buyer, 'DELETE', `/api/stolen-phones/${id}`)).statusCode).toBe(404);
    expect((await call(t, admin, 'DELETE', `/api/stolen-phones/${id}`)).statusCode).toBe(404);
    expect((await listing(live._id)).moderation).toBe('held');

    const res = await call(t, owner, 'DELETE', `/api/stolen-phones/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ withdrawn: true });
    expect((await listing(live._id)).moderation).toBeNull();
    expect((await call(t, owner, 'DELETE', `/api/stolen-phones/${id}`)).statusCode).toBe(409);
    expect(
      (await call(t, owner, 'DELETE', '/api/stolen-phones/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });

  it("lists only the owner's reports, with the last four digits only", async () => {
    const imei = newImei('86');
    const mine = await createUser(t, { role: 'seller' });
    await report(mine, {
      imei,
      stolenOn: yesterday(),
      policeReport: 'A'.repeat(POLICE_REPORT_MAX),
    });
    const res = await call(t, mine, 'GET', '/api/stolen-phones?page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json<StolenReport[]>().map((r) => r.imeiLast4)).toEqual([imei.slice(-4)]);
    expect(res.body).not.toContain(imei.slice(0, 11));
    const others = await call(t, buyer, 'GET', '/api/stolen-phones?page=1');
    expect(others.body).not.toContain(imei.slice(-4) + '"');
  });

  it.each([
    ['a short IMEI', { imei: '12345', stolenOn: '2026-01-02' }, 'imei', 'An IMEI has 15 digits'],
    [
      'a wrong check digit',
      { imei: '490154203237519', stolenOn: '2026-01-02' },
      'imei',
      "This IMEI's last digit does not match: check it for a typo",
    ],
    [
      'an IMEI as a number',
      { imei: 490154203237518, stolenOn: '2026-01-02' },
      'imei',
      'An IMEI has 15 digits',
    ],
    ['no date', { imei: '490154203237518' }, 'stolenOn', 'Give the day it was stolen'],
    [
      'a date that is no day',
      { imei: '490154203237518', stolenOn: '2026-02-31' },
      'stolenOn',
      'Give the day it was stolen',
    ],
    [
      'a future date',
      { imei: '490154203237518', stolenOn: day(new Date(Date.now() + 3 * DAY_MS)) },
      'stolenOn',
      'The day it was stolen cannot be in the future',
    ],
    [
      'a long police report number',
      {
        imei: '490154203237518',
        stolenOn: '2026-01-02',
        policeReport: 'P'.repeat(POLICE_REPORT_MAX + 1),
      },
      'policeReport',
      `The police report number must be at most ${POLICE_REPORT_MAX} characters`,
    ],
    [
      'a police report number on two lines',
      { imei: '490154203237518', stolenOn: '2026-01-02', policeReport: 'A\nB' },
      'policeReport',
      'The police report number must be on one line',
    ],
  ])(
    'refuses %s with 400 and the field message, storing nothing',
    async (_label, body, field, message) => {
      const before = await t.app.db.selectFrom('stolen_reports').select('id').execute();
      const res = await report(owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res.body)[field]).toBe(message);
      expect(await t.app.db.selectFrom('stolen_reports').select('id').execute()).toHaveLength(
        before.length,
      );
    },
  );

  it('refuses a clear with a bad outcome or no reason, and an unknown report', async () => {
    const bad = await call(
      t,
      admin,
      'POST',
      `/api/admin/stolen-phones/${crypto.randomUUID()}/clear`,
      {
        outcome: 'found',
        reason: '',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad.body)).toMatchObject({
      outcome: 'Say whether it was recovered or a mistake',
      reason: 'Give a reason',
    });
    const missing = await call(
      t,
      admin,
      'POST',
      `/api/admin/stolen-phones/${crypto.randomUUID()}/clear`,
      {
        outcome: 'mistaken',
        reason: 'No such',
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});
