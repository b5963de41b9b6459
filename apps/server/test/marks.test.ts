import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX, type Marks } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
/** Products of one page: saved, booked, both, neither. */
let [saved, booked, both, neither] = ['', '', '', ''];

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  otherBuyer = await createUser(t, { role: 'buyer' });
  [saved = '', booked = '', both = '', neither = ''] = await insertProducts(t, seller.id, 4);
  for (const productId of [saved, both]) {
    expect((await call(t, buyer, 'POST', '/api/wish-list', { productId })).statusCode).toBe(200);
  }
  for (const productId of [booked, both]) {
    const res = await call(t, buyer, 'POST', '/api/booking', {
      productId,
      phone: '01712345678',
      location: 'Uttara',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

const marksUrl = (ids: string[]) => `/api/me/marks?productIds=${ids.join(',')}`;

async function marksOf(user: TestUser, ids: string[]): Promise<Marks> {
  const res = await call(t, user, 'GET', marksUrl(ids));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Marks>();
}

const sorted = (marks: Marks): Marks => ({
  wishlist: [...marks.wishlist].sort((a, b) => a.productId.localeCompare(b.productId)),
  booked: [...marks.booked].sort(),
  reserved: [...marks.reserved].sort(),
});

async function entryIds(user: TestUser) {
  const rows = await t.app.db
    .selectFrom('wishlistItems')
    .select(['id', 'productId'])
    .where('userId', '=', user.id)
    .execute();
  return new Map(rows.map((r) => [r.productId, r.id]));
}

describe(`GET /api/me/marks on ${testDbKind}`, () => {
  it("names the page's products the buyer saved (with the entry) and booked", async () => {
    const entries = await entryIds(buyer);
    const marks = await marksOf(buyer, [saved, booked, both, neither]);
    expect(sorted(marks)).toEqual(
      sorted({
        wishlist: [
          { productId: saved, itemId: entries.get(saved)! },
          { productId: both, itemId: entries.get(both)! },
        ],
        booked: [booked, both],
        reserved: [],
      }),
    );
  });

  it('answers only about the products asked for, and only for the caller', async () => {
    expect(await marksOf(buyer, [neither])).toEqual({ wishlist: [], booked: [], reserved: [] });
    expect(await marksOf(buyer, [booked])).toEqual({
      wishlist: [],
      booked: [booked],
      reserved: [],
    });
    expect(await marksOf(otherBuyer, [saved, booked, both])).toEqual({
      wishlist: [],
      booked: [],
      reserved: [],
    });
    expect(await marksOf(buyer, ['no-such-product'])).toEqual({
      wishlist: [],
      booked: [],
      reserved: [],
    });
  });

  it('un-saves through the entry it names, and saves again', async () => {
    const before = await marksOf(buyer, [saved]);
    const itemId = before.wishlist[0]?.itemId ?? '';
    const removed = await call(t, buyer, 'DELETE', `/api/wish-list/${itemId}`);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect(await marksOf(buyer, [saved])).toEqual({ wishlist: [], booked: [], reserved: [] });

    expect((await call(t, buyer, 'POST', '/api/wish-list', { productId: saved })).statusCode).toBe(
      200,
    );
    const again = await marksOf(buyer, [saved]);
    expect(again.wishlist).toEqual([{ productId: saved, itemId: expect.any(String) }]);
    expect(again.wishlist[0]?.itemId).not.toBe(itemId);
  });

  it('keeps a booking marked while the server still refuses a second one', async () => {
    const again = await call(t, buyer, 'POST', '/api/booking', {
      productId: booked,
      phone: '01712345678',
      location: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect((await marksOf(buyer, [booked])).booked).toEqual([booked]);
  });

  it('marks a request the seller accepted as reserved, and forgets a declined one', async () => {
    const [accepted, declined] = await insertProducts(t, seller.id, 2);
    const request = async (productId: string) =>
      (
        await call(t, buyer, 'POST', '/api/booking', {
          productId,
          phone: '01712345678',
          location: 'Gulshan',
        })
      ).json<{ _id: string }>()._id;
    const acceptId = await request(accepted!);
    const declineId = await request(declined!);
    const meetingAt = new Date(Date.now() + 86_400_000).toISOString();
    const accept = await call(t, seller, 'POST', `/api/booking/${acceptId}/accept`, {
      meetingAt,
      meetingPlace: 'Gulshan 1 circle',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const decline = await call(t, seller, 'POST', `/api/booking/${declineId}/decline`, {});
    expect(decline.statusCode, decline.body).toBe(200);
    expect(await marksOf(buyer, [accepted!, declined!])).toEqual({
      wishlist: [],
      booked: [accepted],
      reserved: [accepted],
    });
  });

  it('forgets a deleted product: its entry goes, its order stays without it', async () => {
    const res = await call(t, seller, 'DELETE', `/api/my-products/${both}`);
    expect(res.statusCode).toBe(200);
    expect(await marksOf(buyer, [both])).toEqual({ wishlist: [], booked: [], reserved: [] });
  });

  it.each([
    ['no products named', '/api/me/marks'],
    ['an empty list', '/api/me/marks?productIds='],
    ['an empty id', `/api/me/marks?productIds=${saved},,${booked}`],
    ['an id too long', `/api/me/marks?productIds=${'x'.repeat(65)}`],
    [
      `more than ${PAGE_SIZE_MAX} products`,
      marksUrl(Array.from({ length: PAGE_SIZE_MAX + 1 }, (_, i) => `p${i}`)),
    ],
  ])('refuses %s with 400 and a message', async (_label, url) => {
    const res = await call(t, buyer, 'GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/\w/) },
    });
  });

  it(`answers for ${PAGE_SIZE_MAX} products, a page of the longest list`, async () => {
    const ids = Array.from({ length: PAGE_SIZE_MAX - 1 }, (_, i) => `other-${i}`);
    expect(await marksOf(buyer, [...ids, booked])).toEqual({
      wishlist: [],
      booked: [booked],
      reserved: [],
    });
  });
});
