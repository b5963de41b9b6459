import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDayMonthYear, type Booking, type Product, type SellerBuyer } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { requestBody } from './helpers/deal.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', verified: true });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer', name: 'Sam Buyer' });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Rina Buyer' });
});

const ordersUrl = (user: TestUser, extra = '') =>
  `/api/booking?email=${encodeURIComponent(user.email)}${extra}`;

function bookingRows(productId?: string) {
  let q = t.app.db.selectFrom('bookings').selectAll();
  if (productId) q = q.where('productId', '=', productId);
  return q.execute();
}

describe(`booking a product on ${testDbKind}`, () => {
  let product: Product;

  beforeAll(async () => {
    product = await postProduct(t, seller, {
      name: 'Pixel 7 Pro',
      resellPrice: 420.25,
      imgURL: '/demo/iphone-3.webp',
    });
  });

  it('takes name and email from the session and the rest from the product, whatever the body says', async () => {
    const res = await call(
      t,
      buyer,
      'POST',
      '/api/booking',
      requestBody(product._id, {
        name: 'Forged Name',
        email: 'forged@example.com',
        productName: 'Free phone',
        price: 1,
        imgURL: 'https://evil.example/phone.png',
        date: '01-01-2000',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json<Booking>();
    expect(booking).toEqual({
      _id: expect.any(String),
      productId: product._id,
      name: 'Sam Buyer',
      email: buyer.email,
      phone: '+8801712345678',
      location: 'Dhanmondi 27, near the lake',
      productName: 'Pixel 7 Pro',
      price: 420.25,
      agreedPrice: null,
      imgURL: '/demo/iphone-3.webp',
      date: formatDayMonthYear(new Date()),
      productAvailable: true,
      status: 'requested',
      productStatus: 'available',
      proposedAt: null,
      meetingAt: null,
      meetingPlace: null,
      meetingTimeZone: null,
      meetingSpot: null,
      reason: null,
      closedBy: null,
      updatedAt: expect.any(String),
      actions: ['cancel'],
      checkIn: null,
      sellerName: seller.name,
      sellerPhone: null,
      sellerEmail: null,
      handoverCode: null,
      inspectionStatus: null,
      inspectionDue: false,
      checkedAtHandover: false,
      review: null,
      reviewUntil: null,
    });
    const rows = await bookingRows(product._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: booking._id,
      buyerId: buyer.id,
      sellerId: seller.id,
      name: 'Sam Buyer',
      email: buyer.email,
      productName: 'Pixel 7 Pro',
      priceCents: 42_025,
      imgUrl: '/demo/iphone-3.webp',
    });
  });

  it('refuses a second open request for the same product with 409 and keeps one order', async () => {
    const res = await call(t, buyer, 'POST', '/api/booking', requestBody(product._id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: 'You already have an open request for this phone: see My Orders',
      reason: 'common.listing.openRequest',
    });
    expect((await bookingRows(product._id)).filter((r) => r.buyerId === buyer.id)).toHaveLength(1);
  });

  it('lets another buyer book the same product', async () => {
    const res = await call(t, otherBuyer, 'POST', '/api/booking', requestBody(product._id));
    expect(res.statusCode).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ name: 'Rina Buyer', email: otherBuyer.email });
    expect(await bookingRows(product._id)).toHaveLength(2);
  });

  it('refuses a missing product with 404 and stores nothing', async () => {
    const before = (await bookingRows()).length;
    const res = await call(t, buyer, 'POST', '/api/booking', requestBody(crypto.randomUUID()));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This product is no longer available');
    expect(await bookingRows()).toHaveLength(before);
  });

  it('refuses booking your own product', async () => {
    // A listing left from when this account sold phones.
    const w = valueWriters(t.app.db);
    const ownId = crypto.randomUUID();
    await t.app.db
      .insertInto('products')
      .values({
        id: ownId,
        sellerId: buyer.id,
        category: 'iPhone',
        name: 'My old phone',
        imgUrl: '/demo/iphone-4.webp',
        originalPriceCents: 10_000,
        resellPriceCents: 5_000,
        yearOfPurchase: 2019,
        condition: 'fair',
        description: '',
        location: 'Mirpur',
        advertised: w.bool(false),
        postedAt: w.date(new Date()),
      })
      .execute();
    const res = await call(t, buyer, 'POST', '/api/booking', requestBody(ownId));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot book your own product');
    expect(await bookingRows(ownId)).toHaveLength(0);
  });

  it.each([
    ['productId', { productId: undefined }],
    ['phone', { phone: undefined }],
    ['phone', { phone: 'call me' }],
    ['location', { location: '  ' }],
    ['location', { location: 'x'.repeat(201) }],
  ])('refuses a booking with a bad %s', async (field, change) => {
    const before = (await bookingRows()).length;
    const body = { ...requestBody(product._id), ...change };
    const res = await call(t, buyer, 'POST', '/api/booking', body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await bookingRows()).toHaveLength(before);
  });
});

