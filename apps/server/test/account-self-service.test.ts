import { beforeAll, describe, expect, it } from 'vitest';
import type { Advertisement, ErrorResponse, MyProduct, Product, User } from '@market/shared';
import { readBool } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, signIn, type TestUser } from './factories.ts';
import { sameOriginJson } from './helpers/auth.ts';
import { acceptBooking, requestBooking } from './helpers/deal.ts';
import {
  call,
  countRows,
  insertCategories,
  postProduct,
  snapshot,
  storedUser,
} from './helpers/market.ts';

const t = useTestApp();

beforeAll(async () => {
  await insertCategories(t);
});

/** A call to Better Auth as the web app makes it: from our page, as the user, from their address. */
const authPost = (user: { headers: Record<string, string> }, endpoint: string, payload: unknown) =>
  sameOriginJson(t, user, `/api/auth${endpoint}`, payload);

/** A second session of the same user, as from another device. */
async function signInAgain(user: TestUser, password = user.password) {
  const res = await signIn(t, user.email, password);
  return { status: res.statusCode, headers: { cookie: cookiesFrom(res.headers['set-cookie']) } };
}

const userRow = (id: string) => storedUser(t, id);

const count = (
  table: 'sessions' | 'accounts' | 'products' | 'wishlistItems' | 'bookings',
  column: 'userId' | 'sellerId' | 'buyerId',
  id: string,
) => countRows(t, table, [column, id]);

const book = (buyer: TestUser, productId: string) =>
  call(t, buyer, 'POST', '/api/booking', { productId, phone: '01712345678', location: 'Banani' });
const ownProducts = (seller: TestUser) =>
  call(t, seller, 'GET', `/api/my-products?email=${encodeURIComponent(seller.email)}`);

