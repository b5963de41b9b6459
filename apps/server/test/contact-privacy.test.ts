import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, MyProduct, Product, SellerBuyer, SellerProfile } from '@market/shared';
import { useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { acceptBooking, requestBooking } from './helpers/deal.ts';
import { call, insertCategories, postProduct, type Caller } from './helpers/market.ts';
import { freshWebBuild } from './helpers/web-build.ts';

// The pages are drawn by the real web build, as in production.
let distDir = '';
beforeAll(() => {
  distDir = freshWebBuild();
}, 600_000);
const t = useTestApp(() => ({ env: { WEB_DIST_DIR: distDir }, serveWeb: true }));

const SELLER_EMAIL = 'rahim.phones@example.test';
const SELLER_MASKED = 'r***@example.test';
const BUYER_PHONE = '+8801712345678';
const BUYER_PHONE_MASKED = '+***********78';

let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let product: Product;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, {
    role: 'seller',
    verified: true,
    name: 'Rahim Phones',
    email: SELLER_EMAIL,
  });
  buyer = await createUser(t, {
    role: 'buyer',
    name: 'Sam Buyer',
    email: 'sam.buyer@example.test',
  });
  otherBuyer = await createUser(t, { role: 'buyer', name: 'Rina Buyer' });
  product = await postProduct(t, seller, { name: 'iPhone 13 Privacy 128GB' });
});

/** Fails when the text carries the address, in any letter case. */
function expectNoAddress(body: string, email: string, what: string) {
  expect(body.toLowerCase().includes(email.toLowerCase()), `${what} carries ${email}`).toBe(false);
}

