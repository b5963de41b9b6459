import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Product, User } from '@market/shared';
import { readBool } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, countRows, insertCategories, postProduct, storedUser } from './helpers/market.ts';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  admin = await createUser(t, { role: 'admin' });
});

const memberUrl = (user: { email: string }) => `/api/all-sellers/${encodeURIComponent(user.email)}`;

const userRow = (id: string) => storedUser(t, id);

/** How many rows of the table have this id in the column. */
const countWhere = (
  table: 'sessions' | 'accounts' | 'products' | 'wishlistItems',
  column: 'userId' | 'sellerId',
  id: string,
) => countRows(t, table, [column, id]);

const bookingBody = (productId: string) => ({
  productId,
  phone: '01712345678',
  location: 'Banani',
});

describe(`listing and verifying sellers on ${testDbKind}`, () => {
  it('lists sellers and buyers apart, with the total', async () => {
    const seller = await createUser(t, { role: 'seller', name: 'Listed Seller' });
    const buyer = await createUser(t, { role: 'buyer', name: 'Listed Buyer' });
    const sellers = await call(t, admin, 'GET', '/api/all-sellers?limit=100');
    expect(sellers.statusCode).toBe(200);
    const sellerList = sellers.json<User[]>();
    expect(sellerList.every((u) => u.role === 'seller')).toBe(true);
    expect(sellers.headers['x-total-count']).toBe(String(sellerList.length));
    expect(sellerList.find((u) => u._id === seller.id)).toEqual({
      _id: seller.id,
      name: 'Listed Seller',
      email: seller.email,
      phone: expect.anything(),
      img: null,
      role: 'seller',
      isVerifiedUser: false,
      suspended: false,
      suspendedReason: null,
    });
    const buyers = (await call(t, admin, 'GET', '/api/all-buyers?limit=100')).json<User[]>();
    expect(buyers.every((u) => u.role === 'buyer')).toBe(true);
    expect(buyers.map((u) => u._id)).toContain(buyer.id);
    expect(buyers.map((u) => u._id)).not.toContain(seller.id);
  });

  it('marks suspended sellers and buyers with the reason, until an admin restores them (audited)', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const suspendedAt = new Date().toISOString();
    await t.app.db
      .updateTable('users')
      .set({ suspendedAt, suspendedReason: 'Fake listings' })
      .where('id', 'in', [seller.id, buyer.id])
      .execute();
    type Listed = User & { suspended: boolean; suspendedReason: string | null };
    const entryOf = async (list: string, id: string) =>
      (await call(t, admin, 'GET', `/api/${list}?limit=100`))
        .json<Listed[]>()
        .find((u) => u._id === id);
    expect(await entryOf('all-sellers', seller.id)).toMatchObject({
      suspended: true,
      suspendedReason: 'Fake listings',
    });
    expect(await entryOf('all-buyers', buyer.id)).toMatchObject({
      suspended: true,
      suspendedReason: 'Fake listings',
    });

    const restored = await call(t, admin, 'POST', `/api/admin/users/${buyer.id}/restore`, {
      reason: 'Appeal accepted',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await entryOf('all-buyers', buyer.id)).toMatchObject({
      suspended: false,
      suspendedReason: null,
    });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actorId'])
      .where('targetId', '=', buyer.id)
      .execute();
    expect(audit).toEqual([
      { action: 'restore_user', reason: 'Appeal accepted', actorId: admin.id },
    ]);
  });

  it('verifies a seller once, and their cards show it', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const product = await postProduct(t, seller);
    expect(product.sellerVerified).toBe(false);

    const first = await call(t, admin, 'PUT', memberUrl({ email: seller.email.toUpperCase() }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect(readBool((await userRow(seller.id))!.isVerifiedUser)).toBe(true);
    expect((await call(t, admin, 'PUT', memberUrl(seller))).json()).toEqual({ modifiedCount: 0 });

    const cards = (await call(t, seller, 'GET', '/api/products/iphone?limit=100')).json<
      Product[]
    >();
    expect(cards.find((p) => p._id === product._id)?.sellerVerified).toBe(true);
  });

  it('answers 404 for a buyer or an unknown email, changing nothing', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    expect((await call(t, admin, 'PUT', memberUrl(buyer))).statusCode).toBe(404);
    expect(readBool((await userRow(buyer.id))!.isVerifiedUser)).toBe(false);
    expect(
      (await call(t, admin, 'PUT', memberUrl({ email: 'nobody@example.com' }))).statusCode,
    ).toBe(404);
    expect((await call(t, admin, 'PUT', memberUrl({ email: 'not-an-email' }))).statusCode).toBe(
      400,
    );
  });
});

