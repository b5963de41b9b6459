import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { OFFER_ROUNDS_MAX, type OfferStatus } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  acceptOffer,
  counterOffer,
  createOffer,
  declineOffer,
  expireStaleOffers,
} from '../src/modules/offers/offers.service.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { actorOf } from './helpers/check-ins.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

/**
 * Random sequences of offers, answers, counters and hours passing, by random parties, through the
 * offers service (with a clock the test moves), against a model of what each step should do.
 * After every step the database must agree with the model and keep the rules of an offer: one
 * open offer per buyer and listing, at most OFFER_ROUNDS_MAX offers per buyer and listing, an
 * accepted offer with exactly one request at its price, one event card per step, and a refused
 * step that changed nothing.
 */

const t = useTestApp();
const HOUR = 60 * 60 * 1000;
const LISTED = 45_050;
/** The second listing's rules: declined below $200, accepted from $400. */
const FLOOR = 20_000;
const ACCEPT_FROM = 40_000;

let stranger: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  stranger = await createUser(t, { role: 'seller', name: 'Stranger Seller' });
  outsider = await createUser(t, { role: 'buyer', name: 'Outsider Buyer' });
});

type Party = 'seller' | 'buyer0' | 'buyer1' | 'stranger' | 'outsider';
const BUYERS = ['buyer0', 'buyer1'] as const;
type Buyer = (typeof BUYERS)[number];

type Step =
  | { kind: 'offer'; buyer: Buyer; product: number; cents: number }
  | { kind: 'accept' | 'decline'; by: Party; offer: number }
  | { kind: 'counter'; by: Party; offer: number; cents: number }
  | { kind: 'tick'; hours: number };

const party = fc.constantFrom<Party>(
  'seller',
  'seller',
  'buyer0',
  'buyer1',
  'stranger',
  'outsider',
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      buyer: fc.constantFrom(...BUYERS),
      product: fc.nat(1),
      cents: fc.constantFrom(15_000, 25_000, 30_000, 42_000),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('accept' as const, 'decline' as const),
      by: party,
      offer: fc.nat(2),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('counter' as const),
      by: party,
      offer: fc.nat(2),
      cents: fc.constantFrom(26_000, 35_000, 46_000),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      hours: fc.integer({ min: 1, max: 40 }),
    }),
    weight: 1,
  },
);

interface ModelOffer {
  id: string;
  buyer: Buyer;
  product: number;
  status: OfferStatus;
  awaiting: 'buyer' | 'seller' | null;
  priceCents: number;
  updatedAt: number;
  /** Event cards it should have in the conversation. */
  cards: number;
}

/** The status a refused or accepted call answers: 200, or the AppError's status. */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  }
}

