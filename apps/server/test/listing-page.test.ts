import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BATTERY_MESSAGE,
  PHOTOS_MAX_MESSAGE,
  RESELL_ABOVE_ORIGINAL,
  STORAGE_MESSAGE,
  type ListingPage,
  type Product,
  type WishlistItem,
} from '@market/shared';
import { FOREIGN_IMAGE_MESSAGE } from '../src/lib/image-urls.ts';
import {
  ORPHAN_IMAGE_MAX_AGE_MS,
  removeOrphanImages,
} from '../src/modules/images/images.service.ts';
import { createImageStorage } from '../src/modules/images/images.storage.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  call,
  insertCategories,
  insertProducts,
  multipartForm,
  postProduct,
  productForm,
  snapshot,
} from './helpers/market.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;

const details = {
  storageGb: 128,
  colour: 'Midnight',
  batteryHealth: 88,
  networkLock: 'unlocked',
  included: ['box', 'cable'],
  warrantyUntil: '2027-01-31',
};

async function upload(): Promise<string> {
  const [r, g, b] = [...crypto.randomBytes(3)] as [number, number, number];
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r, g, b } },
  })
    .jpeg()
    .toBuffer();
  const res = await t.app.inject({ method: 'POST', url: '/api/images', ...multipartForm(jpeg) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { url: string } }>().data.url;
}

const fieldError = (body: string) =>
  JSON.parse(body) as { error: { code: string; message: string; fields?: Record<string, string> } };

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller', verified: true, name: 'Rahim Phones' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
});

const addUrl = (s: TestUser) => `/api/add-product?email=${encodeURIComponent(s.email)}`;

