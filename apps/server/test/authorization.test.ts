import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueWriters } from '../src/db/dialect.ts';
import { buildTestApp, testDbKind, type TestApp } from './build-test-app.ts';
import { createUser } from './factories.ts';
import { call, insertProducts, productForm, snapshot } from './helpers/market.ts';

type TestUser = Awaited<ReturnType<typeof createUser>>;

const ACTORS = ['anonymous', 'buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
type ActorName = (typeof ACTORS)[number];
type Users = Record<Exclude<ActorName, 'anonymous'>, TestUser>;

/** Fresh rows for each request, owned by `seller` and `buyer`, so no case depends on another. */
interface Fixture {
  productId: string;
  wishlistItemId: string;
  /** A seller only the admin calls act on; created only when a case needs one. */
  member: TestUser | null;
}

interface Case {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url(users: Users, fx: Fixture): string;
  body?(fx: Fixture): unknown;
  needsMember?: boolean;
  expected: Record<ActorName, number>;
}

const everyone = (status: number) =>
  Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<ActorName, number>;
const signedIn = { ...everyone(200), anonymous: 401 };
const onlyAdmin = { ...everyone(403), anonymous: 401, admin: 200 };
const ownSellerList = { ...everyone(403), anonymous: 401, seller: 200 };
const ownSellerProduct = { ...ownSellerList, otherSeller: 404 };
const ownBuyerList = { ...everyone(403), anonymous: 401, buyer: 200 };
const anyBuyer = { ...ownBuyerList, otherBuyer: 200 };
const anySeller = { ...everyone(403), anonymous: 401, seller: 200, otherSeller: 200 };
const q = (email: string) => encodeURIComponent(email);

const CASES: Case[] = [
  {
    label: 'GET /categories',
    method: 'GET',
    url: () => '/api/categories',
    expected: everyone(200),
  },
  {
    label: 'GET /advertisement',
    method: 'GET',
    url: () => '/api/advertisement',
    expected: everyone(200),
  },
  { label: 'GET /reviews', method: 'GET', url: () => '/api/reviews', expected: everyone(200) },
  { label: 'GET /blogs', method: 'GET', url: () => '/api/blogs', expected: everyone(200) },
  {
    label: 'GET /products/:category',
    method: 'GET',
    url: () => '/api/products/iPhone',
    expected: signedIn,
  },
  {
    label: "GET /my-products?email=<seller's>",
    method: 'GET',
    url: (u) => `/api/my-products?email=${q(u.seller.email)}`,
    expected: ownSellerList,
  },
  {
    label: "POST /add-product?email=<seller's>",
    method: 'POST',
    url: (u) => `/api/add-product?email=${q(u.seller.email)}`,
    body: () => productForm(),
    expected: ownSellerList,
  },
  {
    label: "PUT /my-products/<seller's product>",
    method: 'PUT',
    url: (_u, fx) => `/api/my-products/${fx.productId}`,
    expected: ownSellerProduct,
  },
  {
    label: "DELETE /my-products/<seller's product>",
    method: 'DELETE',
    url: (_u, fx) => `/api/my-products/${fx.productId}`,
    expected: ownSellerProduct,
  },
  {
    label: "GET /booking?email=<buyer's>",
    method: 'GET',
    url: (u) => `/api/booking?email=${q(u.buyer.email)}`,
    expected: ownBuyerList,
  },
  {
    label: 'POST /booking',
    method: 'POST',
    url: () => '/api/booking',
    body: (fx) => ({ productId: fx.productId, phone: '01712345678', location: 'Uttara' }),
    expected: anyBuyer,
  },
  { label: 'GET /my-buyers', method: 'GET', url: () => '/api/my-buyers', expected: anySeller },
  {
    label: "GET /wish-list?email=<buyer's>",
    method: 'GET',
    url: (u) => `/api/wish-list?email=${q(u.buyer.email)}`,
    expected: ownBuyerList,
  },
  {
    label: 'POST /wish-list',
    method: 'POST',
    url: () => '/api/wish-list',
    body: (fx) => ({ productId: fx.productId }),
    expected: anyBuyer,
  },
  {
    label: "DELETE /wish-list/<buyer's entry>",
    method: 'DELETE',
    url: (_u, fx) => `/api/wish-list/${fx.wishlistItemId}`,
    expected: { ...ownBuyerList, otherBuyer: 404 },
  },
  { label: 'GET /all-sellers', method: 'GET', url: () => '/api/all-sellers', expected: onlyAdmin },
  {
    label: 'PUT /all-sellers/<seller>',
    method: 'PUT',
    url: (_u, fx) => `/api/all-sellers/${q(fx.member!.email)}`,
    needsMember: true,
    expected: onlyAdmin,
  },
  {
    label: 'DELETE /all-sellers/<seller>',
    method: 'DELETE',
    url: (_u, fx) => `/api/all-sellers/${q(fx.member!.email)}`,
    needsMember: true,
    expected: onlyAdmin,
  },
  { label: 'GET /all-buyers', method: 'GET', url: () => '/api/all-buyers', expected: onlyAdmin },
];

let t: TestApp;
let users: Users;

beforeAll(async () => {
  t = await buildTestApp({ seedDemo: true });
  users = {
    buyer: await createUser(t, { role: 'buyer' }),
    otherBuyer: await createUser(t, { role: 'buyer' }),
    seller: await createUser(t, { role: 'seller' }),
    otherSeller: await createUser(t, { role: 'seller' }),
    admin: await createUser(t, { role: 'admin' }),
  };
});
afterAll(async () => {
  await t?.close();
});

async function freshFixture(needsMember: boolean): Promise<Fixture> {
  const [productId] = await insertProducts(t, users.seller.id, 1);
  const wishlistItemId = crypto.randomUUID();
  await t.app.db
    .insertInto('wishlistItems')
    .values({
      id: wishlistItemId,
      userId: users.buyer.id,
      productId: productId!,
      createdAt: valueWriters(t.app.db).date(new Date()),
    })
    .execute();
  const member = needsMember ? await createUser(t, { role: 'seller' }) : null;
  return { productId: productId!, wishlistItemId, member };
}

const matrix = CASES.flatMap((c) =>
  ACTORS.map((actor) => [c.label, actor, c.expected[actor], c] as const),
);

describe(`authorization matrix on ${testDbKind}`, () => {
  it('covers every call with every kind of caller', () => {
    expect(matrix).toHaveLength(CASES.length * ACTORS.length);
    expect(new Set(CASES.map((c) => c.label)).size).toBe(CASES.length);
  });

  it.each(matrix)('%s as %s answers %i', async (_label, actor, expected, c) => {
    const fx = await freshFixture(c.needsMember === true);
    const caller = actor === 'anonymous' ? null : users[actor];
    const before = await snapshot(t);
    const res = await call(t, caller, c.method, c.url(users, fx), c.body?.(fx));
    expect(res.statusCode, res.body).toBe(expected);
    if (expected >= 400) {
      expect(res.json<{ error: { code: string } }>().error.code).toBeTypeOf('string');
      expect(await snapshot(t)).toEqual(before);
    }
  });
});