describe(`offer transitions, at random, on ${testDbKind}`, () => {
  it('keep the rules of an offer whatever the parties do, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 6, maxLength: 20 }), async (steps) => {
        const seller = await createUser(t, { role: 'seller', name: 'Prop Seller' });
        const buyers = {
          buyer0: await createUser(t, { role: 'buyer', name: 'Prop Buyer 0' }),
          buyer1: await createUser(t, { role: 'buyer', name: 'Prop Buyer 1' }),
        };
        const users: Record<Party, TestUser> = { seller, stranger, outsider, ...buyers };
        // Grown-up accounts: the first day's limit is tested on its own.
        await t.app.db
          .updateTable('users')
          .set({ createdAt: valueWriters(t.app.db).date(new Date(Date.now() - 30 * 24 * HOUR)) })
          .where('id', 'in', [buyers.buyer0.id, buyers.buyer1.id])
          .execute();
        const productIds = [
          (await postProduct(t, seller, { name: 'Offer phone A', Category: 'realme' }))._id,
          (await postProduct(t, seller, { name: 'Offer phone B', Category: 'realme' }))._id,
        ];
        const rules = await call(
          t,
          seller,
          'PUT',
          `/api/me/listings/${productIds[1]}/offer-rules`,
          {
            declineBelow: FLOOR / 100,
            acceptFrom: ACCEPT_FROM / 100,
          },
        );
        expect(rules.statusCode).toBe(200);

        const offers: ModelOffer[] = [];
        let now = Date.now();
        const expireDue = () => {
          for (const o of offers) {
            if (o.status === 'open' && now - o.updatedAt >= 48 * HOUR) {
              o.status = 'expired';
              o.awaiting = null;
              o.cards += 1;
            }
          }
        };

        const dbState = async () => {
          const rows = await t.app.db
            .selectFrom('offers')
            .select(['id', 'status', 'awaiting', 'priceCents', 'bookingId'])
            .where('productId', 'in', productIds)
            .orderBy('id')
            .execute();
          const bookings = await t.app.db
            .selectFrom('bookings')
            .select(['id', 'offerId', 'priceCents', 'status'])
            .where('productId', 'in', productIds)
            .orderBy('id')
            .execute();
          const cards = await t.app.db
            .selectFrom('messages')
            .select(['offerId'])
            .where('offerId', 'in', offers.length ? offers.map((o) => o.id) : ['none'])
            .execute();
          return { rows, bookings, cards };
        };

        for (const step of steps) {
          const before = await dbState();
          let expected: number;
          let actual: number;
          const at = new Date(now);
          if (step.kind === 'tick') {
            now += step.hours * HOUR;
            await expireStaleOffers(t.app.db, t.app.notifier, new Date(now));
            expireDue();
            expected = actual = 200;
          } else if (step.kind === 'offer') {
            const mine = offers.filter((o) => o.buyer === step.buyer && o.product === step.product);
            const requested = mine.some((o) => o.status === 'accepted');
            if (mine.some((o) => o.status === 'open' && now - o.updatedAt < 48 * HOUR))
              expected = 409;
            else if (requested) expected = 409;
            else if (mine.length >= OFFER_ROUNDS_MAX) expected = 409;
            else expected = 200;
            let created: string | null = null;
            actual = await statusOf(
              createOffer(
                t.app.db,
                t.app.notifier,
                actorOf(users[step.buyer]),
                { productId: productIds[step.product]!, price: step.cents / 100, note: '' },
                at,
              ).then((o) => {
                created = o._id;
              }),
            );
            if (expected === 200 && created) {
              const o: ModelOffer = {
                id: created,
                buyer: step.buyer,
                product: step.product,
                status: 'open',
                awaiting: 'seller',
                priceCents: step.cents,
                updatedAt: now,
                cards: 1,
              };
              if (step.product === 1 && step.cents < FLOOR) {
                Object.assign(o, { status: 'declined', awaiting: null, cards: 2 });
              } else if (step.product === 1 && step.cents >= ACCEPT_FROM) {
                Object.assign(o, { status: 'accepted', awaiting: null, cards: 2 });
              }
              offers.push(o);
            }
          } else {
            const o = offers[step.offer % Math.max(1, offers.length)];
            if (!o) continue;
            const by = step.by;
            const side = by === 'seller' ? 'seller' : by === o.buyer ? 'buyer' : null;
            const actor = actorOf(users[by]);
            if (side === null) expected = 404;
            else if (o.status !== 'open') expected = 409;
            else if (now - o.updatedAt >= 48 * HOUR) {
              expected = 409;
              Object.assign(o, { status: 'expired', awaiting: null, cards: o.cards + 1 });
            } else if (o.awaiting !== side) expected = 409;
            else if (step.kind === 'counter' && side !== 'seller') expected = 403;
            else if (
              step.kind === 'counter' &&
              (step.cents <= o.priceCents || step.cents > LISTED)
            ) {
              expected = 400;
            } else expected = 200;
            const call =
              step.kind === 'counter'
                ? counterOffer(
                    t.app.db,
                    t.app.notifier,
                    actor,
                    o.id,
                    { price: step.cents / 100, note: '' },
                    at,
                  )
                : step.kind === 'accept'
                  ? acceptOffer(t.app.db, t.app.notifier, actor, o.id, at)
                  : declineOffer(t.app.db, t.app.notifier, actor, o.id, at);
            actual = await statusOf(call);
            if (expected === 200) {
              o.cards += 1;
              o.updatedAt = now;
              if (step.kind === 'counter') {
                Object.assign(o, { priceCents: step.cents, awaiting: 'buyer' });
              } else {
                Object.assign(o, {
                  status: step.kind === 'accept' ? 'accepted' : 'declined',
                  awaiting: null,
                });
              }
            }
          }
          expect(actual, JSON.stringify(step)).toBe(expected);

          const after = await dbState();
          if (expected >= 400 && step.kind !== 'tick') {
            // A refused step changes nothing, but the expiry it finds due.
            const expiredNow = after.rows.filter(
              (r, i) => r.status === 'expired' && before.rows[i]?.status === 'open',
            );
            if (expiredNow.length === 0) expect(after).toEqual(before);
          }
          // The database agrees with the model.
          const byId = new Map(after.rows.map((r) => [r.id, r]));
          for (const o of offers) {
            expect(byId.get(o.id)).toMatchObject({
              status: o.status,
              awaiting: o.awaiting,
              priceCents: o.priceCents,
            });
            expect(after.cards.filter((c) => c.offerId === o.id)).toHaveLength(o.cards);
          }
          // The rules hold whatever happened.
          const open = after.rows.filter((r) => r.status === 'open');
          const pairs = open.map((r) => {
            const o = offers.find((m) => m.id === r.id)!;
            return `${o.buyer}:${o.product}`;
          });
          expect(new Set(pairs).size).toBe(pairs.length);
          for (const r of after.rows) {
            const request = after.bookings.filter((b) => b.offerId === r.id);
            if (r.status === 'accepted') {
              expect(request).toHaveLength(1);
              expect(request[0]).toMatchObject({
                id: r.bookingId,
                priceCents: r.priceCents,
                status: 'requested',
              });
            } else {
              expect(request).toEqual([]);
            }
          }
          for (const buyer of BUYERS) {
            for (const product of [0, 1]) {
              const n = offers.filter((o) => o.buyer === buyer && o.product === product).length;
              expect(n).toBeLessThanOrEqual(OFFER_ROUNDS_MAX);
            }
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 300_000);
});
