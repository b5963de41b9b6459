import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CANCELS_PER_HOUR,
  BOOKING_REQUESTS_PER_HOUR,
  HANDOVER_CODE_MAX_WRONG,
  HANDOVER_CODES_PER_HOUR,
  type Product,
  type SellerBuyer,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  acceptBooking,
  bookingRow,
  requestBody,
  requestBooking,
  passInspection,
} from './helpers/deal.ts';
import { call, insertCategories, postProduct, snapshot } from './helpers/market.ts';
import { notificationsOf, outboxOf } from './helpers/notifications.ts';

const t = useTestApp();
let buyer: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer', name: 'Bashir Buyer' });
});

const post = (user: TestUser, url: string, body?: unknown) => call(t, user, 'POST', url, body);

async function listing(seller: TestUser, name = 'Pixel 8'): Promise<Product> {
  return postProduct(t, seller, { name, Category: 'realme' });
}

/** A code that is not the request's current one. */
async function wrongCode(id: string): Promise<string> {
  const { handoverCode } = await bookingRow(t, id);
  return handoverCode === '000000' ? '111111' : '000000';
}

async function acceptedRequest(seller: TestUser, customer: TestUser = buyer): Promise<string> {
  const id = await requestBooking(t, customer, (await listing(seller))._id);
  await acceptBooking(t, seller, id);
  await passInspection(t, customer, id);
  return id;
}

describe(`guessing the hand-over code on ${testDbKind}`, () => {
  it(`checks at most ${HANDOVER_CODE_MAX_WRONG} of 40 wrong codes, locks completing, and tells the buyer of each new code`, async () => {
    const seller = await createUser(t, { role: 'seller' });
    const id = await acceptedRequest(seller);
    const answers: { status: number; message: string; retryAfter: string | undefined }[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await post(seller, `/api/booking/${id}/complete`, { code: await wrongCode(id) });
      answers.push({
        status: res.statusCode,
        message: res.json<{ error: { message: string } }>().error.message,
        retryAfter: res.headers['retry-after'] as string | undefined,
      });
    }
    // Only 12 codes were ever compared; the request is still open.
    const row = await bookingRow(t, id);
    expect(row.codeWrongTotal).toBe(HANDOVER_CODE_MAX_WRONG);
    expect(row.status).toBe('accepted');
    expect(answers.slice(0, 11).every((a) => a.status === 400)).toBe(true);
    expect(answers[4]!.message).toBe(
      'Wrong hand-over code 5 times: the buyer now has a new code in My Orders. Ask them for it.',
    );
    // The 12th wrong code locks completing for 6 hours, and says until when.
    const locked = answers.slice(11, HANDOVER_CODES_PER_HOUR);
    expect(locked.every((a) => a.status === 429)).toBe(true);
    expect(locked[0]!.message).toMatch(
      /^Too many wrong hand-over codes: completing this deal is locked until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC \(in 6 hours\)\. The buyer has been told, and has a new code in My Orders\.$/,
    );
    expect(Number(locked[0]!.retryAfter)).toBeGreaterThan(6 * 3600 - 60);
    expect(Number(locked[0]!.retryAfter)).toBeLessThanOrEqual(6 * 3600);
    // Past 20 codes an hour, the seller is refused before any request is looked at.
    const limited = answers.slice(HANDOVER_CODES_PER_HOUR);
    expect(limited.every((a) => a.status === 429)).toBe(true);
    expect(limited[0]!.message).toMatch(
      /^Too many hand-over codes\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);

    // The buyer heard of each new code (after 5, 10) and of the lock (after 12), by email too.
    const notices = (await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'handover_code');
    expect(notices.map((n) => n.title)).toEqual([
      'Your hand-over code for Pixel 8 was renewed',
      'Your hand-over code for Pixel 8 was renewed',
      expect.stringMatching(/^Completing your deal for Pixel 8 is locked until .+ UTC$/),
    ]);
    expect(notices.every((n) => n.link === '/dashboard/my-orders')).toBe(true);
    const mails = (await outboxOf(t, buyer.id)).filter((m) => m.kind === 'handover_code');
    expect(mails).toHaveLength(3);
    // The code itself is never in a notice or an email.
    const code = (await bookingRow(t, id)).handoverCode!;
    expect(mails.every((m) => !m.text.includes(code))).toBe(true);
  });

  it('refuses even the right code while locked, shows the lock in My Buyers, and completes after it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const id = await acceptedRequest(seller);
    for (let i = 0; i < HANDOVER_CODE_MAX_WRONG; i += 1) {
      await post(seller, `/api/booking/${id}/complete`, { code: await wrongCode(id) });
    }
    const code = (await bookingRow(t, id)).handoverCode!;
    const refused = await post(seller, `/api/booking/${id}/complete`, { code });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/locked until/);
    expect((await bookingRow(t, id)).status).toBe('accepted');
    const mine = (await call(t, seller, 'GET', '/api/my-buyers')).json<SellerBuyer[]>();
    const until = mine.find((b) => b._id === id)!.codeLockedUntil;
    expect(Date.parse(until!)).toBeGreaterThan(Date.now() + 5.9 * 3600_000);

    // Six hours on, the lock is over: the right code completes the deal.
    const w = valueWriters(t.app.db);
    await t.app.db
      .updateTable('bookings')
      .set({ codeLockedUntil: w.date(new Date(Date.now() - 1000)) })
      .where('id', '=', id)
      .execute();
    const done = await post(seller, `/api/booking/${id}/complete`, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
  });
});