describe(`deleting members on ${testDbKind}`, () => {
  it('deletes a seller with everything theirs; other buyers keep their orders', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const otherSeller = await createUser(t, { role: 'seller' });
    const booked = await postProduct(t, seller, { name: 'Booked phone', resellPrice: 321 });
    const wished = await postProduct(t, seller, { name: 'Wished phone' });
    const untouched = await postProduct(t, otherSeller, { name: 'Another shop' });
    expect((await call(t, buyer, 'POST', '/api/booking', bookingBody(booked._id))).statusCode).toBe(
      200,
    );
    expect(
      (await call(t, buyer, 'POST', '/api/booking', bookingBody(untouched._id))).statusCode,
    ).toBe(200);
    expect(
      (await call(t, buyer, 'POST', '/api/wish-list', { productId: wished._id })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, buyer, 'POST', '/api/wish-list', { productId: untouched._id })).statusCode,
    ).toBe(200);
    expect(await countWhere('sessions', 'userId', seller.id)).toBeGreaterThan(0);

    const res = await call(t, admin, 'DELETE', memberUrl(seller));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect(await userRow(seller.id)).toBeUndefined();
    expect(await countWhere('sessions', 'userId', seller.id)).toBe(0);
    expect(await countWhere('accounts', 'userId', seller.id)).toBe(0);
    expect(await countWhere('products', 'sellerId', seller.id)).toBe(0);

    const wishes = await t.app.db
      .selectFrom('wishlistItems')
      .select('productId')
      .where('userId', '=', buyer.id)
      .execute();
    expect(wishes.map((w) => w.productId)).toEqual([untouched._id]);

    const orders = await t.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('buyerId', '=', buyer.id)
      .orderBy('productName')
      .execute();
    expect(orders.map((o) => [o.productName, o.productId, o.sellerId, o.priceCents])).toEqual([
      ['Another shop', untouched._id, otherSeller.id, 45_050],
      ['Booked phone', null, null, 32_100],
    ]);
    const seen = (
      await call(t, buyer, 'GET', `/api/booking?email=${encodeURIComponent(buyer.email)}`)
    ).json<Booking[]>();
    expect(seen.find((o) => o.productName === 'Booked phone')).toMatchObject({
      productAvailable: false,
      price: 321,
    });
    expect(await userRow(otherSeller.id)).toBeDefined();
    expect(await countWhere('products', 'sellerId', otherSeller.id)).toBe(1);
  });

  it("refuses the deleted seller's session at once", async () => {
    const seller = await createUser(t, { role: 'seller' });
    const ownList = `/api/my-products?email=${encodeURIComponent(seller.email)}`;
    expect((await call(t, seller, 'GET', ownList)).statusCode).toBe(200);
    expect((await call(t, admin, 'DELETE', memberUrl(seller))).statusCode).toBe(200);
    expect((await call(t, seller, 'GET', ownList)).statusCode).toBe(401);
    expect(
      (
        await call(
          t,
          seller,
          'POST',
          `/api/add-product?email=${encodeURIComponent(seller.email)}`,
          {},
        )
      ).statusCode,
    ).toBe(401);
  });

  it('deletes a buyer with their orders and wish list, leaving the seller alone', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const otherBuyer = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);
    for (const who of [buyer, otherBuyer]) {
      expect(
        (await call(t, who, 'POST', '/api/booking', bookingBody(product._id))).statusCode,
      ).toBe(200);
      expect(
        (await call(t, who, 'POST', '/api/wish-list', { productId: product._id })).statusCode,
      ).toBe(200);
    }

    const res = await call(t, admin, 'DELETE', memberUrl(buyer));
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await userRow(buyer.id)).toBeUndefined();
    expect(await countWhere('wishlistItems', 'userId', buyer.id)).toBe(0);
    const orders = await t.app.db
      .selectFrom('bookings')
      .select('buyerId')
      .where('productId', '=', product._id)
      .execute();
    expect(orders.map((o) => o.buyerId)).toEqual([otherBuyer.id]);
    expect(await countWhere('wishlistItems', 'userId', otherBuyer.id)).toBe(1);
    expect(await countWhere('products', 'sellerId', seller.id)).toBe(1);
    expect(
      (await call(t, buyer, 'GET', `/api/booking?email=${encodeURIComponent(buyer.email)}`))
        .statusCode,
    ).toBe(401);
  });

  it('never deletes an admin, and answers 404 for an unknown email', async () => {
    const res = await call(t, admin, 'DELETE', memberUrl(admin));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await userRow(admin.id)).toBeDefined();
    expect(await countWhere('sessions', 'userId', admin.id)).toBeGreaterThan(0);
    expect(
      (await call(t, admin, 'DELETE', memberUrl({ email: 'gone@example.com' }))).statusCode,
    ).toBe(404);
  });
});