describe("the seller's email address", () => {
  const publicAnswers = () => [
    `/api/product/${product._id}`,
    `/api/sellers/${seller.id}`,
    '/api/products/iPhone',
    '/api/search?q=Privacy',
  ];

  it('is in no public answer, and cards carry it masked', async () => {
    for (const [who, caller] of [
      ['a visitor', null],
      ['an unrelated buyer', otherBuyer],
    ] as const) {
      for (const url of publicAnswers()) {
        const res = await call(t, caller, 'GET', url);
        if (
          caller === null &&
          (url.startsWith('/api/products/') || url.startsWith('/api/search'))
        ) {
          // Category lists and search are behind sign-in (the specification's).
          expect(res.statusCode, `${who} ${url}`).toBe(401);
          continue;
        }
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
        expect(res.body, `${who} ${url}`).toContain('iPhone 13 Privacy 128GB');
        expectNoAddress(res.body, SELLER_EMAIL, `${who} ${url}`);
        expect(res.body, `${who} ${url}`).toContain(SELLER_MASKED);
      }
    }
    const listing = (await call(t, null, 'GET', `/api/product/${product._id}`)).json<Product>();
    expect(listing.userEmail).toBe(SELLER_MASKED);
    const profile = (await call(t, null, 'GET', `/api/sellers/${seller.id}`)).json<SellerProfile>();
    expect(profile.listings.map((p) => p.userEmail)).toEqual([SELLER_MASKED]);
    const cards = (await call(t, otherBuyer, 'GET', '/api/products/iPhone')).json<Product[]>();
    expect(cards.map((p) => [p.name, p.userEmail])).toEqual([
      ['iPhone 13 Privacy 128GB', SELLER_MASKED],
    ]);
    const found = (await call(t, otherBuyer, 'GET', '/api/search?q=Privacy')).json<Product[]>();
    expect(found.map((p) => p.userEmail)).toEqual([SELLER_MASKED]);
  });

  it("is in no server-drawn page's page state, for a visitor or a buyer", async () => {
    const pages: Array<[string, Caller, string]> = [
      ['a visitor', null, `/product/${product._id}`],
      ['a visitor', null, `/seller/${seller.id}`],
      ['an unrelated buyer', otherBuyer, `/product/${product._id}`],
      ['an unrelated buyer', otherBuyer, `/seller/${seller.id}`],
      ['an unrelated buyer', otherBuyer, '/category/iPhone'],
      ['an unrelated buyer', otherBuyer, '/search?q=Privacy'],
    ];
    for (const [who, caller, url] of pages) {
      // Twice: drawn, then from the page cache shared by everyone of the role.
      for (const round of ['drawn', 'kept']) {
        const res = await call(t, caller, 'GET', url);
        const what = `${who} ${url} (${round})`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-type'], what).toContain('text/html');
        // The page carries the listing in its page state, so the check is about real data.
        expect(res.body, what).toContain('iPhone 13 Privacy 128GB');
        expectNoAddress(res.body, SELLER_EMAIL, what);
      }
    }
  });

  it('is shown in full to the seller in their own lists', async () => {
    const own = await call(t, seller, 'GET', `/api/my-products?email=${SELLER_EMAIL}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<MyProduct[]>().map((p) => p.userEmail)).toEqual([SELLER_EMAIL]);
    const edited = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      location: 'Dhaka, Banani',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Product>().userEmail).toBe(SELLER_EMAIL);
    // Their own listing's public page is the same as everyone's.
    const page = (await call(t, seller, 'GET', `/api/product/${product._id}`)).json<Product>();
    expect(page.userEmail).toBe(SELLER_MASKED);
  });

  it('reaches a buyer only once the seller accepted their request', async () => {
    const orders = async (who: TestUser) => {
      const res = await call(t, who, 'GET', `/api/booking?email=${encodeURIComponent(who.email)}`);
      expect(res.statusCode).toBe(200);
      return res;
    };
    const mine = await requestBooking(t, buyer, product._id);
    const theirs = await requestBooking(t, otherBuyer, product._id);
    const requested = await orders(buyer);
    expectNoAddress(requested.body, SELLER_EMAIL, 'a requested order');
    expect(requested.json<Booking[]>()[0]).toMatchObject({ _id: mine, sellerEmail: null });

    await acceptBooking(t, seller, mine);
    const accepted = (await orders(buyer)).json<Booking[]>()[0]!;
    expect(accepted).toMatchObject({ _id: mine, status: 'accepted', sellerEmail: SELLER_EMAIL });
    // The other buyer, whose request was not accepted, still has no address.
    const other = await orders(otherBuyer);
    expectNoAddress(other.body, SELLER_EMAIL, "the other buyer's orders");
    expect(other.json<Booking[]>()[0]).toMatchObject({ _id: theirs, sellerEmail: null });
    // The public answers stay the same for everyone, the accepted buyer too.
    const card = await call(t, buyer, 'GET', `/api/product/${product._id}`);
    expectNoAddress(card.body, SELLER_EMAIL, 'the listing to the accepted buyer');
  });
});

describe("the buyer's contact in My Buyers", () => {
  it('is masked until the seller accepts the request, then shown', async () => {
    const listing = await postProduct(t, seller, {
      name: 'Galaxy Contact 256GB',
      Category: 'samsung',
    });
    const id = await requestBooking(t, buyer, listing._id, { phone: BUYER_PHONE });
    const mine = async () => {
      const res = await call(t, seller, 'GET', '/api/my-buyers?limit=50');
      expect(res.statusCode).toBe(200);
      const row = res.json<SellerBuyer[]>().find((b) => b._id === id)!;
      return { res, row };
    };
    const before = await mine();
    expect(before.row).toMatchObject({
      name: 'Sam Buyer',
      email: 's***@example.test',
      phone: BUYER_PHONE_MASKED,
      contactShown: false,
    });
    // The other buyer's request is not accepted: their address is nowhere in the answer.
    expectNoAddress(before.res.body, otherBuyer.email, 'My Buyers before acceptance');

    await acceptBooking(t, seller, id);
    const after = await mine();
    expect(after.row).toMatchObject({
      email: 'sam.buyer@example.test',
      phone: BUYER_PHONE,
      contactShown: true,
    });
    // The other buyer's request for the first listing is still unaccepted, so still masked.
    const others = after.res.json<SellerBuyer[]>().filter((b) => b.name === 'Rina Buyer');
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) {
      expect(row.contactShown).toBe(false);
      expect(row.phone).toBe(BUYER_PHONE_MASKED);
      expect(row.email).toMatch(/^b\*\*\*@example\.test$/);
    }
  });
});

describe('the OpenAPI document', () => {
  it('says which addresses are masked, and when they show', async () => {
    const res = await call(t, null, 'GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    const product = JSON.stringify(doc.paths['/api/product/{id}']);
    expect(product).toContain('masked (\\"s***@example.com\\")');
    const buyers = JSON.stringify(doc.paths['/api/my-buyers']);
    expect(buyers).toContain('"contactShown"');
    expect(buyers).toContain('masked until the seller accepts the request');
    const orders = JSON.stringify(doc.paths['/api/booking']);
    expect(orders).toContain('"sellerEmail"');
  });
});