describe(`booking requests and cancels as a way to send mail on ${testDbKind}`, () => {
  it(`takes ${BOOKING_REQUESTS_PER_HOUR} requests an hour from one buyer, then answers 429 and records nothing`, async () => {
    const seller = await createUser(t, { role: 'seller' });
    const eager = await createUser(t, { role: 'buyer' });
    const products: Product[] = [];
    for (let i = 0; i <= BOOKING_REQUESTS_PER_HOUR; i += 1) products.push(await listing(seller));
    for (const product of products.slice(0, BOOKING_REQUESTS_PER_HOUR)) {
      await requestBooking(t, eager, product._id);
    }
    const before = await snapshot(t);
    const res = await post(eager, '/api/booking', requestBody(products.at(-1)!._id));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(
      /^Too many booking requests\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(before);
    // Another buyer is not held up.
    expect(await requestBooking(t, buyer, products.at(-1)!._id)).toBeTypeOf('string');
  });

  it('makes a buyer who cancelled wait an hour before requesting the same phone again', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const product = await listing(seller);
    const other = await listing(seller);
    const customer = await createUser(t, { role: 'buyer' });
    const id = await requestBooking(t, customer, product._id);
    const cancelled = await post(customer, `/api/booking/${id}/cancel`, { preset: 'changed_mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await snapshot(t);
    const again = await post(customer, '/api/booking', requestBody(product._id));
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(
      /^You cancelled your request for this phone recently: you can request it again in (60|59) minutes\.$/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(59 * 60 - 5);
    expect(await snapshot(t)).toEqual(before);
    // Other phones, and other buyers, are not held up.
    expect(await requestBooking(t, customer, other._id)).toBeTypeOf('string');
    expect(await requestBooking(t, buyer, product._id)).toBeTypeOf('string');
    // An hour later the same phone can be requested again.
    const w = valueWriters(t.app.db);
    await t.app.db
      .updateTable('bookings')
      .set({ updatedAt: w.date(new Date(Date.now() - 61 * 60_000)) })
      .where('id', '=', id)
      .execute();
    expect(await requestBooking(t, customer, product._id)).toBeTypeOf('string');
  });

  it('does not make a buyer wait after the seller cancelled', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const product = await listing(seller);
    const customer = await createUser(t, { role: 'buyer' });
    const id = await requestBooking(t, customer, product._id);
    await acceptBooking(t, seller, id);
    const res = await post(seller, `/api/booking/${id}/cancel`, { preset: 'no_longer_for_sale' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestBooking(t, customer, product._id)).toBeTypeOf('string');
  });

  it(`takes ${BOOKING_CANCELS_PER_HOUR} cancels an hour from one person, then answers 429 and changes nothing`, async () => {
    const seller = await createUser(t, { role: 'seller' });
    const customer = await createUser(t, { role: 'buyer' });
    const ids: string[] = [];
    for (let i = 0; i <= BOOKING_CANCELS_PER_HOUR; i += 1) {
      ids.push(await requestBooking(t, customer, (await listing(seller))._id));
    }
    for (const id of ids.slice(0, BOOKING_CANCELS_PER_HOUR)) {
      const res = await post(customer, `/api/booking/${id}/cancel`, { preset: 'found_another' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await snapshot(t);
    const res = await post(customer, `/api/booking/${ids.at(-1)!}/cancel`, {
      preset: 'found_another',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(
      /^Too many cancels\. Try again in (\d+ minutes?|1 hour)\.$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
    expect(await snapshot(t)).toEqual(before);
  });

  it('sends a seller at most 5 emails an hour of request-and-cancel cycles, the rest in a digest', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const products: Product[] = [];
    for (let i = 0; i < 3; i += 1) products.push(await listing(seller, `Relay ${i}`));
    const buyers = await Promise.all(
      [0, 1, 2].map((i) => createUser(t, { role: 'buyer', name: `Visit spam.example ${i}` })),
    );
    for (const [i, product] of products.entries()) {
      const id = await requestBooking(t, buyers[i]!, product._id);
      const res = await post(buyers[i]!, `/api/booking/${id}/cancel`, {
        preset: 'other',
        reason: 'Cheap pills at spam.example',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mails = await outboxOf(t, seller.id);
    expect(mails).toHaveLength(6);
    expect(mails.filter((m) => !m.folded)).toHaveLength(5);
    // No word of theirs reaches the seller's mailbox.
    expect(mails.every((m) => !`${m.subject}${m.text}${m.html}`.includes('spam.example'))).toBe(
      true,
    );
  });
});

describe(`cancel reasons on ${testDbKind}`, () => {
  let seller: TestUser;
  beforeAll(async () => {
    seller = await createUser(t, { role: 'seller' });
  });

  it('records a preset reason, with words if given, as the other side reads it', async () => {
    const customer = await createUser(t, { role: 'buyer' });
    const plain = await requestBooking(t, customer, (await listing(seller))._id);
    const res = await post(customer, `/api/booking/${plain}/cancel`, { preset: 'changed_mind' });
    expect(res.json()).toMatchObject({ status: 'cancelled', reason: 'I changed my mind' });
    const worded = await requestBooking(t, customer, (await listing(seller))._id);
    const res2 = await post(customer, `/api/booking/${worded}/cancel`, {
      preset: 'meeting_unsuitable',
      reason: '  Too far for me  ',
    });
    expect(res2.json()).toMatchObject({
      reason: 'The meeting time or place does not suit me: Too far for me',
    });
    const other = await requestBooking(t, customer, (await listing(seller))._id);
    const res3 = await post(customer, `/api/booking/${other}/cancel`, {
      preset: 'other',
      reason: 'Moving abroad',
    });
    expect(res3.json()).toMatchObject({ reason: 'Moving abroad' });
  });

  it.each([
    ['no reason at all', {}, 'reason', 'Choose a reason, or say why you cancel'],
    ['"other" without words', { preset: 'other' }, 'reason', 'Say why you cancel'],
    [
      '"other" with blank words',
      { preset: 'other', reason: '   ' },
      'reason',
      'Say why you cancel',
    ],
    ['a preset not offered', { preset: 'bored' }, 'preset', 'Choose one of the reasons offered'],
    ['a preset of the wrong type', { preset: 3 }, 'preset', 'Choose one of the reasons offered'],
    [
      'words too long',
      { preset: 'changed_mind', reason: 'x'.repeat(301) },
      'reason',
      'The reason must be at most 300 characters',
    ],
  ])('refuses a cancel with %s, changing nothing', async (_name, body, field, message) => {
    const customer = await createUser(t, { role: 'buyer' });
    const id = await requestBooking(t, customer, (await listing(seller))._id);
    const before = await snapshot(t);
    const res = await post(customer, `/api/booking/${id}/cancel`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses the other side's preset: a buyer cannot say the phone is no longer for sale", async () => {
    const customer = await createUser(t, { role: 'buyer' });
    const id = await requestBooking(t, customer, (await listing(seller))._id);
    const before = await snapshot(t);
    const res = await post(customer, `/api/booking/${id}/cancel`, { preset: 'no_longer_for_sale' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.preset).toBe('Choose one of the reasons offered');
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`the limits in the OpenAPI document on ${testDbKind}`, () => {
  it('documents the 429s, the preset reasons and the lock', async () => {
    const res = await call(t, null, 'GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    type Op = { responses: Record<string, unknown>; description?: string };
    const doc = res.json<{ paths: Record<string, Record<string, Op>> }>();
    const request = doc.paths['/api/booking']!.post!;
    const cancel = doc.paths['/api/booking/{id}/cancel']!.post!;
    const complete = doc.paths['/api/booking/{id}/complete']!.post!;
    for (const op of [request, cancel, complete]) expect(op.responses).toHaveProperty('429');
    expect(request.description).toContain('429 past 20 requests an hour');
    expect(JSON.stringify(cancel)).toContain('no_longer_for_sale');
    expect(complete.description).toContain('locked for 6 hours');
    expect(JSON.stringify(doc.paths['/api/my-buyers'])).toContain('codeLockedUntil');
  });
});
