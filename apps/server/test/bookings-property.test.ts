import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CANCELS_PER_HOUR,
  HANDOVER_CODES_PER_HOUR,
  SOLD_REASON,
  type BookingStatus,
} from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { acceptBody, passInspection, requestBody } from './helpers/deal.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

/**
 * Random sequences of requests, answers, cancels and hand-overs by random parties, through the
 * API, against a model of what each should do. After every step the database must agree with the
 * model and keep the rules of a deal whatever happened: one accepted request at most per listing,
 * a listing reserved exactly while one is accepted, a sold listing with no open request, and a
 * refused step that changed nothing.
 */

const t = useTestApp();
let stranger: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  // Another seller, who has no part in any of the requests.
  stranger = await createUser(t, { role: 'seller', name: 'Stranger Seller' });
});

type Party = 'seller' | 'buyer0' | 'buyer1' | 'buyer2' | 'stranger';
const BUYERS = ['buyer0', 'buyer1', 'buyer2'] as const;
type Buyer = (typeof BUYERS)[number];

type Step =
  | { kind: 'request'; buyer: Buyer; product: number }
  | { kind: 'accept' | 'decline' | 'cancel'; by: Party; booking: number }
  | { kind: 'complete'; by: Party; booking: number; rightCode: boolean };

// The seller acts most: most transitions are theirs.
const party = fc.constantFrom<Party>('seller', 'seller', 'seller', 'buyer0', 'buyer1', 'stranger');
const requestArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constant('request' as const),
  buyer: fc.constantFrom(...BUYERS),
  product: fc.nat(1),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: requestArb, weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'accept' as const,
        'accept' as const,
        'decline' as const,
        'cancel' as const,
      ),
      by: party,
      booking: fc.nat(7),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('complete' as const),
      by: party,
      booking: fc.nat(7),
      rightCode: fc.boolean(),
    }),
    weight: 2,
  },
);

type ProductStatus = 'available' | 'reserved' | 'sold';
interface ModelBooking {
  id: string;
  buyer: Buyer;
  product: number;
  status: BookingStatus;
}
interface Model {
  products: ProductStatus[];
  bookings: ModelBooking[];
  /** Products each buyer cancelled a request of (a new request waits an hour). */
  buyerCancelled: Set<string>;
}

/**
 * Calls counted by the per-account limits (cancels, hand-over codes), which answer 429 past
 * their number: counted for the whole app, since the stranger takes part in every run.
 */
const cancelsBy = new Map<string, number>();
const codesBy = new Map<string, number>();
const countCall = (counts: Map<string, number>, id: string): number => {
  const before = counts.get(id) ?? 0;
  counts.set(id, before + 1);
  return before;
};

const isOpen = (status: BookingStatus) => status === 'requested' || status === 'accepted';

/** The status code the model expects for `step`, applying its change to the model. */
function apply(
  model: Model,
  step: Step,
  booking: ModelBooking | undefined,
  ids: Record<Party, string>,
): number {
  if (step.kind === 'request') {
    const mine = model.bookings.some(
      (b) => b.buyer === step.buyer && b.product === step.product && isOpen(b.status),
    );
    if (mine) return 409;
    if (model.buyerCancelled.has(`${step.buyer}:${step.product}`)) return 429;
    if (model.products[step.product] !== 'available') return 409;
    return 201;
  }
  if (!booking) throw new Error('a step on a booking needs one');
  const { by } = step;
  const isSeller = by === 'seller' || by === 'stranger';
  const ownSide = by === 'seller' || by === booking.buyer;
  switch (step.kind) {
    case 'accept':
    case 'decline': {
      if (!isSeller) return 403;
      if (!ownSide) return 404;
      if (booking.status !== 'requested') return 409;
      if (step.kind === 'decline') {
        booking.status = 'declined';
        return 200;
      }
      if (model.products[booking.product] !== 'available') return 409;
      booking.status = 'accepted';
      model.products[booking.product] = 'reserved';
      return 200;
    }
    case 'cancel': {
      if (countCall(cancelsBy, ids[by]) >= BOOKING_CANCELS_PER_HOUR) return 429;
      if (!ownSide) return 404;
      if (!isOpen(booking.status)) return 409;
      if (booking.status === 'accepted') model.products[booking.product] = 'available';
      booking.status = 'cancelled';
      if (by !== 'seller') model.buyerCancelled.add(`${booking.buyer}:${booking.product}`);
      return 200;
    }
    case 'complete': {
      if (!isSeller) return 403;
      if (countCall(codesBy, ids[by]) >= HANDOVER_CODES_PER_HOUR) return 429;
      if (!ownSide) return 404;
      if (booking.status !== 'accepted') return 409;
      // Sequences are too short to reach the lock after many wrong codes.
      if (!step.rightCode) return 400;
      booking.status = 'completed';
      model.products[booking.product] = 'sold';
      for (const other of model.bookings) {
        if (other.product === booking.product && isOpen(other.status)) other.status = 'declined';
      }
      return 200;
    }
  }
}

