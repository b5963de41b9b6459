import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX,
  NEXT_CURSOR_HEADER,
  PRICE_MAX,
  RESELL_ABOVE_ORIGINAL,
  YEAR_OF_PURCHASE_MIN,
  currentYear,
  formatDayMonthYear,
  type Advertisement,
  type Category,
  type Product,
} from '@market/shared';
import { testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  call,
  countRows,
  insertCategories,
  insertProducts,
  postProduct,
  productForm,
} from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let unverifiedSeller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', verified: true, name: 'Rahim Phones' });
  unverifiedSeller = await createUser(t, { role: 'seller', name: 'Nadia Mobile' });
  buyer = await createUser(t, { role: 'buyer' });
});

const addProductUrl = () => `/api/add-product?email=${encodeURIComponent(seller.email)}`;

const productCount = () => countRows(t, 'products');

/** Posts the body and expects a refusal naming the field; nothing may be stored. */
async function expectRefused(body: Record<string, unknown>, field: string) {
  const before = await productCount();
  const res = await call(t, seller, 'POST', addProductUrl(), body);
  expect(res.statusCode, res.body).toBe(400);
  const error = res.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(error.fields ?? {})).toContain(field);
  expect(await productCount()).toBe(before);
}

async function expectAccepted(body: Record<string, unknown>): Promise<Product> {
  const before = await productCount();
  const res = await call(t, seller, 'POST', addProductUrl(), body);
  expect(res.statusCode, res.body).toBe(200);
  expect(await productCount()).toBe(before + 1);
  return res.json<Product>();
}