describe(`orders and buyers on ${testDbKind}`, () => {
  let shopper: TestUser;
  let products: Product[];

  beforeAll(async () => {
    shopper = await createUser(t, { role: 'buyer', name: 'Paged Buyer' });
    products = [];
    for (let i = 0; i < 5; i++) {
      products.push(
        await postProduct(t, otherSeller, { name: `Galaxy ${i}`, Category: 'samsung' }),
      );
      const res = await call(t, shopper, 'POST', '/api/booking', requestBody(products[i]!._id));
      expect(res.statusCode).toBe(200);
    }
  });

  it("lists the buyer's own orders newest first, paged with X-Total-Count", async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await call(t, shopper, 'GET', ordersUrl(shopper, `&page=${page}&limit=2`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('5');
      seen.push(...res.json<Booking[]>().map((b) => b.productName));
    }
    expect(seen).toEqual(['Galaxy 4', 'Galaxy 3', 'Galaxy 2', 'Galaxy 1', 'Galaxy 0']);
  });

  it('accepts the own email in any letter case and refuses anyone else', async () => {
    const upper = await call(
      t,
      shopper,
      'GET',
      `/api/booking?email=${shopper.email.toUpperCase()}`,
    );
    expect(upper.statusCode).toBe(200);
    expect(upper.json<Booking[]>()).toHaveLength(5);
    expect((await call(t, shopper, 'GET', ordersUrl(buyer))).statusCode).toBe(403);
  });

  it("lists the seller's buyers newest first, and only theirs", async () => {
    const res = await call(t, otherSeller, 'GET', '/api/my-buyers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const buyers = res.json<SellerBuyer[]>();
    expect(buyers.map((b) => b.productName)).toEqual([
      'Galaxy 4',
      'Galaxy 3',
      'Galaxy 2',
      'Galaxy 1',
      'Galaxy 0',
    ]);
    expect(buyers[0]).toEqual({
      _id: expect.any(String),
      name: 'Paged Buyer',
      // Masked until the seller accepts the request.
      email: 'b***@example.test',
      phone: '+***********78',
      contactShown: false,
      location: 'Dhanmondi 27, near the lake',
      productName: 'Galaxy 4',
      // The listed price of productForm(), not agreed in an offer.
      price: 450.5,
      agreedPrice: null,
      date: formatDayMonthYear(new Date()),
      productId: products[4]!._id,
      status: 'requested',
      productStatus: 'available',
      proposedAt: null,
      meetingAt: null,
      meetingPlace: null,
      meetingTimeZone: null,
      meetingSpot: null,
      reason: null,
      closedBy: null,
      updatedAt: expect.any(String),
      actions: ['accept', 'decline'],
      checkIn: null,
      codeTriesLeft: null,
      codeLockedUntil: null,
      buyerShowUp: null,
      inspectionStatus: null,
      checkedAtHandover: false,
      listingPlaceId: null,
    });
    const mine = (await call(t, seller, 'GET', '/api/my-buyers')).json<SellerBuyer[]>();
    expect(mine.map((b) => b.name).sort()).toEqual([buyer.name, otherBuyer.name].sort());
  });

  it('keeps an order when its product is deleted, marked no longer available', async () => {
    const gone = products[0]!;
    expect((await call(t, otherSeller, 'DELETE', `/api/my-products/${gone._id}`)).statusCode).toBe(
      200,
    );
    const orders = (await call(t, shopper, 'GET', ordersUrl(shopper, '&limit=10'))).json<
      Booking[]
    >();
    const order = orders.find((o) => o.productName === 'Galaxy 0');
    expect(order).toMatchObject({
      productId: null,
      productAvailable: false,
      price: 450.5,
      imgURL: gone.imgURL,
    });
    const rebook = await call(t, otherBuyer, 'POST', '/api/booking', requestBody(gone._id));
    expect(rebook.statusCode).toBe(404);
  });
});
