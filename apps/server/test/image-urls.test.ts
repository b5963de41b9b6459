import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { SAME_ORIGIN, sameOriginPost } from './helpers/auth.ts';
import { call, insertCategories, productForm } from './helpers/market.ts';
import { FOREIGN_IMAGE_MESSAGE } from '../src/lib/image-urls.ts';

const ORIGIN = SAME_ORIGIN;
const hash = () => crypto.randomBytes(32).toString('hex');

/** Image URLs this server serves: uploads (relative or with its origin) and demo images. */
const OWN = [
  `/api/images/${hash()}.webp`,
  `/api/images/${hash()}-400.webp`,
  `${ORIGIN}/api/images/${hash()}.webp`,
  '/demo/iphone-1.webp',
  '/demo/avatar-default.webp',
];

/** What an attacker would store, so that every visitor's browser fetches it. */
const FOREIGN = [
  'https://tracker.example/pixel.gif',
  `//tracker.example/api/images/${hash()}.webp`,
  `https://tracker.example/api/images/${hash()}.webp`,
  `${ORIGIN}.tracker.example/api/images/${hash()}.webp`,
  `${ORIGIN}@tracker.example/api/images/${hash()}.webp`,
  `/api/images/${hash()}.webp?then=https://tracker.example/`,
  `/api/images/${hash()}.png`,
  '/api/images/../../uploads/x.webp',
  '/demo/not-a-demo-image.webp',
  '/demo/../auth-secret',
  'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
  'javascript:alert(1)',
  '',
];

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
});

const refusal = (field: string) => ({
  error: {
    code: 'VALIDATION_FAILED',
    message: expect.stringContaining(FOREIGN_IMAGE_MESSAGE),
    fields: { [field]: FOREIGN_IMAGE_MESSAGE },
  },
});

async function imageOf(userId: string) {
  const row = await t.app.db
    .selectFrom('users')
    .select('image')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.image;
}

async function productsNamed(name: string) {
  return t.app.db.selectFrom('products').select('imgUrl').where('name', '=', name).execute();
}

const authCall = (url: string, payload: unknown, cookie?: string) =>
  sameOriginPost(t, url, JSON.stringify(payload), {
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe(`image fields take only this server's images, on ${testDbKind}`, () => {
  describe('imgURL of POST /api/add-product', () => {
    const post = (imgURL: string, name: string) =>
      call(
        t,
        seller,
        'POST',
        `/api/add-product?email=${encodeURIComponent(seller.email)}`,
        productForm({ imgURL, name }),
      );

    // A blank one is refused as missing ('Image is required'), tested with the other fields.
    it.each(FOREIGN.filter(Boolean))('refuses %j and stores nothing', async (url) => {
      const name = `Foreign image ${hash().slice(0, 8)}`;
      const res = await post(url, name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(refusal('imgURL'));
      expect(await productsNamed(name)).toEqual([]);
    });

    it.each(OWN)('accepts %j', async (url) => {
      const name = `Own image ${hash().slice(0, 8)}`;
      const res = await post(url, name);
      expect(res.statusCode, res.body).toBe(200);
      expect(await productsNamed(name)).toEqual([{ imgUrl: url }]);
    });

    it('names a foreign image together with the other mistakes of the form', async () => {
      const res = await call(
        t,
        seller,
        'POST',
        `/api/add-product?email=${encodeURIComponent(seller.email)}`,
        productForm({ imgURL: FOREIGN[0], name: '' }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['imgURL', 'name']);
    });
  });

  describe('img of PUT /api/users', () => {
    const put = (user: TestUser, img: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { ...user.headers, origin: ORIGIN },
        payload: { name: 'Kept Name', email: user.email, phone: '+15550123', img },
      });

    it.each(FOREIGN)('refuses %j and changes nothing', async (url) => {
      const before = await imageOf(buyer.id);
      const res = await put(buyer, url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(refusal('img'));
      expect(await imageOf(buyer.id)).toBe(before);
    });

    it.each(OWN)('accepts %j', async (url) => {
      const res = await put(buyer, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(await imageOf(buyer.id)).toBe(url);
    });

    it('accepts null, which removes the picture', async () => {
      expect((await put(buyer, null)).statusCode).toBe(200);
      expect(await imageOf(buyer.id)).toBeNull();
    });
  });

  describe('image of POST /api/auth/update-user', () => {
    it.each(FOREIGN)('refuses %j and changes nothing', async (url) => {
      const before = await imageOf(buyer.id);
      const res = await authCall('/api/auth/update-user', { image: url }, buyer.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(refusal('image'));
      expect(await imageOf(buyer.id)).toBe(before);
    });

    it('accepts an uploaded image', async () => {
      const url = `/api/images/${hash()}.webp`;
      const res = await authCall('/api/auth/update-user', { image: url }, buyer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(await imageOf(buyer.id)).toBe(url);
    });
  });

  describe('image of POST /api/auth/sign-up/email', () => {
    const signUp = (image: string | undefined, email: string) =>
      authCall('/api/auth/sign-up/email', {
        name: 'Picture Person',
        email,
        password: 'correct horse battery',
        phone: '+8801712345678',
        role: 'buyer',
        image,
      });
    const usersWith = (email: string) =>
      t.app.db.selectFrom('users').select('image').where('email', '=', email).execute();

    it.each(FOREIGN)('refuses %j and creates no account', async (url) => {
      const email = `foreign.${hash().slice(0, 10)}@example.test`;
      const res = await signUp(url, email);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject(refusal('image'));
      expect(await usersWith(email)).toEqual([]);
    });

    it.each([...OWN, undefined])('accepts %j', async (url) => {
      const email = `own.${hash().slice(0, 10)}@example.test`;
      const res = await signUp(url, email);
      expect(res.statusCode, res.body).toBe(200);
      expect(await usersWith(email)).toEqual([{ image: url ?? null }]);
    });
  });

  it("keeps a provider's foreign picture out of an update made on sign-in", async () => {
    const own = `/api/images/${hash()}.webp`;
    const { internalAdapter } = await t.app.auth.$context;
    await internalAdapter.updateUser(seller.id, { image: own });
    expect(await imageOf(seller.id)).toBe(own);
    await internalAdapter.updateUser(seller.id, {
      name: 'Renamed By Provider',
      image: 'https://provider.example/photo.jpg',
    });
    expect(await imageOf(seller.id)).toBe(own);
    const row = await t.app.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', seller.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamed By Provider');
  });
});