describe(`POST /api/me/become-seller on ${testDbKind}`, () => {
  it('turns a buyer into an unverified seller, and the same session acts as one at once', async () => {
    const buyer = await createUser(t, { role: 'buyer', name: 'Rumi Buyer' });
    const seller = await createUser(t, { role: 'seller' });
    const product = await postProduct(t, seller);
    // The session is cached as a buyer's: a buyer may book, and may not list.
    expect((await ownProducts(buyer)).statusCode).toBe(403);

    const res = await call(t, buyer, 'POST', '/api/me/become-seller');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({
      _id: buyer.id,
      name: 'Rumi Buyer',
      role: 'seller',
      isVerifiedUser: false,
    });
    const row = await userRow(buyer.id);
    expect(row?.role).toBe('seller');
    expect(readBool(row!.isVerifiedUser)).toBe(false);

    expect((await ownProducts(buyer)).statusCode).toBe(200);
    expect((await book(buyer, product._id)).statusCode).toBe(403);
    expect((await call(t, buyer, 'GET', '/api/me')).json<User>().role).toBe('seller');
    const listed = await postProduct(t, buyer, { name: 'First listing' });
    expect(listed.sellerVerified).toBe(false);
  });

  it('answers 409 to a seller and 403 to an admin, changing nothing', async () => {
    const seller = await createUser(t, { role: 'seller', verified: true });
    const admin = await createUser(t, { role: 'admin' });
    const before = await snapshot(t);
    const asSeller = await call(t, seller, 'POST', '/api/me/become-seller');
    expect(asSeller.statusCode).toBe(409);
    expect(asSeller.json<ErrorResponse>().error.code).toBe('CONFLICT');
    const asAdmin = await call(t, admin, 'POST', '/api/me/become-seller');
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json<ErrorResponse>().error.code).toBe('FORBIDDEN');
    expect((await call(t, null, 'POST', '/api/me/become-seller')).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 409 when asked a second time; the seller stays unverified', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    expect((await call(t, buyer, 'POST', '/api/me/become-seller')).statusCode).toBe(200);
    const before = await snapshot(t);
    expect((await call(t, buyer, 'POST', '/api/me/become-seller')).statusCode).toBe(409);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`becoming a seller with orders, and going back to buying, on ${testDbKind}`, () => {
  const errorOf = (res: { json<T>(): T }) => res.json<ErrorResponse>().error;

  it('refuses the switch while the buyer has an open request or an accepted deal, saying so', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const seller = await createUser(t, { role: 'seller' });
    const waiting = await postProduct(t, seller, { name: 'Waiting phone' });
    const agreed = await postProduct(t, seller, { name: 'Agreed phone' });
    const requestId = await requestBooking(t, buyer, waiting._id);
    await acceptBooking(t, seller, await requestBooking(t, buyer, agreed._id));

    const before = await snapshot(t);
    const both = await call(t, buyer, 'POST', '/api/me/become-seller');
    expect(both.statusCode).toBe(409);
    expect(errorOf(both)).toEqual({
      code: 'CONFLICT',
      message:
        'You have 1 open request and 1 accepted deal in My Orders. Finish or cancel them before you become a seller: a seller account cannot see its orders or hand-over codes.',
      reason: 'accounts.roles.openOrders',
    });
    const inBangla = { headers: { ...buyer.headers, 'accept-language': 'bn' } };
    const bangla = await call(t, inBangla, 'POST', '/api/me/become-seller');
    expect(bangla.statusCode).toBe(409);
    expect(errorOf(bangla)).toEqual({
      code: 'CONFLICT',
      message:
        'আমার অর্ডারে আপনার ১টি খোলা অনুরোধ ও ১টি গৃহীত লেনদেন আছে। বিক্রেতা হওয়ার আগে সেগুলো শেষ বা বাতিল করুন: বিক্রেতার অ্যাকাউন্ট তার অর্ডার বা হস্তান্তর কোড দেখতে পারে না।',
      reason: 'accounts.roles.openOrders',
    });
    expect(await snapshot(t)).toEqual(before);
    expect((await userRow(buyer.id))?.role).toBe('buyer');

    // The waiting one is cancelled: the accepted deal alone still holds the switch back.
    const cancel = await call(t, buyer, 'POST', `/api/booking/${requestId}/cancel`, {
      reason: 'Found another phone',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const deal = await call(t, buyer, 'POST', '/api/me/become-seller');
    expect(deal.statusCode).toBe(409);
    expect(errorOf(deal).message).toMatch(/^You have 1 accepted deal in My Orders\./);
    // My Orders still answers the buyer, with the hand-over code.
    expect((await call(t, buyer, 'GET', `/api/booking?email=${buyer.email}`)).statusCode).toBe(200);
  });

  it('goes back to buying once no listing is left unsold, and refuses before', async () => {
    const buyer = await createUser(t, { role: 'buyer' });
    const other = await createUser(t, { role: 'seller' });
    const elsewhere = await postProduct(t, other, { name: 'Somebody else’s phone' });
    expect((await call(t, buyer, 'POST', '/api/me/become-seller')).statusCode).toBe(200);
    const listing = await postProduct(t, buyer, { name: 'My old phone' });

    const before = await snapshot(t);
    const refused = await call(t, buyer, 'POST', '/api/me/become-buyer');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'CONFLICT',
      message:
        'You have 1 listing not yet sold. Delete or sell it in My Products before you go back to buying.',
      reason: 'accounts.roles.unsoldListings',
    });
    const inBangla = { headers: { ...buyer.headers, 'accept-language': 'bn' } };
    const bangla = await call(t, inBangla, 'POST', '/api/me/become-buyer');
    expect(bangla.statusCode).toBe(409);
    expect(errorOf(bangla).message).toBe(
      'আপনার ১টি বিজ্ঞাপন এখনো বিক্রি হয়নি। আবার কেনাকাটায় ফেরার আগে আমার পণ্য থেকে সেটি মুছে ফেলুন বা বিক্রি করুন।',
    );
    expect(await snapshot(t)).toEqual(before);

    const removed = await call(t, buyer, 'DELETE', `/api/my-products/${listing._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const back = await call(t, buyer, 'POST', '/api/me/become-buyer');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<User>()).toMatchObject({
      _id: buyer.id,
      role: 'buyer',
      isVerifiedUser: false,
    });
    expect((await userRow(buyer.id))?.role).toBe('buyer');
    // The same session acts as a buyer at once: it books, and no longer lists.
    expect((await book(buyer, elsewhere._id)).statusCode).toBe(200);
    expect((await ownProducts(buyer)).statusCode).toBe(403);
  });

  it('counts the listings left unsold, in both languages', async () => {
    const seller = await createUser(t, { role: 'seller' });
    await postProduct(t, seller, { name: 'First phone' });
    await postProduct(t, seller, { name: 'Second phone' });
    const refused = await call(t, seller, 'POST', '/api/me/become-buyer');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'You have 2 listings not yet sold. Delete or sell them in My Products before you go back to buying.',
    );
    const inBangla = { headers: { ...seller.headers, 'accept-language': 'bn' } };
    const bangla = await call(t, inBangla, 'POST', '/api/me/become-buyer');
    expect(bangla.statusCode).toBe(409);
    expect(errorOf(bangla).message).toBe(
      'আপনার ২টি বিজ্ঞাপন এখনো বিক্রি হয়নি। আবার কেনাকাটায় ফেরার আগে আমার পণ্য থেকে সেগুলো মুছে ফেলুন বা বিক্রি করুন।',
    );
  });

  it('lets a seller whose listings are all sold go back; answers 409 to a buyer, 403 to an admin', async () => {
    const seller = await createUser(t, { role: 'seller', verified: true });
    const sold = await postProduct(t, seller, { name: 'Sold phone' });
    const marked = await call(t, seller, 'POST', `/api/my-products/${sold._id}/sold`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await call(t, seller, 'POST', '/api/me/become-buyer')).statusCode).toBe(200);

    const buyer = await createUser(t, { role: 'buyer' });
    const admin = await createUser(t, { role: 'admin' });
    const before = await snapshot(t);
    const asBuyer = await call(t, buyer, 'POST', '/api/me/become-buyer');
    expect(asBuyer.statusCode).toBe(409);
    expect(errorOf(asBuyer).message).toBe('This account is already a buyer account');
    const asAdmin = await call(t, admin, 'POST', '/api/me/become-buyer');
    expect(asAdmin.statusCode).toBe(403);
    expect(errorOf(asAdmin).message).toBe('An admin account cannot become a buyer');
    expect((await call(t, null, 'POST', '/api/me/become-buyer')).statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`POST /api/auth/change-password on ${testDbKind}`, () => {
  it('changes the password, ends every other session at once, and keeps this one', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const elsewhere = await signInAgain(user);
    expect(elsewhere.status).toBe(200);
    // Both sessions are in use (and cached) before the change.
    expect((await call(t, elsewhere, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(t, user, 'GET', '/api/me')).statusCode).toBe(200);

    const res = await authPost(user, '/change-password', {
      currentPassword: user.password,
      newPassword: 'a-new-password-1',
      // The server ends the other sessions whatever the client asks.
      revokeOtherSessions: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const here = { headers: { cookie: cookiesFrom(res.headers['set-cookie']) } };
    expect(here.headers.cookie).toMatch(/session_token=/);

    expect((await call(t, elsewhere, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t, here, 'GET', '/api/me')).json<User>().email).toBe(user.email);
    expect(await count('sessions', 'userId', user.id)).toBe(1);
    expect((await signInAgain(user)).status).toBe(401);
    expect((await signInAgain(user, 'a-new-password-1')).status).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const user = await createUser(t, { role: 'seller' });
    const elsewhere = await signInAgain(user);
    const before = await snapshot(t);

    const wrong = await authPost(user, '/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorResponse>().error.message).toMatch(/password/i);

    const short = await authPost(user, '/change-password', {
      currentPassword: user.password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorResponse>().error.fields?.newPassword).toBe(
      'Password must be at least 8 characters',
    );

    const typed = await authPost(user, '/change-password', {
      currentPassword: { a: 1 },
      newPassword: 'a-new-password-1',
    });
    expect(typed.statusCode).toBe(400);

    expect(await snapshot(t)).toEqual(before);
    expect((await call(t, elsewhere, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await signInAgain(user)).status).toBe(200);
  });
});

describe(`POST /api/auth/update-user on ${testDbKind}`, () => {
  it('is seen at once by the session and by the cached catalogue', async () => {
    const seller = await createUser(t, { role: 'seller', name: 'Old Shop Name' });
    const buyer = await createUser(t, { role: 'buyer', name: 'Old Buyer Name' });
    const product = await postProduct(t, seller, { Category: 'xiaomi' });
    const cards = async () =>
      (await call(t, buyer, 'GET', '/api/products/xiaomi')).json<Product[]>();
    expect((await cards()).find((p) => p._id === product._id)?.userName).toBe('Old Shop Name');

    expect((await authPost(seller, '/update-user', { name: 'New Shop Name' })).statusCode).toBe(
      200,
    );
    expect((await cards()).find((p) => p._id === product._id)?.userName).toBe('New Shop Name');

    // The buyer's session is cached; a booking copies the name the session holds.
    expect((await call(t, buyer, 'GET', '/api/me')).statusCode).toBe(200);
    expect(
      (await authPost(buyer, '/update-user', { name: 'New Buyer Name', phone: '+15550777' }))
        .statusCode,
    ).toBe(200);
    const booking = await book(buyer, product._id);
    expect(booking.json<{ name: string }>().name).toBe('New Buyer Name');
  });
});

describe(`POST /api/auth/delete-user on ${testDbKind}`, () => {
  it('deletes a buyer with their orders and wish list, only with their password', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const other = await createUser(t, { role: 'buyer' });
    const product = await postProduct(t, seller);
    for (const who of [buyer, other]) {
      expect((await book(who, product._id)).statusCode).toBe(200);
      const wished = await call(t, who, 'POST', '/api/wish-list', { productId: product._id });
      expect(wished.statusCode).toBe(200);
    }
    const elsewhere = await signInAgain(buyer);

    const before = await snapshot(t);
    for (const payload of [{}, { password: '' }, { password: 'not-the-password' }]) {
      const res = await authPost(buyer, '/delete-user', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A fresh session alone, or a token, never deletes an account.
    expect((await authPost(buyer, '/delete-user', { token: 'made-up' })).statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);

    const res = await authPost(buyer, '/delete-user', { password: buyer.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;/);

    expect(await userRow(buyer.id)).toBeUndefined();
    for (const [table, column] of [
      ['sessions', 'userId'],
      ['accounts', 'userId'],
      ['wishlistItems', 'userId'],
      ['bookings', 'buyerId'],
    ] as const) {
      expect(await count(table, column, buyer.id), table).toBe(0);
    }
    expect((await call(t, buyer, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t, elsewhere, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await signInAgain(buyer)).status).toBe(401);
    // Nobody else's data moved.
    expect(await count('bookings', 'buyerId', other.id)).toBe(1);
    expect(await count('wishlistItems', 'userId', other.id)).toBe(1);
    expect(await count('products', 'sellerId', seller.id)).toBe(1);
  });

  it("deletes a seller's listings; other buyers keep their orders, and lists show it at once", async () => {
    const seller = await createUser(t, { role: 'seller' });
    const buyer = await createUser(t, { role: 'buyer' });
    const booked = await postProduct(t, seller, { name: 'Leaving shop phone', resellPrice: 275 });
    const advertised = await call(t, seller, 'PUT', `/api/my-products/${booked._id}`);
    expect(advertised.statusCode).toBe(200);
    expect((await book(buyer, booked._id)).statusCode).toBe(200);
    const wished = await postProduct(t, seller, { name: 'Wished phone' });
    expect(
      (await call(t, buyer, 'POST', '/api/wish-list', { productId: wished._id })).statusCode,
    ).toBe(200);
    const ads = async () =>
      (await call(t, null, 'GET', '/api/advertisement')).json<Advertisement[]>().map((a) => a._id);
    expect(await ads()).toContain(booked._id);

    const res = await authPost(seller, '/delete-user', { password: seller.password });
    expect(res.statusCode, res.body).toBe(200);

    expect(await userRow(seller.id)).toBeUndefined();
    expect(await count('products', 'sellerId', seller.id)).toBe(0);
    expect(await count('wishlistItems', 'userId', buyer.id)).toBe(0);
    const orders = await t.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('buyerId', '=', buyer.id)
      .execute();
    expect(
      orders.map((o) => [o.productName, o.priceCents, o.imgUrl, o.productId, o.sellerId]),
    ).toEqual([['Leaving shop phone', 27_500, booked.imgURL, null, null]]);
    // The cached advertisements forget the listing with the seller, not seconds later.
    expect(await ads()).not.toContain(booked._id);
  });

  it('never deletes an admin account', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const before = await snapshot(t);
    const res = await authPost(admin, '/delete-user', { password: admin.password });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().error.code).toBe('FORBIDDEN');
    expect(await snapshot(t)).toEqual(before);
    expect((await call(t, admin, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await authPost({ headers: {} }, '/delete-user', { password: 'whatever-1' });
    expect(res.statusCode).toBe(401);
  });
});

describe(`GET /api/my-products counts the buyers of each listing, on ${testDbKind}`, () => {
  it('says how many buyers booked each product', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const [first, second] = await Promise.all([
      createUser(t, { role: 'buyer' }),
      createUser(t, { role: 'buyer' }),
    ]);
    const popular = await postProduct(t, seller, { name: 'Popular phone' });
    const quiet = await postProduct(t, seller, { name: 'Quiet phone' });
    for (const buyer of [first!, second!]) {
      expect((await book(buyer, popular._id)).statusCode).toBe(200);
    }
    // A second booking by the same buyer is refused, and counts nothing.
    expect((await book(first!, popular._id)).statusCode).toBe(409);
    const rows = (await ownProducts(seller)).json<MyProduct[]>();
    expect(Object.fromEntries(rows.map((p) => [p.name, p.buyerCount]))).toEqual({
      'Popular phone': 2,
      'Quiet phone': 0,
    });
    expect(rows.find((p) => p._id === quiet._id)).toMatchObject({ userEmail: seller.email });
  });
});
