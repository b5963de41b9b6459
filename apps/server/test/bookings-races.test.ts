import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  acceptBody,
  acceptBooking,
  passInspection,
  requestBody,
  requestBooking,
} from './helpers/deal.ts';
import { insertCategories, postProduct } from './helpers/market.ts';

/*
 * Real concurrent requests over HTTP to a listening server: each race is run several times, and
 * whatever the interleaving, exactly one outcome wins, the others answer 409 with a message, and
 * the listing's status agrees with its requests.
 */

const ROUNDS = 6;

const t = useTestApp();
let base: string;
let seller: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Answer {
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

async function send(user: TestUser, path: string, body: unknown = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function listingOf(productId: string) {
  const product = await t.app.db
    .selectFrom('products')
    .select(['status', 'soldAt'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  const requests = await t.app.db
    .selectFrom('bookings')
    .select(['id', 'status', 'closeReason', 'handoverCode'])
    .where('productId', '=', productId)
    .execute();
  return { product, requests };
}

/** The listing's status follows from its requests, whatever happened. */
function expectAgreement({ product, requests }: Awaited<ReturnType<typeof listingOf>>) {
  const accepted = requests.filter((r) => r.status === 'accepted');
  const completed = requests.filter((r) => r.status === 'completed');
  const open = requests.filter((r) => r.status === 'requested' || r.status === 'accepted');
  expect(accepted.length).toBeLessThanOrEqual(1);
  expect(completed.length).toBeLessThanOrEqual(1);
  if (product.status === 'reserved') expect(accepted).toHaveLength(1);
  if (product.status === 'available') expect(accepted).toHaveLength(0);
  if (product.status === 'sold') {
    expect(open).toHaveLength(0);
    expect(product.soldAt).not.toBeNull();
  }
  for (const r of requests) {
    expect(r.handoverCode === null).toBe(r.status !== 'accepted');
  }
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

async function buyers(n: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: n }, () => createUser(t, { role: 'buyer' })));
}

describe(`concurrent deals on ${testDbKind}`, () => {
  it('lets exactly one of two accepts for one listing win', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const product = await postProduct(t, seller);
      const [a, b] = await buyers(2);
      const ids = [
        await requestBooking(t, a!, product._id),
        await requestBooking(t, b!, product._id),
      ];
      const answers = await Promise.all(
        ids.map((id) => send(seller, `/api/booking/${id}/accept`, acceptBody())),
      );
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body.error!.message).toBe(
        'This phone is already reserved for another buyer: cancel that meeting first',
      );
      const state = await listingOf(product._id);
      expect(state.product.status).toBe('reserved');
      expect(state.requests.map((r) => r.status).sort()).toEqual(['accepted', 'requested']);
      expectAgreement(state);
    }
  });

  it('keeps the listing and the request in agreement when an accept races a cancel', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const product = await postProduct(t, seller);
      const [a] = await buyers(1);
      const id = await requestBooking(t, a!, product._id);
      const [accept, cancel] = await Promise.all([
        send(seller, `/api/booking/${id}/accept`, acceptBody()),
        send(a!, `/api/booking/${id}/cancel`, { reason: 'Changed my mind' }),
      ]);
      // The cancel always holds: before the accept (which then finds nothing to accept) or
      // after it (which then frees the listing again).
      expect(cancel.status).toBe(200);
      if (accept.status === 409) {
        expect(accept.body.error!.message).toBe(
          'This request cannot be accepted: it was cancelled',
        );
      } else {
        expect(accept.status).toBe(200);
      }
      outcomes.add(String(accept.status));
      const state = await listingOf(product._id);
      expect(state.product.status).toBe('available');
      expect(state.requests.map((r) => r.status)).toEqual(['cancelled']);
      expectAgreement(state);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('lets exactly one of two completes with the right code win', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const product = await postProduct(t, seller);
      const [a, other] = await buyers(2);
      const id = await requestBooking(t, a!, product._id);
      const otherId = await requestBooking(t, other!, product._id);
      await acceptBooking(t, seller, id);
      await passInspection(t, a!, id);
      const orders = await fetch(`${base}/api/booking?email=${encodeURIComponent(a!.email)}`, {
        headers: a!.headers,
      });
      const code = ((await orders.json()) as Booking[])[0]!.handoverCode!;
      const answers = await Promise.all([
        send(seller, `/api/booking/${id}/complete`, { code }),
        send(seller, `/api/booking/${id}/complete`, { code }),
      ]);
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body.error!.message).toBe(
        'This request cannot be completed: the deal is already completed',
      );
      const state = await listingOf(product._id);
      expect(state.product.status).toBe('sold');
      expect(state.requests.find((r) => r.id === otherId)).toMatchObject({
        status: 'declined',
        closeReason: 'sold',
      });
      expectAgreement(state);
    }
  });

  it('never leaves an open request on a listing sold while it was being booked', async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const product = await postProduct(t, seller);
      const [a] = await buyers(1);
      const [booking, sale] = await Promise.all([
        send(a!, '/api/booking', requestBody(product._id)),
        send(seller, `/api/my-products/${product._id}/sold`),
      ]);
      expect(sale.status).toBe(200);
      outcomes.add(booking.status);
      const state = await listingOf(product._id);
      if (booking.status === 409) {
        expect(booking.body.error!.message).toBe('This phone has been sold');
        expect(state.requests).toEqual([]);
        expect(sale.body.closedRequests).toBe(0);
      } else {
        // Booked first: the sale declined it.
        expect(booking.status).toBe(200);
        expect(sale.body.closedRequests).toBe(1);
        expect(state.requests[0]).toMatchObject({ status: 'declined', closeReason: 'sold' });
      }
      expect(state.product.status).toBe('sold');
      expectAgreement(state);
    }
    expect([...outcomes].every((s) => s === 200 || s === 409)).toBe(true);
  });

  it('lets exactly one of an accept and a sale of the same listing change it first, consistently', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const product = await postProduct(t, seller);
      const [a] = await buyers(1);
      const id = await requestBooking(t, a!, product._id);
      const [accept, sale] = await Promise.all([
        send(seller, `/api/booking/${id}/accept`, acceptBody()),
        send(seller, `/api/my-products/${product._id}/sold`),
      ]);
      expect(sale.status).toBe(200);
      if (accept.status === 409) {
        expect(accept.body.error!.message).toBe('This request cannot be accepted: it was declined');
      } else {
        expect(accept.status).toBe(200);
      }
      const state = await listingOf(product._id);
      expect(state.product.status).toBe('sold');
      expect(state.requests[0]).toMatchObject({ status: 'declined', closeReason: 'sold' });
      expectAgreement(state);
    }
  });

  it('keeps one open request per buyer when the same buyer books twice at once', async () => {
    const product = await postProduct(t, seller);
    const [a] = await buyers(1);
    const answers = await Promise.all([
      send(a!, '/api/booking', requestBody(product._id)),
      send(a!, '/api/booking', requestBody(product._id)),
      send(a!, '/api/booking', requestBody(product._id)),
    ]);
    expect(statuses(answers)).toEqual([200, 409, 409]);
    for (const x of answers.filter((y) => y.status === 409)) {
      expect(x.body.error!.message).toBe(
        'You already have an open request for this phone: see My Orders',
      );
    }
    expect((await listingOf(product._id)).requests).toHaveLength(1);
  });
});
