import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Booking,
  type Inspection,
  type InspectionImeiResult,
  type PhoneHistory,
  type SellerProfile,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  acceptBooking,
  bookingRow,
  passInspection,
  passingAnswers,
  requestBooking,
} from './helpers/deal.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';
import { writeReview } from './helpers/reviews.ts';
import { newImei } from './helpers/imei.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let thirdSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;

/** The same 15 digits with the check digit broken. */
const badCheckDigit = (imei: string) => `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', name: 'Selina Seller' });
  otherSeller = await createUser(t, { role: 'seller', name: 'Omar Othershop' });
  thirdSeller = await createUser(t, { role: 'seller', name: 'Tariq Third' });
  buyer = await createUser(t, { role: 'buyer', name: 'Bina Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Obaid Otherbuyer' });
});

const inspectionUrl = (id: string) => `/api/booking/${id}/inspection`;
const put = (user: TestUser, id: string, body: unknown) =>
  call(t, user, 'PUT', inspectionUrl(id), body);
const tryImei = (user: TestUser, id: string, imei: unknown) =>
  call(t, user, 'POST', `${inspectionUrl(id)}/imei`, { imei });
const codeOf = (user: TestUser, id: string) => call(t, user, 'GET', `/api/booking/${id}/code`);
const complete = (user: TestUser, id: string, code: string) =>
  call(t, user, 'POST', `/api/booking/${id}/complete`, { code });

async function orderOf(user: TestUser, id: string): Promise<Booking> {
  const res = await call(t, user, 'GET', `/api/booking?email=${encodeURIComponent(user.email)}`);
  return res.json<Booking[]>().find((o) => o._id === id)!;
}

/** A listing of `owner` (with this IMEI, if any) requested by `customer` and accepted. */
async function acceptedDeal(
  owner: TestUser,
  customer: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; productId: string }> {
  const product = await postProduct(t, owner, {
    name: 'Pixel 8 128GB',
    Category: 'realme',
    ...extra,
  });
  const id = await requestBooking(t, customer, product._id);
  await acceptBooking(t, owner, id);
  return { id, productId: product._id };
}

const inspectionRow = (id: string) =>
  t.app.db
    .selectFrom('booking_inspections')
    .selectAll()
    .where('bookingId', '=', id)
    .executeTakeFirst();

const reportsAbout = (productId: string) =>
  t.app.db
    .selectFrom('reports')
    .select(['reason', 'note', 'status', 'reporterId'])
    .where('targetType', '=', 'listing')
    .where('targetId', '=', productId)
    .execute();

describe(`the check at hand-over on ${testDbKind}`, () => {
  it('completes a deal only after the inspection: the code is 409 before, 200 after', async () => {
    const imei = newImei();
    const { id, productId } = await acceptedDeal(seller, buyer, { imei, batteryHealth: 90 });
    const stored = (await bookingRow(t, id)).handoverCode!;

    const before = await codeOf(buyer, id);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.message).toBe(
      'Check the phone first: the code is shown once the check at hand-over is complete',
    );
    expect(await orderOf(buyer, id)).toMatchObject({
      handoverCode: null,
      inspectionDue: true,
      inspectionStatus: 'not_started',
    });
    expect((await complete(seller, id, stored)).statusCode).toBe(409);

    // Step by step, each saved as it is answered: a reload reads what was saved.
    const matched = await tryImei(buyer, id, `${imei.slice(0, 5)} ${imei.slice(5)}`);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<InspectionImeiResult>()).toMatchObject({ matches: true, triesLeft: 3 });
    const partial = passingAnswers({ verdict: null, batteryHealth: 87, checks: {} });
    expect((await put(buyer, id, partial)).statusCode).toBe(200);
    const reloaded = (await call(t, buyer, 'GET', inspectionUrl(id))).json<Inspection>();
    expect(reloaded).toMatchObject({
      status: 'in_progress',
      required: true,
      imei: 'matches',
      answers: { signedOut: true, batteryHealth: 87, verdict: null },
    });
    expect(reloaded.missing).toEqual([
      'Screen',
      'Cameras',
      'Speaker and microphone',
      'Charging',
      'Buttons',
      'SIM',
    ]);
    // The seller of the deal reads the same record; the code is not in it.
    const seen = await call(t, seller, 'GET', inspectionUrl(id));
    expect(seen.json<Inspection>()).toEqual(reloaded);
    expect(seen.body).not.toContain(stored);
    expect(seen.body).not.toContain(imei);

    // Taking the phone before every step is answered is refused, and changes nothing.
    const early = await put(buyer, id, { ...partial, verdict: 'accept' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Answer every step first: Screen, Cameras, Speaker and microphone, Charging, Buttons, SIM',
    );
    const inBangla = await call(
      t,
      { headers: { ...buyer.headers, 'accept-language': 'bn' } },
      'PUT',
      inspectionUrl(id),
      { ...partial, verdict: 'accept' },
    );
    expect(inBangla.statusCode).toBe(409);
    expect(inBangla.json().error.message).toBe(
      'আগে প্রতিটি ধাপের উত্তর দিন: স্ক্রিন, ক্যামেরা, স্পিকার ও মাইক্রোফোন, চার্জিং, বাটন, SIM',
    );
    expect((await inspectionRow(id))!.completedAt).toBeNull();

    const answers = passingAnswers({
      batteryHealth: 87,
      checks: {
        ...passingAnswers().checks,
        buttons: { result: 'faulty', note: 'Volume down is stiff' },
      },
    });
    const done = await put(buyer, id, answers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Inspection>()).toMatchObject({
      status: 'complete',
      failures: [],
      missing: [],
    });
    // The same answers again: the same record (idempotent); other answers are refused now.
    const again = await put(buyer, id, answers);
    expect(again.statusCode).toBe(200);
    expect(again.json<Inspection>()).toEqual(done.json<Inspection>());
    const changed = await put(buyer, id, { ...answers, batteryHealth: 50 });
    expect(changed.statusCode).toBe(409);

    const after = await codeOf(buyer, id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ code: stored });
    expect(after.headers['cache-control']).toBe('private, no-store');
    expect((await orderOf(buyer, id)).handoverCode).toBe(stored);

    const res = await complete(seller, id, stored);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(buyer, id)).toMatchObject({
      status: 'completed',
      checkedAtHandover: true,
      inspectionStatus: 'complete',
    });
    const row = (await inspectionRow(id))!;
    expect(row.handedOverAt).not.toBeNull();
    expect(row.productId).toBe(productId);
    // The typed IMEI is kept nowhere.
    expect(JSON.stringify(row)).not.toContain(imei);

    // The review of the deal and the seller's profile carry the mark.
    const review = await writeReview(t, buyer, id, 5);
    expect(review.checkedAtHandover).toBe(true);
    const profile = (await call(t, null, 'GET', `/api/sellers/${seller.id}`)).json<SellerProfile>();
    expect(profile).toMatchObject({ completedDeals: 1, checkedDeals: 1 });
  });

  it('keeps the code hidden on an IMEI mismatch, reports the listing, and lets the buyer cancel', async () => {
    const imei = newImei();
    const { id, productId } = await acceptedDeal(seller, buyer, { imei });
    const wrong = newImei();
    const res = await tryImei(buyer, id, wrong);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<InspectionImeiResult>();
    expect(result).toMatchObject({ matches: false, triesLeft: 2 });
    expect(result.inspection).toMatchObject({
      status: 'failed',
      imei: 'does_not_match',
      failures: ["The IMEI the phone shows does not match the listing's"],
    });
    expect(res.body).not.toContain(imei);
    expect(res.body).not.toContain(wrong);

    const reports = await reportsAbout(productId);
    expect(reports).toEqual([
      {
        reason: 'imei_mismatch',
        note: `At the hand-over of request ${id}, the phone's IMEI did not match the listing's (try 1 of 3)`,
        status: 'open',
        reporterId: null,
      },
    ]);
    // Neither the IMEI typed nor the listing's is stored with the report or the record.
    expect(JSON.stringify(await inspectionRow(id))).not.toContain(wrong);

    expect((await codeOf(buyer, id)).statusCode).toBe(409);
    expect((await orderOf(buyer, id)).handoverCode).toBeNull();
    // The phone cannot be taken while the IMEI does not match.
    const take = await put(buyer, id, passingAnswers());
    expect(take.statusCode).toBe(409);
    expect(take.json().error.message).toBe(
      "The phone did not pass the check: The IMEI the phone shows does not match the listing's",
    );

    const cancel = await call(t, buyer, 'POST', `/api/booking/${id}/cancel`, {
      preset: 'failed_check',
      reason: 'IMEI on the phone differs',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: 'cancelled',
      productStatus: 'available',
      reason: 'The phone did not pass the check at hand-over: IMEI on the phone differs',
      closedBy: 'buyer',
    });
    // The record stays with the deal.
    expect((await inspectionRow(id))!.imeiState).toBe('does_not_match');
  });

  it('takes 3 IMEIs that do not match per request, then 409; typos count no try', async () => {
    const imei = newImei();
    const { id, productId } = await acceptedDeal(otherSeller, buyer, { imei });
    const typo = await tryImei(buyer, id, badCheckDigit(imei));
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.fields.imei).toBe(
      "This IMEI's last digit does not match: check it for a typo",
    );
    const short = await tryImei(buyer, id, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.imei).toBe('An IMEI has 15 digits');
    expect((await tryImei(buyer, id, 12345)).statusCode).toBe(400);
    expect(await inspectionRow(id)).toBeUndefined();

    for (const left of [2, 1, 0]) {
      const res = await tryImei(buyer, id, newImei());
      expect(res.statusCode).toBe(200);
      expect(res.json<InspectionImeiResult>().triesLeft).toBe(left);
    }
    // No tries left: even the right IMEI is not checked any more.
    const fourth = await tryImei(buyer, id, imei);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(
      'The IMEI did not match 3 times: no tries are left. The code stays hidden; you may cancel the deal.',
    );
    expect((await inspectionRow(id))!.imeiTries).toBe(3);
    // One open report, its note updated by nothing: filed once while open.
    expect((await reportsAbout(productId)).map((r) => r.reason)).toEqual(['imei_mismatch']);
    expect((await codeOf(buyer, id)).statusCode).toBe(409);
  });

  it('matches after a try that did not: the step passes', async () => {
    const imei = newImei();
    const { id } = await acceptedDeal(otherSeller, otherBuyer, { imei });
    expect((await tryImei(otherBuyer, id, newImei())).json()).toMatchObject({ matches: false });
    const res = await tryImei(otherBuyer, id, imei);
    expect(res.json<InspectionImeiResult>()).toMatchObject({
      matches: true,
      triesLeft: 2,
      inspection: { imei: 'matches', status: 'in_progress' },
    });
    expect((await put(otherBuyer, id, passingAnswers())).statusCode).toBe(200);
    expect((await codeOf(otherBuyer, id)).statusCode).toBe(200);
  });

  it('skips the IMEI step for a listing without one, and fails the deal when the seller did not sign out', async () => {
    const { id } = await acceptedDeal(thirdSeller, buyer);
    const skipped = await tryImei(buyer, id, newImei());
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error.message).toBe(
      'This listing has no IMEI to check: the step is skipped',
    );
    const view = (await call(t, buyer, 'GET', inspectionUrl(id))).json<Inspection>();
    expect(view).toMatchObject({ imei: 'skipped', status: 'not_started' });
    expect(view.missing).not.toContain('IMEI');

    const notOut = await put(buyer, id, passingAnswers({ signedOut: false, verdict: null }));
    expect(notOut.json<Inspection>()).toMatchObject({
      status: 'failed',
      failures: ['The seller did not sign out of Find My / Google'],
    });
    expect((await orderOf(buyer, id)).inspectionStatus).toBe('failed');
    const refused = await put(buyer, id, passingAnswers({ signedOut: false }));
    expect(refused.statusCode).toBe(409);
    // The seller signs out after all: the buyer changes the answer and takes the phone.
    expect((await put(buyer, id, passingAnswers())).json<Inspection>().status).toBe('complete');
  });

  it('records a refusal: the code stays hidden', async () => {
    const { id } = await acceptedDeal(thirdSeller, otherBuyer);
    const res = await put(otherBuyer, id, passingAnswers({ verdict: 'reject' }));
    expect(res.json<Inspection>()).toMatchObject({
      status: 'failed',
      failures: ['You refused the phone'],
    });
    expect((await codeOf(otherBuyer, id)).statusCode).toBe(409);
  });

  it('refuses bad answers with the field message, changing nothing', async () => {
    const { id } = await acceptedDeal(thirdSeller, buyer);
    expect((await put(buyer, id, passingAnswers({ verdict: null }))).statusCode).toBe(200);
    const before = await inspectionRow(id);
    const cases: [unknown, string, string][] = [
      [
        { batteryHealth: 101 },
        'batteryHealth',
        'Battery health is a whole number from 0 to 100 (%)',
      ],
      [
        { batteryHealth: -1 },
        'batteryHealth',
        'Battery health is a whole number from 0 to 100 (%)',
      ],
      [
        { batteryHealth: 80.5 },
        'batteryHealth',
        'Battery health is a whole number from 0 to 100 (%)',
      ],
      [
        { batteryHealth: '80' },
        'batteryHealth',
        'Battery health is a whole number from 0 to 100 (%)',
      ],
      [{ signedOut: 'yes' }, 'signedOut', 'Answer yes or no'],
      [{ verdict: 'maybe' }, 'verdict', 'Choose to take the phone or to refuse it'],
      [
        { checks: { screen: { result: 'fine' } } },
        'checks.screen.result',
        'Choose "works" or "faulty"',
      ],
      [
        { checks: { sim: { result: 'faulty', note: 'x'.repeat(201) } } },
        'checks.sim.note',
        'Keep the note to 200 characters or fewer',
      ],
      [
        { checks: { sim: { result: 'faulty', note: 'two\nlines' } } },
        'checks.sim.note',
        'The note must be one line, without control characters',
      ],
      [{ checks: 'all fine' }, 'checks', 'The checks must be an object'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(buyer, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(await inspectionRow(id)).toEqual(before);
  });

  it("answers 404 for someone else's booking, and 409 for a request not accepted", async () => {
    const { id } = await acceptedDeal(seller, buyer);
    for (const res of [
      await put(otherBuyer, id, passingAnswers()),
      await tryImei(otherBuyer, id, newImei()),
      await codeOf(otherBuyer, id),
      await call(t, otherBuyer, 'GET', inspectionUrl(id)),
      await call(t, otherSeller, 'GET', inspectionUrl(id)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No such booking');
    }
    expect(await inspectionRow(id)).toBeUndefined();
    // The seller may read, never write or see the code.
    expect((await put(seller, id, passingAnswers())).statusCode).toBe(403);
    expect((await codeOf(seller, id)).statusCode).toBe(403);

    const product = await postProduct(t, seller, { name: 'Waiting phone', Category: 'realme' });
    const waiting = await requestBooking(t, buyer, product._id);
    const res = await put(buyer, waiting, passingAnswers());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'There is nothing to check: this request is not accepted',
    );
    expect((await codeOf(buyer, waiting)).statusCode).toBe(409);
  });

  it('shows the code of a request accepted before the check began, and completes it unchecked', async () => {
    const { id } = await acceptedDeal(seller, otherBuyer);
    // As the migration leaves requests accepted before it.
    await t.app.db
      .updateTable('bookings')
      .set({ inspectionRequired: valueWriters(t.app.db).bool(false) })
      .where('id', '=', id)
      .execute();
    const order = await orderOf(otherBuyer, id);
    expect(order).toMatchObject({ inspectionDue: false, inspectionStatus: null });
    expect(order.handoverCode).toMatch(/^\d{6}$/);
    expect((await codeOf(otherBuyer, id)).json()).toEqual({ code: order.handoverCode });
    expect((await complete(seller, id, order.handoverCode!)).statusCode).toBe(200);
    expect((await orderOf(otherBuyer, id)).checkedAtHandover).toBe(false);
  });
});

describe(`the phone's history here on ${testDbKind}`, () => {
  const historyOf = (productId: string) =>
    call(t, null, 'GET', `/api/product/${productId}/history`);

  it('lists two earlier sales of one phone by two sellers, with nobody in it', async () => {
    const imei = newImei();
    const first = await acceptedDeal(seller, buyer, {
      imei,
      condition: 'excellent',
      batteryHealth: 95,
    });
    const code = await passInspection(t, buyer, first.id, imei);
    expect((await complete(seller, first.id, code)).statusCode).toBe(200);

    // The phone is sold again here by someone else: its listing is not held (the first is sold).
    const second = await acceptedDeal(otherSeller, otherBuyer, {
      imei,
      condition: 'good',
      batteryHealth: 89,
    });
    const before = await historyOf(second.productId);
    expect(before.statusCode, before.body).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    expect(before.json<PhoneHistory>()).toEqual({
      imeiGiven: true,
      entries: [
        {
          listed: month,
          sold: month,
          soldHere: true,
          condition: 'excellent',
          batteryHealth: 95,
          batteryAtHandover: 88,
          checkedAtHandover: true,
          held: false,
        },
      ],
    });
    await tryImei(otherBuyer, second.id, imei);
    expect(
      (await put(otherBuyer, second.id, passingAnswers({ batteryHealth: 84 }))).statusCode,
    ).toBe(200);
    const code2 = (await codeOf(otherBuyer, second.id)).json<{ code: string }>().code;
    expect((await complete(otherSeller, second.id, code2)).statusCode).toBe(200);

    const third = await postProduct(t, thirdSeller, {
      name: 'Pixel 8 128GB',
      Category: 'realme',
      imei,
      condition: 'fair',
    });
    const res = await historyOf(third._id);
    expect(res.statusCode).toBe(200);
    const history = res.json<PhoneHistory>();
    expect(history.entries).toHaveLength(2);
    expect(history.entries[1]).toEqual({
      listed: month,
      sold: month,
      soldHere: true,
      condition: 'good',
      batteryHealth: 89,
      batteryAtHandover: 84,
      checkedAtHandover: true,
      held: false,
    });
    // No person's data and never the IMEI.
    for (const secret of [
      imei,
      seller.id,
      otherSeller.id,
      buyer.id,
      otherBuyer.id,
      'Selina',
      'Omar',
      'Bina',
      'Obaid',
      'Gulshan',
      first.productId,
      first.id,
    ]) {
      expect(res.body).not.toContain(secret);
    }
    // The earlier listing of the same phone reads only what came before it.
    expect((await historyOf(first.productId)).json<PhoneHistory>()).toEqual({
      imeiGiven: true,
      entries: [],
    });
  });

  it('answers an empty history without an IMEI, and 404 for no such listing', async () => {
    const product = await postProduct(t, seller, { name: 'No IMEI phone', Category: 'realme' });
    expect((await historyOf(product._id)).json()).toEqual({ imeiGiven: false, entries: [] });
    const missing = await historyOf('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await historyOf('x'.repeat(100))).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document with the inspection calls', async () => {
    const doc = (await call(t, null, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    expect(doc.paths['/api/product/{id}/history']?.get?.tags).toEqual(['catalog']);
    expect(doc.paths['/api/booking/{id}/inspection']?.get?.summary).toBeTruthy();
    expect(doc.paths['/api/booking/{id}/inspection']?.put?.summary).toBeTruthy();
    expect(doc.paths['/api/booking/{id}/inspection/imei']?.post?.summary).toBeTruthy();
    expect(doc.paths['/api/booking/{id}/code']?.get?.summary).toBeTruthy();
  });
});
