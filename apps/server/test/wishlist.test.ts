import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, WishlistItem } from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let phone: Product;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  otherBuyer = await createUser(t, { role: 'buyer' });
  phone = await postProduct(t, seller, {
    name: 'realme GT 2',
    Category: 'realme',
    originalPrice: 549.99,
    resellPrice: 300,
    location: 'Sylhet',
    imgURL: '/demo/realme-1.webp',
  });
});

const listUrl = (user: TestUser, extra = '') =>
  `/api/wish-list?email=${encodeURIComponent(user.email)}${extra}`;

const rowsOf = (user: TestUser) =>
  t.app.db.selectFrom('wishlistItems').selectAll().where('userId', '=', user.id).execute();

describe(`the wish list on ${testDbKind}`, () => {
  it('builds the entry from the product and the session, whatever the body says', async () => {
    const res = await call(t, buyer, 'POST', '/api/wish-list', {
      productId: phone._id,
      productName: 'Forged name',
      userEmail: otherBuyer.email,
      price: 1,
      Category: 'iPhone',
      imgURL: 'https://evil.example/x.png',
      location: 'Mars',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });
    expect(await rowsOf(otherBuyer)).toHaveLength(0);
    const rows = await rowsOf(buyer);
    expect(rows.map((r) => r.productId)).toEqual([phone._id]);

    const list = await call(t, buyer, 'GET', listUrl(buyer));
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json<WishlistItem[]>()).toEqual([
      {
        _id: rows[0]!.id,
        productId: phone._id,
        productName: 'realme GT 2',
        userEmail: buyer.email,
        price: 549.99,
        resellPrice: 300,
        previousResellPrice: null,
        Category: 'realme',
        imgURL: '/demo/realme-1.webp',
        location: 'Sylhet',
        status: 'available',
        unavailable: false,
      },
    ]);
  });

  it('keeps one entry when the same product is added twice, and still acknowledges', async () => {
    const again = await call(t, buyer, 'POST', '/api/wish-list', { productId: phone._id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true });
    expect(await rowsOf(buyer)).toHaveLength(1);
  });

  it('refuses a missing product with 404 and a body without a product with 400', async () => {
    const missing = await call(t, buyer, 'POST', '/api/wish-list', {
      productId: crypto.randomUUID(),
    });
    expect(missing.statusCode).toBe(404);
    const empty = await call(t, buyer, 'POST', '/api/wish-list', { productName: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toContain('productId');
    expect(await rowsOf(buyer)).toHaveLength(1);
  });

  it('keeps a sold phone on the list, marked sold, so that it is not offered to buy', async () => {
    const sold = await postProduct(t, seller, { name: 'realme 9 sold', Category: 'realme' });
    expect(
      (await call(t, otherBuyer, 'POST', '/api/wish-list', { productId: sold._id })).statusCode,
    ).toBe(200);
    const marked = await call(t, seller, 'POST', `/api/my-products/${sold._id}/sold`);
    expect(marked.statusCode).toBe(200);
    const list = await call(t, otherBuyer, 'GET', listUrl(otherBuyer));
    expect(list.json<WishlistItem[]>().map((item) => [item.productName, item.status])).toEqual([
      ['realme 9 sold', 'sold'],
    ]);
    const [entry] = await rowsOf(otherBuyer);
    expect((await call(t, otherBuyer, 'DELETE', `/api/wish-list/${entry!.id}`)).statusCode).toBe(
      200,
    );
  });

  it("shows only the buyer's own list", async () => {
    expect((await call(t, otherBuyer, 'GET', listUrl(buyer))).statusCode).toBe(403);
    const own = await call(t, otherBuyer, 'GET', listUrl(otherBuyer));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    expect(own.headers['x-total-count']).toBe('0');
  });

  it("removes only the buyer's own entry; anyone else's answers 404 and stays", async () => {
    const [entry] = await rowsOf(buyer);
    const stranger = await call(t, otherBuyer, 'DELETE', `/api/wish-list/${entry!.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(await rowsOf(buyer)).toHaveLength(1);

    const own = await call(t, buyer, 'DELETE', `/api/wish-list/${entry!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ deletedCount: 1 });
    expect(await rowsOf(buyer)).toHaveLength(0);
    expect((await call(t, buyer, 'DELETE', `/api/wish-list/${entry!.id}`)).statusCode).toBe(404);
  });

  it('pages the list newest first and drops entries whose product is deleted', async () => {
    const phones: Product[] = [];
    for (let i = 0; i < 4; i++) {
      phones.push(await postProduct(t, seller, { name: `Redmi Note ${i}`, Category: 'xiaomi' }));
      expect(
        (await call(t, otherBuyer, 'POST', '/api/wish-list', { productId: phones[i]!._id }))
          .statusCode,
      ).toBe(200);
    }
    const names: string[] = [];
    for (const page of [1, 2]) {
      const res = await call(t, otherBuyer, 'GET', listUrl(otherBuyer, `&page=${page}&limit=3`));
      expect(res.headers['x-total-count']).toBe('4');
      names.push(...res.json<WishlistItem[]>().map((w) => w.productName));
    }
    expect(names).toEqual(['Redmi Note 3', 'Redmi Note 2', 'Redmi Note 1', 'Redmi Note 0']);

    await call(t, seller, 'DELETE', `/api/my-products/${phones[3]!._id}`);
    const after = await call(t, otherBuyer, 'GET', listUrl(otherBuyer));
    expect(after.headers['x-total-count']).toBe('3');
    expect(after.json<WishlistItem[]>().map((w) => w.productName)).not.toContain('Redmi Note 3');
  });
});