describe(`listing details and photos on ${testDbKind}`, () => {
  it('keeps the details and the photos in order, the cover first', async () => {
    const photos = [await upload(), await upload(), '/demo/iphone-3.webp'];
    const product = await postProduct(t, seller, { ...details, photos, imgURL: photos[0] });
    expect(product).toMatchObject({ ...details, imgURL: photos[0], previousResellPrice: null });
    const page = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<ListingPage>();
    expect(body.photos.map((p) => p.url)).toEqual(photos);
    // Uploads come in their stored widths; the demo image has one size only.
    expect(body.photos[0]!.srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-960\.webp 960w/);
    expect(body.photos[2]!.srcset).toBeUndefined();
    expect(body.seller).toMatchObject({ name: 'Rahim Phones', verified: true });
    expect(body.priceHistory).toHaveLength(1);
  });

  it('answers the listing without details as before (nulls), from the spec-shaped call', async () => {
    const product = await postProduct(t, seller);
    expect(product).toMatchObject({ storageGb: null, batteryHealth: null, included: [] });
  });

  it("takes the product form's listing with every detail left out, and clears details a change empties", async () => {
    // What the form sends when the seller fills only the specification's fields.
    const product = await postProduct(t, seller, {
      storageGb: null,
      colour: null,
      batteryHealth: null,
      networkLock: null,
      included: [],
      warrantyUntil: null,
      model: null,
      photos: ['/demo/iphone-2.webp'],
      imgURL: '/demo/iphone-2.webp',
    });
    expect(product).toMatchObject({
      storageGb: null,
      colour: null,
      batteryHealth: null,
      networkLock: null,
      included: [],
      warrantyUntil: null,
    });
    const full = await postProduct(t, seller, details);
    const cleared = await call(t, seller, 'PATCH', `/api/my-products/${full._id}`, {
      storageGb: null,
      colour: null,
      batteryHealth: null,
      networkLock: null,
      warrantyUntil: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const page = await call(t, null, 'GET', `/api/product/${full._id}`);
    expect(page.json<ListingPage>()).toMatchObject({
      storageGb: null,
      colour: null,
      batteryHealth: null,
      networkLock: null,
      warrantyUntil: null,
      included: ['box', 'cable'],
    });
  });

  it.each([
    ['battery 140', { batteryHealth: 140 }, 'batteryHealth', BATTERY_MESSAGE],
    ['battery 0', { batteryHealth: 0 }, 'batteryHealth', BATTERY_MESSAGE],
    ['battery as text', { batteryHealth: '90' }, 'batteryHealth', BATTERY_MESSAGE],
    ['storage not in the list', { storageGb: 100 }, 'storageGb', STORAGE_MESSAGE],
    ['an unknown included item', { included: ['headphones'] }, 'included.0', 'What is included'],
    ['a warranty that is not a date', { warrantyUntil: '31/01/2027' }, 'warrantyUntil', 'date'],
  ])('refuses %s with 400 and a message', async (_label, bad, field, message) => {
    const before = await snapshot(t);
    const res = await call(t, seller, 'POST', addUrl(seller), productForm(bad));
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldError(res.body).error.fields?.[field]).toContain(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a 9th photo and a photo from another site', async () => {
    const url = await upload();
    const nine = Array.from({ length: 9 }, (_, i) => `/demo/iphone-${(i % 5) + 1}.webp`);
    const tooMany = await call(t, seller, 'POST', addUrl(seller), productForm({ photos: nine }));
    expect(tooMany.statusCode).toBe(400);
    expect(fieldError(tooMany.body).error.fields?.photos).toBe(PHOTOS_MAX_MESSAGE);
    const foreign = await call(
      t,
      seller,
      'POST',
      addUrl(seller),
      productForm({ imgURL: url, photos: [url, 'https://elsewhere.example/p.webp'] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(fieldError(foreign.body).error.fields?.['photos.1']).toBe(FOREIGN_IMAGE_MESSAGE);
  });
});

describe(`PATCH /my-products/{id} on ${testDbKind}`, () => {
  it('changes any field and keeps each price change in the history', async () => {
    const product = await postProduct(t, seller, { ...details, resellPrice: 500 });
    const url = `/api/my-products/${product._id}`;
    const res = await call(t, seller, 'PATCH', url, {
      resellPrice: 450,
      name: 'iPhone 13 128GB, new battery',
      batteryHealth: 100,
      included: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      resellPrice: 450,
      previousResellPrice: 500,
      name: 'iPhone 13 128GB, new battery',
      batteryHealth: 100,
      included: [],
      colour: 'Midnight',
    });
    const history = await t.app.db
      .selectFrom('productPriceHistory')
      .select(['originalPriceCents', 'resellPriceCents'])
      .where('productId', '=', product._id)
      .orderBy('changedAt')
      .execute();
    expect(history).toEqual([
      { originalPriceCents: 79_900, resellPriceCents: 50_000 },
      { originalPriceCents: 79_900, resellPriceCents: 45_000 },
    ]);
    // A change that is not a price adds no row; a rise ends the "was $X".
    await call(t, seller, 'PATCH', url, { location: 'Sylhet' });
    const up = await call(t, seller, 'PATCH', url, { resellPrice: 480 });
    expect(up.json<Product>().previousResellPrice).toBeNull();
    const page = (await call(t, null, 'GET', `/api/product/${product._id}`)).json<ListingPage>();
    expect(page.priceHistory.map((h) => h.resellPrice)).toEqual([500, 450, 480]);
    expect(page.location).toBe('Sylhet');
  });

  it('shows a drop in the wish list as the previous price', async () => {
    const product = await postProduct(t, seller, { resellPrice: 300 });
    await call(t, buyer, 'POST', '/api/wish-list', { productId: product._id });
    await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { resellPrice: 250 });
    const list = await call(
      t,
      buyer,
      'GET',
      `/api/wish-list?email=${encodeURIComponent(buyer.email)}`,
    );
    const entry = list.json<WishlistItem[]>().find((e) => e.productId === product._id);
    expect(entry).toMatchObject({ resellPrice: 250, previousResellPrice: 300 });
  });

  it('replaces the photos, and the cover with them', async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const product = await postProduct(t, seller, { imgURL: a, photos: [a, b] });
    const url = `/api/my-products/${product._id}`;
    const res = await call(t, seller, 'PATCH', url, { photos: [c, b, a], imgURL: c });
    expect(res.json<Product>().imgURL).toBe(c);
    const page = (await call(t, null, 'GET', `/api/product/${product._id}`)).json<ListingPage>();
    expect(page.photos.map((p) => p.url)).toEqual([c, b, a]);
    const cover = await call(t, seller, 'PATCH', url, { imgURL: a });
    expect(cover.json<Product>().imgURL).toBe(a);
    const again = (await call(t, null, 'GET', `/api/product/${product._id}`)).json<ListingPage>();
    expect(again.photos.map((p) => p.url)).toEqual([a, c, b]);
  });

  it.each([
    [
      'battery 140',
      { batteryHealth: 140 },
      'batteryHealth: Battery health must be a whole number from 1 to 100 (%)',
    ],
    [
      'storage not in the list',
      { storageGb: 100 },
      'storageGb: Storage must be one of 16, 32, 64, 128, 256, 512, 1024 GB',
    ],
    [
      'a 9th photo',
      { photos: Array.from({ length: 9 }, (_, i) => `/demo/xiaomi-${(i % 5) + 1}.webp`) },
      'photos: A listing can have at most 8 photos',
    ],
    [
      'a foreign photo',
      { photos: ['https://elsewhere.example/p.webp'] },
      'photos.0: Upload the picture here: images from other sites are not accepted',
    ],
    [
      'a foreign cover',
      { imgURL: 'https://elsewhere.example/p.webp' },
      'imgURL: Upload the picture here: images from other sites are not accepted',
    ],
    [
      'a cover that is not the first photo',
      { imgURL: '/demo/iphone-1.webp', photos: ['/demo/iphone-2.webp'] },
      'imgURL: The cover image (imgURL) must be the first of the photos',
    ],
    ['an unknown field', { sellerId: 'someone' }, 'Unrecognized key: "sellerId"'],
    ['nothing to change', {}, 'Change at least one field'],
    ['a price as text', { resellPrice: 'cheap' }, 'resellPrice: Resell price must be a number'],
    [
      'a resell price above the stored original',
      { resellPrice: 900 },
      'Resell price cannot be more than the original price',
    ],
  ] as const)('refuses %s with 400 and changes nothing', async (_label, patch, message) => {
    const product = await postProduct(t, seller);
    const before = await snapshot(t);
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, patch);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldError(res.body).error.message).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('names the resell price rule when only the resell price is sent', async () => {
    const product = await postProduct(t, seller);
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      resellPrice: 900,
    });
    expect(fieldError(res.body).error.fields?.resellPrice).toBe(RESELL_ABOVE_ORIGINAL);
  });

  it('answers 404 to another seller, 403 to a buyer, 401 to anonymous; 404 for a missing id', async () => {
    const product = await postProduct(t, seller);
    const url = `/api/my-products/${product._id}`;
    const before = await snapshot(t);
    expect((await call(t, otherSeller, 'PATCH', url, { resellPrice: 1 })).statusCode).toBe(404);
    expect((await call(t, buyer, 'PATCH', url, { resellPrice: 1 })).statusCode).toBe(403);
    expect((await call(t, null, 'PATCH', url, { resellPrice: 1 })).statusCode).toBe(401);
    expect(
      (await call(t, seller, 'PATCH', '/api/my-products/missing', { resellPrice: 1 })).statusCode,
    ).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses to change a sold listing (409)', async () => {
    const product = await postProduct(t, seller);
    await t.app.db
      .updateTable('products')
      .set({ status: 'sold' })
      .where('id', '=', product._id)
      .execute();
    const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, {
      resellPrice: 100,
    });
    expect(res.statusCode).toBe(409);
    expect(fieldError(res.body).error.message).toBe(
      'This listing is sold: it can no longer be changed',
    );
  });
});