describe(`adding a product on ${testDbKind}`, () => {
  it('stores the product with the server-set seller, time and flag, prices in cents', async () => {
    const product = await expectAccepted(productForm({ name: '  iPhone 13 128GB  ' }));
    expect(product).toMatchObject({
      name: 'iPhone 13 128GB',
      Category: 'iPhone',
      originalPrice: 799,
      resellPrice: 450.5,
      yearOfUse: 2022,
      condition: 'good',
      userEmail: seller.email,
      userName: 'Rahim Phones',
      available: false,
      sellerVerified: true,
      postedDate: formatDayMonthYear(new Date()),
    });
    expect(product.postedTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const row = await t.app.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      sellerId: seller.id,
      originalPriceCents: 79_900,
      resellPriceCents: 45_050,
      yearOfPurchase: 2022,
      name: 'iPhone 13 128GB',
    });
  });

  it('makes the description optional', async () => {
    const form = productForm();
    delete form.description;
    expect((await expectAccepted(form)).description).toBe('');
  });

  it.each([
    'name',
    'location',
    'yearOfUse',
    'originalPrice',
    'resellPrice',
    'Category',
    'condition',
    'imgURL',
  ])('refuses a product without %s', async (field) => {
    const form = productForm();
    delete form[field];
    await expectRefused(form, field);
  });

  it.each(['name', 'location', 'imgURL'])('refuses a blank %s', async (field) => {
    await expectRefused(productForm({ [field]: '   ' }), field);
  });

  it.each(['originalPrice', 'resellPrice'])(
    'bounds %s to more than 0 and at most 1,000,000',
    async (field) => {
      // The other price leaves room for every value tried, as resell may not exceed original.
      const other =
        field === 'originalPrice' ? { resellPrice: 0.01 } : { originalPrice: PRICE_MAX };
      const form = (value: unknown) => productForm({ ...other, [field]: value });
      await expectRefused(form(0), field);
      await expectRefused(form(-5), field);
      expect((await expectAccepted(form(0.01)))[field as 'resellPrice']).toBe(0.01);
      expect((await expectAccepted(form(PRICE_MAX)))[field as 'resellPrice']).toBe(PRICE_MAX);
      await expectRefused(form(1_000_000.01), field);
      await expectRefused(form(10.001), field);
    },
  );

  it('refuses a resell price above the original price, saying so, and stores nothing', async () => {
    const before = await productCount();
    const res = await call(
      t,
      seller,
      'POST',
      addProductUrl(),
      productForm({ originalPrice: 500, resellPrice: 500.01 }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: `resellPrice: ${RESELL_ABOVE_ORIGINAL}`,
        fields: { resellPrice: RESELL_ABOVE_ORIGINAL },
      },
    });
    expect(await productCount()).toBe(before);
    const equal = await expectAccepted(productForm({ originalPrice: 500, resellPrice: 500 }));
    expect(equal).toMatchObject({ originalPrice: 500, resellPrice: 500 });
  });

  it('bounds the year of purchase to 2007 through this year', async () => {
    await expectRefused(productForm({ yearOfUse: YEAR_OF_PURCHASE_MIN - 1 }), 'yearOfUse');
    expect((await expectAccepted(productForm({ yearOfUse: YEAR_OF_PURCHASE_MIN }))).yearOfUse).toBe(
      2007,
    );
    expect((await expectAccepted(productForm({ yearOfUse: currentYear() }))).yearOfUse).toBe(
      currentYear(),
    );
    await expectRefused(productForm({ yearOfUse: currentYear() + 1 }), 'yearOfUse');
  });

  it('bounds the description to 2,000 characters', async () => {
    const longest = 'd'.repeat(DESCRIPTION_MAX);
    expect((await expectAccepted(productForm({ description: longest }))).description).toBe(longest);
    await expectRefused(
      productForm({ description: 'd'.repeat(DESCRIPTION_MAX + 1) }),
      'description',
    );
  });

  it.each([
    ['originalPrice', '799'],
    ['resellPrice', null],
    ['yearOfUse', '2022'],
    ['yearOfUse', 2021.5],
    ['name', 42],
    ['Category', 'nokia'],
    ['Category', 'iphone'],
    ['condition', 'brand new'],
    ['description', ['a']],
  ])('refuses %s = %j', async (field, value) => {
    await expectRefused(productForm({ [field]: value }), field);
  });

  it.each([
    ['available', true],
    ['userEmail', 'someone@example.com'],
    ['_id', 'chosen-id'],
    ['postedDate', '01-01-2020'],
  ])('refuses the unknown field %s', async (field, value) => {
    const before = await productCount();
    const res = await call(t, seller, 'POST', addProductUrl(), productForm({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await productCount()).toBe(before);
  });

  it("refuses a body that is not JSON or posts under someone else's email", async () => {
    const before = await productCount();
    const notJson = await t.app.inject({
      method: 'POST',
      url: addProductUrl(),
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    const other = await call(
      t,
      seller,
      'POST',
      `/api/add-product?email=${encodeURIComponent(unverifiedSeller.email)}`,
      productForm(),
    );
    expect(other.statusCode).toBe(403);
    expect(await productCount()).toBe(before);
  });
});

describe(`category pages on ${testDbKind}`, () => {
  let expectedOrder: string[];

  beforeAll(async () => {
    // 47 xiaomi listings: 40 a minute apart and 7 posted in the same millisecond, so the order
    // must break ties by id to page without overlap.
    const base = new Date(Date.now() - 3600_000);
    await insertProducts(t, seller.id, 40, { category: 'xiaomi', newest: base });
    await insertProducts(t, unverifiedSeller.id, 7, {
      category: 'xiaomi',
      newest: new Date(base.getTime() - 10 * 60_000),
      sameTime: true,
    });
    await insertProducts(t, seller.id, 5, { category: 'realme', newest: base });
    const rows = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('category', '=', 'xiaomi')
      .orderBy('postedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expectedOrder = rows.map((r) => r.id);
    expect(expectedOrder).toHaveLength(47);
  });

  it('puts the exact total in X-Total-Count and pages neither overlap nor skip', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await call(t, buyer, 'GET', `/api/products/xiaomi?page=${page}&limit=10`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('47');
      const products = res.json<Product[]>();
      expect(products.length).toBe(page < 5 ? 10 : 7);
      seen.push(...products.map((p) => p._id));
    }
    expect(seen).toEqual(expectedOrder);
    const past = await call(t, buyer, 'GET', '/api/products/xiaomi?page=6&limit=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('47');
  });

  it('walks the same order with the keyset cursor to the last page', async () => {
    const seen: string[] = [];
    let url = '/api/products/xiaomi?limit=20';
    for (;;) {
      const res = await call(t, buyer, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('47');
      seen.push(...res.json<Product[]>().map((p) => p._id));
      const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      if (typeof next !== 'string') break;
      url = `/api/products/xiaomi?limit=20&cursor=${encodeURIComponent(next)}`;
    }
    expect(seen).toEqual(expectedOrder);
  });

  it('defaults to 24 per page and refuses more than 100', async () => {
    const res = await call(t, buyer, 'GET', '/api/products/xiaomi');
    expect(res.json<Product[]>().map((p) => p._id)).toEqual(expectedOrder.slice(0, 24));
    expect((await call(t, buyer, 'GET', '/api/products/xiaomi?limit=100')).statusCode).toBe(200);
    expect((await call(t, buyer, 'GET', '/api/products/xiaomi?limit=101')).statusCode).toBe(400);
    expect((await call(t, buyer, 'GET', '/api/products/xiaomi?page=0')).statusCode).toBe(400);
    const stale = await call(t, buyer, 'GET', '/api/products/xiaomi?cursor=bm9wZQ');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'This page link is no longer valid; start again from the first page',
        fields: { cursor: 'Invalid cursor' },
        reason: 'offers.catalog.pageLinkStale',
      },
    });
    const inBangla = { headers: { ...buyer.headers, 'accept-language': 'bn' } };
    const staleInBangla = await call(t, inBangla, 'GET', '/api/products/xiaomi?cursor=bm9wZQ');
    expect(staleInBangla.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'এই পাতার লিংকটি আর চলবে না; প্রথম পাতা থেকে আবার শুরু করুন',
        fields: { cursor: 'পাতার লিংকটি সঠিক নয়' },
        reason: 'offers.catalog.pageLinkStale',
      },
    });
  });

  it('matches the category in any letter case and refuses an unknown one', async () => {
    for (const name of ['XIAOMI', 'Xiaomi', 'xiaomi']) {
      const res = await call(t, buyer, 'GET', `/api/products/${name}?limit=100`);
      expect(res.statusCode).toBe(200);
      const products = res.json<Product[]>();
      expect(products.map((p) => p._id)).toEqual(expectedOrder);
      expect(new Set(products.map((p) => p.Category))).toEqual(new Set(['xiaomi']));
    }
    const unknown = await call(t, buyer, 'GET', '/api/products/nokia');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'NOT_FOUND',
      message: "There is no category named 'nokia'",
      reason: 'offers.catalog.noCategory',
    });
    const inBangla = { headers: { ...buyer.headers, 'accept-language': 'bn' } };
    const unknownInBangla = await call(t, inBangla, 'GET', '/api/products/nokia');
    expect(unknownInBangla.statusCode).toBe(404);
    expect(unknownInBangla.json().error.message).toBe("'nokia' নামে কোনো ক্যাটাগরি নেই");
  });

  it("carries each seller's name, masked email and verification from one join", async () => {
    const products = (await call(t, buyer, 'GET', '/api/products/xiaomi?limit=100')).json<
      Product[]
    >();
    const bySeller = (id: string) => products.filter((p) => p.sellerId === id);
    expect(bySeller(seller.id)).toHaveLength(40);
    expect(bySeller(unverifiedSeller.id)).toHaveLength(7);
    for (const p of bySeller(seller.id)) {
      expect(p).toMatchObject({
        userName: 'Rahim Phones',
        userEmail: 's***@example.test',
        sellerVerified: true,
      });
    }
    for (const p of bySeller(unverifiedSeller.id)) {
      expect(p).toMatchObject({
        userName: 'Nadia Mobile',
        userEmail: 's***@example.test',
        sellerVerified: false,
      });
    }
  });

  it('keeps the total exact as products are added and deleted', async () => {
    const total = async () =>
      (await call(t, buyer, 'GET', '/api/products/realme?limit=1')).headers['x-total-count'];
    expect(await total()).toBe('5');
    const added = await postProduct(t, seller, { Category: 'realme', name: 'realme 11 Pro' });
    expect(await total()).toBe('6');
    const newest = (await call(t, buyer, 'GET', '/api/products/REALME?limit=1')).json<Product[]>();
    expect(newest.map((p) => p._id)).toEqual([added._id]);
    expect((await call(t, seller, 'DELETE', `/api/my-products/${added._id}`)).statusCode).toBe(200);
    expect(await total()).toBe('5');
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, null, 'GET', '/api/products/xiaomi');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe(`advertisements on ${testDbKind}`, () => {
  it('lists advertised products newest first with the whole description', async () => {
    const description = 'A long story about this phone. '.repeat(12);
    const older = await postProduct(t, seller, { name: 'Galaxy S21', Category: 'samsung' });
    const newer = await postProduct(t, unverifiedSeller, {
      name: 'Galaxy S22',
      Category: 'samsung',
      description,
    });
    const quiet = await postProduct(t, seller, { name: 'Galaxy A52', Category: 'samsung' });

    const advertise = (owner: TestUser, id: string) =>
      call(t, owner, 'PUT', `/api/my-products/${id}`);
    const ids = async () =>
      (await call(t, null, 'GET', '/api/advertisement')).json<Advertisement[]>().map((a) => a._id);

    expect(await ids()).not.toContain(older._id);
    expect((await advertise(seller, older._id)).json()).toEqual({ modifiedCount: 1 });
    expect((await advertise(seller, older._id)).json()).toEqual({ modifiedCount: 0 });
    expect((await advertise(unverifiedSeller, newer._id)).json()).toEqual({ modifiedCount: 1 });

    const res = await call(t, null, 'GET', '/api/advertisement');
    expect(res.statusCode).toBe(200);
    const ads = res.json<Advertisement[]>();
    const mine = ads.filter((a) => [older._id, newer._id, quiet._id].includes(a._id));
    expect(mine.map((a) => a._id)).toEqual([newer._id, older._id]);
    expect(mine[0]).toEqual({
      _id: newer._id,
      name: 'Galaxy S22',
      Category: 'samsung',
      description: description.trim(),
      imgURL: newer.imgURL,
      originalPrice: 799,
      resellPrice: 450.5,
    });

    const products = (await call(t, buyer, 'GET', '/api/products/samsung?limit=100')).json<
      Product[]
    >();
    expect(products.find((p) => p._id === older._id)?.available).toBe(true);
    expect(products.find((p) => p._id === quiet._id)?.available).toBe(false);

    expect((await call(t, seller, 'DELETE', `/api/my-products/${older._id}`)).statusCode).toBe(200);
    expect(await ids()).not.toContain(older._id);
  });
});

describe(`categories, reviews and blogs on ${testDbKind}`, () => {
  const demo = useTestApp({ seedDemo: true });

  it('lists the categories in display order', async () => {
    const res = await call(demo, null, 'GET', '/api/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json<Category[]>();
    expect(categories.map((c) => c.name)).toEqual(['iPhone', 'samsung', 'xiaomi', 'realme']);
    for (const c of categories) expect(Object.keys(c).sort()).toEqual(['_id', 'img', 'name']);
  });

  it('lists reviews and blog items in the shapes of the spec', async () => {
    const reviews = (await call(demo, null, 'GET', '/api/reviews')).json<object[]>();
    const stored = await demo.app.db.selectFrom('reviews').select('id').execute();
    expect(reviews).toHaveLength(stored.length);
    for (const r of reviews)
      expect(Object.keys(r).sort()).toEqual(['_id', 'img', 'name', 'reviewText']);
    const blogs = (await call(demo, null, 'GET', '/api/blogs')).json<object[]>();
    expect(blogs.length).toBeGreaterThan(0);
    for (const b of blogs) expect(Object.keys(b).sort()).toEqual(['ans', 'id', 'qn']);
  });

  it('lists the demo advertisements without signing in', async () => {
    const res = await call(demo, null, 'GET', '/api/advertisement');
    expect(res.statusCode).toBe(200);
    const advertised = await demo.app.db
      .selectFrom('products')
      .select('id')
      .where('advertised', '=', testDbKind === 'postgres' ? true : 1)
      .execute();
    expect(res.json<Advertisement[]>()).toHaveLength(Math.min(advertised.length, 24));
  });
});

describe(`deep category pages on ${testDbKind}`, () => {
  const deep = useTestApp();
  let otherInstance: TestApp['app'];
  let reader: TestUser;
  let lister: TestUser;

  /** The category's ids in the order every page must follow, straight from the database. */
  async function storedOrder(): Promise<string[]> {
    const rows = await deep.app.db
      .selectFrom('products')
      .select('id')
      .where('category', '=', 'iPhone')
      .orderBy('postedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  async function pageIds(app: TestApp['app'], page: number, limit = 24) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/products/iPhone?page=${page}&limit=${limit}`,
      headers: reader.headers,
    });
    expect(res.statusCode).toBe(200);
    return { ids: res.json<Product[]>().map((p) => p._id), total: res.headers['x-total-count'] };
  }

  beforeAll(async () => {
    await insertCategories(deep);
    lister = await createUser(deep, { role: 'seller' });
    reader = await createUser(deep, { role: 'buyer' });
    await insertProducts(deep, lister.id, 1_200, { newest: new Date(Date.now() - 86_400_000) });
    await insertProducts(deep, lister.id, 34, {
      newest: new Date(Date.now() - 2 * 86_400_000),
      sameTime: true,
    });
    // A second instance on the same database, as behind a load balancer.
    const { buildApp } = await import('../src/app.ts');
    otherInstance = await buildApp(deep.config, { database: deep.db.handle, serveWeb: false });
  });
  afterAll(async () => {
    await otherInstance?.close();
  });

  it('pages through more than a thousand rows without overlap or gaps', async () => {
    const expected = await storedOrder();
    expect(expected).toHaveLength(1_234);
    const seen: string[] = [];
    for (let page = 1; page <= 52; page++) {
      const { ids, total } = await pageIds(deep.app, page);
      expect(total).toBe('1234');
      seen.push(...ids);
    }
    expect(seen).toEqual(expected);
    expect((await pageIds(deep.app, 53)).ids).toEqual([]);
    expect((await pageIds(deep.app, 500)).ids).toEqual([]);
  });

  it('sends a page compressed to a client that accepts it, with the same content', async () => {
    const get = (acceptEncoding?: string) =>
      deep.app.inject({
        method: 'GET',
        url: '/api/products/iPhone?page=3',
        headers: {
          ...reader.headers,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.json<Product[]>()).toHaveLength(24);

    for (let i = 0; i < 2; i++) {
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
    const gzip = await get('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('shows writes made through another instance within the cache lifetime', async () => {
    // Answers are cached for two seconds per instance; a write elsewhere shows after that.
    const settle = async (page: number, expected: string[], total?: string) => {
      const deadline = Date.now() + 3_000;
      for (;;) {
        const got = await pageIds(deep.app, page);
        if (
          JSON.stringify(got.ids) === JSON.stringify(expected) &&
          (total === undefined || got.total === total)
        ) {
          return;
        }
        if (Date.now() > deadline) {
          expect(got.ids).toEqual(expected);
          expect(got.total).toBe(total);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    // Warm the positions on the first instance, then shift every row of the order by one.
    await pageIds(deep.app, 40);
    const added = await otherInstance.inject({
      method: 'POST',
      url: `/api/add-product?email=${encodeURIComponent(lister.email)}`,
      headers: lister.headers,
      payload: productForm(),
    });
    expect(added.statusCode).toBe(200);
    let expected = await storedOrder();
    await settle(40, expected.slice(39 * 24, 40 * 24), '1235');

    const removed = await otherInstance.inject({
      method: 'DELETE',
      url: `/api/my-products/${expected[3]}`,
      headers: lister.headers,
    });
    expect(removed.statusCode).toBe(200);
    expected = await storedOrder();
    for (const page of [21, 40, 51, 52]) {
      await settle(page, expected.slice((page - 1) * 24, page * 24));
    }
  });

  it('shows writes made through the same instance on the very next request', async () => {
    await pageIds(deep.app, 1);
    const added = await deep.app.inject({
      method: 'POST',
      url: `/api/add-product?email=${encodeURIComponent(lister.email)}`,
      headers: lister.headers,
      payload: productForm(),
    });
    expect(added.statusCode).toBe(200);
    const expected = await storedOrder();
    const first = await pageIds(deep.app, 1);
    expect(first.ids).toEqual(expected.slice(0, 24));
    expect(first.total).toBe(String(expected.length));
  });
});