describe(`booking transitions, at random, on ${testDbKind}`, () => {
  it('keeps the rules of a deal whatever the parties do, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestArb, { minLength: 2, maxLength: 4 }),
        fc.array(stepArb, { minLength: 4, maxLength: 12 }),
        async (requests, moves) => {
          const steps = [...requests, ...moves];
          const seller = await createUser(t, { role: 'seller', name: 'Prop Seller' });
          const buyers = {
            buyer0: await createUser(t, { role: 'buyer', name: 'Prop Buyer 0' }),
            buyer1: await createUser(t, { role: 'buyer', name: 'Prop Buyer 1' }),
            buyer2: await createUser(t, { role: 'buyer', name: 'Prop Buyer 2' }),
          };
          const users: Record<Party, TestUser> = { seller, stranger, ...buyers };
          const ids = Object.fromEntries(
            Object.entries(users).map(([name, user]) => [name, user.id]),
          ) as Record<Party, string>;
          const products = [
            await postProduct(t, seller, { name: 'Property phone A', Category: 'realme' }),
            await postProduct(t, seller, { name: 'Property phone B', Category: 'realme' }),
          ];
          const productIds = products.map((p) => p._id);
          const model: Model = {
            products: ['available', 'available'],
            bookings: [],
            buyerCancelled: new Set(),
          };

          const snapshot = async () => {
            const bookings = await t.app.db
              .selectFrom('bookings')
              .select(['id', 'productId', 'buyerId', 'status', 'closeReason', 'closedBy'])
              .select(['meetingPlace', 'handoverCode', 'codeAttempts'])
              .where('productId', 'in', productIds)
              .orderBy('id')
              .execute();
            const rows = await t.app.db
              .selectFrom('products')
              .select(['id', 'status', 'soldAt'])
              .where('id', 'in', productIds)
              .orderBy('id')
              .execute();
            return { bookings, products: rows };
          };

          for (const step of steps) {
            const booking =
              step.kind === 'request'
                ? undefined
                : model.bookings[step.booking % Math.max(1, model.bookings.length)];
            if (step.kind !== 'request' && !booking) continue;
            const before = await snapshot();
            const expected = apply(model, step, booking, ids);
            const res = await send(step, booking?.id, users, productIds);
            const label = `${JSON.stringify(step)} answered ${res.statusCode}: ${res.body}`;
            // A new request answers 200 with the booking.
            expect(res.statusCode, label).toBe(expected === 201 ? 200 : expected);
            if (expected === 201) {
              model.bookings.push({
                id: res.json<{ _id: string }>()._id,
                buyer: (step as { buyer: Buyer }).buyer,
                product: (step as { product: number }).product,
                status: 'requested',
              });
            }
            const after = await snapshot();

            if (step.kind === 'complete' && res.statusCode === 200) {
              // The other open requests of the sold listing are declined as sold.
              const others = before.bookings.filter(
                (b) =>
                  b.productId === productIds[booking!.product] &&
                  b.id !== booking!.id &&
                  isOpen(b.status),
              );
              for (const other of others) {
                expect(
                  after.bookings.find((b) => b.id === other.id),
                  label,
                ).toMatchObject({
                  status: 'declined',
                  closeReason: SOLD_REASON,
                });
              }
            }

            if (res.statusCode >= 400) {
              // A wrong code counts against the code; nothing else moves.
              const stable = (s: typeof before) => ({
                products: s.products,
                bookings: s.bookings.map(({ handoverCode, codeAttempts, ...rest }) =>
                  expected === 400 ? rest : { ...rest, handoverCode, codeAttempts },
                ),
              });
              expect(stable(after), label).toEqual(stable(before));
            }

            // The database agrees with the model.
            expect(Object.fromEntries(after.bookings.map((b) => [b.id, b.status])), label).toEqual(
              Object.fromEntries(model.bookings.map((b) => [b.id, b.status])),
            );
            expect(
              productIds.map((id) => after.products.find((p) => p.id === id)?.status),
              label,
            ).toEqual(model.products);

            // The rules of a deal, read from the database alone.
            for (const product of after.products) {
              const own = after.bookings.filter((b) => b.productId === product.id);
              const accepted = own.filter((b) => b.status === 'accepted');
              expect(accepted.length, label).toBeLessThanOrEqual(1);
              expect(product.status === 'reserved', label).toBe(accepted.length === 1);
              expect(
                accepted.every((b) => /^\d{6}$/.test(b.handoverCode ?? '')),
                label,
              ).toBe(true);
              if (product.status === 'sold') {
                expect(product.soldAt, label).not.toBeNull();
                expect(
                  own.filter((b) => isOpen(b.status)),
                  label,
                ).toEqual([]);
                expect(
                  own.filter((b) => b.status === 'completed'),
                  label,
                ).toHaveLength(1);
              } else {
                expect(product.soldAt, label).toBeNull();
                expect(
                  own.filter((b) => b.status === 'completed'),
                  label,
                ).toEqual([]);
              }
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});

async function send(
  step: Step,
  bookingId: string | undefined,
  users: Record<Party, TestUser>,
  productIds: string[],
) {
  if (step.kind === 'request') {
    return call(
      t,
      users[step.buyer],
      'POST',
      '/api/booking',
      requestBody(productIds[step.product]!),
    );
  }
  const url = `/api/booking/${bookingId}/${step.kind}`;
  const by = users[step.by];
  switch (step.kind) {
    case 'accept': {
      const res = await call(t, by, 'POST', url, acceptBody());
      if (res.statusCode === 200) {
        // The buyer checks the phone at once, so that the code can complete the deal.
        const { buyerId } = await t.app.db
          .selectFrom('bookings')
          .select('buyerId')
          .where('id', '=', bookingId!)
          .executeTakeFirstOrThrow();
        const buyer = Object.values(users).find((u) => u.id === buyerId)!;
        await passInspection(t, buyer, bookingId!);
      }
      return res;
    }
    case 'decline':
      return call(t, by, 'POST', url, { reason: 'Not selling to this buyer' });
    case 'cancel':
      return call(t, by, 'POST', url, { reason: 'Plans changed' });
    case 'complete': {
      const row = await t.app.db
        .selectFrom('bookings')
        .select('handoverCode')
        .where('id', '=', bookingId!)
        .executeTakeFirstOrThrow();
      const right = row.handoverCode ?? '000000';
      const code = step.rightCode ? right : right === '111111' ? '222222' : '111111';
      return call(t, by, 'POST', url, { code });
    }
  }
}