describe(`GET /product/{id} on ${testDbKind}`, () => {
  it('answers anyone; a sold listing stays readable, marked sold', async () => {
    const product = await postProduct(t, seller, details);
    await t.app.db
      .updateTable('products')
      .set({ status: 'sold' })
      .where('id', '=', product._id)
      .execute();
    const res = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ListingPage>()).toMatchObject({ status: 'sold', storageGb: 128 });
  });

  it('answers 404 for a deleted listing', async () => {
    const product = await postProduct(t, seller);
    expect((await call(t, null, 'GET', `/api/product/${product._id}`)).statusCode).toBe(200);
    await call(t, seller, 'DELETE', `/api/my-products/${product._id}`);
    const res = await call(t, null, 'GET', `/api/product/${product._id}`);
    expect(res.statusCode).toBe(404);
    expect(fieldError(res.body).error.code).toBe('NOT_FOUND');
  });

  it("counts the seller's open listings and falls back to the cover for rows without photos", async () => {
    const lone = await createUser(t, { role: 'seller' });
    const [id] = await insertProducts(t, lone.id, 3);
    const res = (await call(t, buyer, 'GET', `/api/product/${id}`)).json<ListingPage>();
    expect(res.seller.listingCount).toBe(3);
    expect(res.photos).toEqual([{ url: '/demo/iphone-2.webp' }]);
  });
});

describe(`image widths on ${testDbKind}`, () => {
  it('serves the fixed widths of an upload and no others', async () => {
    const url = await upload();
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    for (const width of [320, 640, 960]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${hash}-${width}.webp` });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
    }
    const odd = await t.app.inject({ method: 'GET', url: `/api/images/${hash}-500.webp` });
    expect(odd.statusCode).toBe(400);
  });

  it('makes a width of an upload stored before widths existed, once, on first request', async () => {
    const url = await upload();
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    const file = path.join(t.app.config.uploadsDir, `${hash}-640.webp`);
    fs.rmSync(file);
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${hash}-640.webp` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    expect(fs.existsSync(file)).toBe(true);
    // An image that does not exist gets no width either.
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/images/${'b'.repeat(64)}-320.webp`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe(`orphan images on ${testDbKind}`, () => {
  it("keeps an image that only a listing's photos refer to, with its widths", async () => {
    const url = await upload();
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    const loose = await upload();
    await postProduct(t, seller, {
      imgURL: '/demo/iphone-1.webp',
      photos: ['/demo/iphone-1.webp', url],
    });
    const later = new Date(Date.now() + 2 * ORPHAN_IMAGE_MAX_AGE_MS);
    const storage = createImageStorage(t.app.config);
    try {
      const removed = await removeOrphanImages(t.app.db, storage, later);
      expect(removed).not.toContain(hash);
      expect(removed).toContain(loose.slice('/api/images/'.length, -'.webp'.length));
    } finally {
      storage.close();
    }
    expect(fs.existsSync(path.join(t.app.config.uploadsDir, `${hash}-320.webp`))).toBe(true);
    const gone = loose.slice('/api/images/'.length, -'.webp'.length);
    expect(fs.existsSync(path.join(t.app.config.uploadsDir, `${gone}-320.webp`))).toBe(false);
  });
});
