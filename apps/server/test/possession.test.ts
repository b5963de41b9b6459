import crypto from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ListingPage,
  type PendingPossession,
  type Possession,
  type Product,
} from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import {
  call,
  insertCategories,
  insertProducts,
  multipartForm,
  postProduct,
} from './helpers/market.ts';
import { newImei } from './helpers/imei.ts';

const t = useTestApp();
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let admin: TestUser;

/** A real JPEG carrying EXIF with a GPS position, as a phone's camera writes it. */
async function photoWithGps(): Promise<Buffer> {
  const [r, g, b] = [...crypto.randomBytes(3)] as [number, number, number];
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r, g, b } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 46/1 0/1' },
    })
    .toBuffer();
}

function upload(caller: TestUser | null, productId: string, bytes: Buffer) {
  const form = multipartForm(bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/me/listings/${productId}/possession/photo`,
    payload: form.payload,
    headers: { ...caller?.headers, ...form.headers },
  });
}

const photoUrl = (productId: string) => `/api/admin/possession-photos/${productId}/photo`;
const page = (caller: TestUser | null, id: string) => call(t, caller, 'GET', `/api/product/${id}`);

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  otherSeller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  admin = await createUser(t, { role: 'admin' });
});

describe(`proof of possession on ${testDbKind}`, () => {
  it('gives each new listing its own short code, shown to its seller only', async () => {
    const a = await postProduct(t, seller, { imei: newImei() });
    const res = await call(t, seller, 'GET', `/api/me/listings/${a._id}/possession`);
    expect(res.statusCode, res.body).toBe(200);
    const own = res.json<Possession>();
    expect(own).toMatchObject({ productId: a._id, status: 'none', submittedAt: null });
    expect(own.code).toMatch(/^PM-\d{4}$/);
    // The same code on every read.
    const again = await call(t, seller, 'GET', `/api/me/listings/${a._id}/possession`);
    expect(again.json<Possession>().code).toBe(own.code);
    expect(
      (await call(t, otherSeller, 'GET', `/api/me/listings/${a._id}/possession`)).statusCode,
    ).toBe(404);
    expect((await page(null, a._id)).body).not.toContain(own.code);
  });

  it('gives a listing posted before codes existed one when its seller first asks', async () => {
    const [old] = await insertProducts(t, seller.id, 1);
    const res = await call(t, seller, 'GET', `/api/me/listings/${old}/possession`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Possession>().code).toMatch(/^PM-\d{4}$/);
  });

  it('takes the photo without its EXIF and shows it to admins only, then "Photo verified" once approved', async () => {
    const product = await postProduct(t, seller, { imei: newImei() });
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const sent = await upload(seller, product._id, original);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<Possession>()).toMatchObject({ status: 'pending' });
    expect(sent.body).not.toMatch(/private-|\.webp/);

    // Nobody but an admin reads the photo.
    for (const caller of [null, buyer, seller, otherSeller]) {
      const res = await call(t, caller, 'GET', photoUrl(product._id));
      expect(res.statusCode).toBe(caller === null ? 401 : 403);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
    const stored = await t.app.db
      .selectFrom('possession_proofs')
      .select('photoKey')
      .where('productId', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(stored.photoKey).toMatch(/^private-[0-9a-f-]{36}\.webp$/);
    // The public image route does not serve private names.
    const direct = await call(t, null, 'GET', `/api/images/${stored.photoKey}`);
    expect([400, 404]).toContain(direct.statusCode);
    // Nor does any public answer name it.
    for (const caller of [null, buyer, seller]) {
      expect((await page(caller, product._id)).body).not.toContain(stored.photoKey!);
    }

    const queue = await call(t, admin, 'GET', '/api/admin/possession-photos?page=1');
    expect(queue.statusCode).toBe(200);
    const entry = queue.json<PendingPossession[]>().find((p) => p.productId === product._id);
    expect(entry).toMatchObject({ photoUrl: photoUrl(product._id), seller: { _id: seller.id } });
    expect(JSON.stringify(entry)).not.toContain(seller.email);

    const photo = await call(t, admin, 'GET', photoUrl(product._id));
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    expect((await page(null, product._id)).json<ListingPage>().photoVerified).toBe(false);
    const approved = await call(
      t,
      admin,
      'POST',
      `/api/admin/possession-photos/${product._id}/review`,
      {
        decision: 'approve',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Possession>().status).toBe('verified');
    expect((await page(null, product._id)).json<ListingPage>().photoVerified).toBe(true);
    // The cards say so too: a category list and the seller's own list.
    const cards = await call(t, buyer, 'GET', '/api/products/iPhone?limit=100');
    const card = cards.json<Product[]>().find((p) => p._id === product._id);
    expect(card?.photoVerified).toBe(true);
    expect(
      cards
        .json<Product[]>()
        .filter((p) => p.photoVerified)
        .map((p) => p._id),
    ).toEqual([product._id]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actorId'])
      .where('targetId', '=', product._id)
      .execute();
    expect(audit).toEqual([{ action: 'approve_possession_photo', actorId: admin.id }]);

    // Nothing waits any more.
    const twice = await call(
      t,
      admin,
      'POST',
      `/api/admin/possession-photos/${product._id}/review`,
      {
        decision: 'approve',
      },
    );
    expect(twice.statusCode).toBe(409);
  });

  it.each([
    ['IMEI', () => ({ imei: newImei() }), 'imei_changed'],
    ['model', () => ({ model: 'iPhone 14' }), 'model_changed'],
  ])(
    'clears the verification when the %s changes, and records why',
    async (_label, patch, because) => {
      const product = await postProduct(t, seller, { imei: newImei(), model: 'iPhone 13' });
      expect((await upload(seller, product._id, await photoWithGps())).statusCode).toBe(200);
      await call(t, admin, 'POST', `/api/admin/possession-photos/${product._id}/review`, {
        decision: 'approve',
      });
      // Another field changes nothing.
      await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, { description: 'Boxed' });
      expect((await page(null, product._id)).json<ListingPage>().photoVerified).toBe(true);

      const res = await call(t, seller, 'PATCH', `/api/my-products/${product._id}`, patch());
      expect(res.statusCode, res.body).toBe(200);
      const own = await call(t, seller, 'GET', `/api/me/listings/${product._id}/possession`);
      expect(own.json<Possession>()).toMatchObject({ status: 'none', clearedBecause: because });
      expect((await page(seller, product._id)).json<ListingPage>().photoVerified).toBe(false);
    },
  );

  it('refuses a rejection without a reason, and tells the seller the reason of one', async () => {
    const product = await postProduct(t, seller, {});
    await upload(seller, product._id, await photoWithGps());
    const url = `/api/admin/possession-photos/${product._id}/review`;
    const bare = await call(t, admin, 'POST', url, { decision: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ error: { fields: Record<string, string> } }>().error.fields.reason).toBe(
      'Say why the photo is not accepted',
    );
    expect((await call(t, admin, 'POST', url, { decision: 'maybe' })).statusCode).toBe(400);
    const rejected = await call(t, admin, 'POST', url, {
      decision: 'reject',
      reason: 'The code on the paper is not readable',
    });
    expect(rejected.statusCode).toBe(200);
    const own = await call(t, seller, 'GET', `/api/me/listings/${product._id}/possession`);
    expect(own.json<Possession>()).toMatchObject({
      status: 'rejected',
      rejectReason: 'The code on the paper is not readable',
    });
    expect((await page(null, product._id)).json<ListingPage>().photoVerified).toBe(false);
  });

  it("refuses a photo for someone else's listing, a sold one, and a file that is no image", async () => {
    const product = await postProduct(t, seller, {});
    expect((await upload(otherSeller, product._id, await photoWithGps())).statusCode).toBe(404);
    expect((await upload(buyer, product._id, await photoWithGps())).statusCode).toBe(403);
    const notImage = await upload(seller, product._id, Buffer.from('not an image at all'));
    expect(notImage.statusCode).toBe(415);
    await t.app.db
      .updateTable('products')
      .set({ status: 'sold' })
      .where('id', '=', product._id)
      .execute();
    expect((await upload(seller, product._id, await photoWithGps())).statusCode).toBe(409);
    const row = await t.app.db
      .selectFrom('possession_proofs')
      .select(['status', 'photoKey'])
      .where('productId', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'none', photoKey: null });
    expect((await call(t, admin, 'GET', photoUrl(product._id))).statusCode).toBe(404);
  });
});
