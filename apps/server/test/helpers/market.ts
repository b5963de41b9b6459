import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Product } from '@market/shared';
import { valueWriters } from '../../src/db/dialect.ts';
import type { Database } from '../../src/db/schema.ts';
import type { TestApp } from '../build-test-app.ts';

/** Anyone who can send a request: a user from the factories, or null for anonymous. */
export type Caller = { headers: Record<string, string> } | null;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One real HTTP request through the app, as the caller. */
export function call(
  t: TestApp,
  caller: Caller,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: caller?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The names of a search's results, in order; a search that fails throws with its answer. */
export async function searchNames(t: TestApp, caller: Caller, query: string): Promise<string[]> {
  const res = await call(t, caller, 'GET', `/api/search?${query}`);
  if (res.statusCode !== 200) throw new Error(`search ${query}: ${res.statusCode} ${res.body}`);
  return res.json<Product[]>().map((p) => p.name);
}

/** A multipart/form-data body with one file, as a browser sends an upload. */
export function multipartForm(
  bytes: Buffer,
  { filename = 'photo.jpg', contentType = 'image/jpeg', field = 'image' } = {},
) {
  const boundary = `----market${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A product form as a seller fills it in, valid unless overridden. */
export function productForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'iPhone 13 128GB',
    location: 'Dhaka, Gulshan',
    yearOfUse: 2022,
    originalPrice: 799,
    resellPrice: 450.5,
    Category: 'iPhone',
    condition: 'good',
    description: 'Battery at 88%, no scratches.',
    imgURL: '/demo/iphone-1.webp',
    ...overrides,
  };
}

/** Posts a product through the API as the seller and answers it; fails the test on refusal. */
export async function postProduct(
  t: TestApp,
  seller: { email: string; headers: Record<string, string> },
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  const res = await call(
    t,
    seller,
    'POST',
    `/api/add-product?email=${encodeURIComponent(seller.email)}`,
    productForm(overrides),
  );
  if (res.statusCode !== 200)
    throw new Error(`add-product answered ${res.statusCode}: ${res.body}`);
  return res.json<Product>();
}

/**
 * Rows written straight to the database for lists too long to post one by one. Times go back
 * from `newest` one minute apart unless `sameTime` makes them all equal (to test tie-breaking).
 */
export async function insertProducts(
  t: TestApp,
  sellerId: string,
  count: number,
  options: { category?: string; newest?: Date; sameTime?: boolean; advertised?: boolean } = {},
): Promise<string[]> {
  const db = t.app.db;
  const w = valueWriters(db);
  const newest = options.newest ?? new Date();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    sellerId,
    category: options.category ?? 'iPhone',
    name: `Bulk phone ${i}`,
    imgUrl: '/demo/iphone-2.webp',
    originalPriceCents: 50_000 + i,
    resellPriceCents: 30_000 + i,
    yearOfPurchase: 2021,
    condition: 'fair' as const,
    description: '',
    location: 'Chattogram',
    advertised: w.bool(options.advertised ?? false),
    postedAt: w.date(new Date(newest.getTime() - (options.sameTime ? 0 : i * 60_000))),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('products')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return rows.map((r) => r.id);
}

/** An entry of the user's wish list, written straight to the database; answers its id. */
export async function insertWishlistItem(
  t: TestApp,
  userId: string,
  productId: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await t.app.db
    .insertInto('wishlistItems')
    .values({ id, userId, productId, createdAt: valueWriters(t.app.db).date(new Date()) })
    .execute();
  return id;
}

/** Everything a refused call must leave as it was. */
export async function snapshot(t: TestApp) {
  const db = t.app.db;
  const [
    users,
    sessions,
    products,
    bookings,
    wishlistItems,
    categories,
    photos,
    prices,
    savedSearches,
    conversations,
    messages,
    sellerReviews,
    sellerStats,
    reports,
    auditLog,
    offers,
    offerRules,
  ] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'isVerifiedUser', 'name', 'phone', 'suspendedAt'])
      .orderBy('id')
      .execute(),
    db.selectFrom('sessions').select(['id', 'userId']).orderBy('id').execute(),
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db.selectFrom('bookings').selectAll().orderBy('id').execute(),
    db.selectFrom('wishlistItems').selectAll().orderBy('id').execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('productPhotos').selectAll().orderBy('productId').orderBy('position').execute(),
    db.selectFrom('productPriceHistory').selectAll().orderBy('id').execute(),
    db.selectFrom('savedSearches').selectAll().orderBy('id').execute(),
    db.selectFrom('conversations').selectAll().orderBy('id').execute(),
    db.selectFrom('messages').selectAll().orderBy('id').execute(),
    db.selectFrom('seller_reviews').selectAll().orderBy('id').execute(),
    db.selectFrom('seller_stats').selectAll().orderBy('sellerId').execute(),
    db.selectFrom('reports').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    db.selectFrom('offers').selectAll().orderBy('id').execute(),
    db.selectFrom('offer_rules').selectAll().orderBy('productId').execute(),
  ]);
  return {
    users,
    sessions,
    products,
    bookings,
    wishlistItems,
    categories,
    photos,
    prices,
    savedSearches,
    conversations,
    messages,
    sellerReviews,
    sellerStats,
    reports,
    auditLog,
    offers,
    offerRules,
  };
}

/** The categories a product must reference; tests without demo data add them. */
export async function insertCategories(t: TestApp): Promise<void> {
  const names = ['iPhone', 'samsung', 'xiaomi', 'realme'];
  await t.app.db
    .insertInto('categories')
    .values(
      names.map((name, i) => ({
        id: crypto.randomUUID(),
        name,
        img: `/demo/category-${name.toLowerCase()}.webp`,
        sortOrder: i,
      })),
    )
    .execute();
}

/** How many rows the table holds; with `where`, how many have the value in the column. */
export async function countRows(
  t: TestApp,
  table: keyof Database,
  where?: [column: string, value: string],
): Promise<number> {
  let query = t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where(sql.ref(where[0]), '=', where[1]);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's row as the database has it; undefined once the account is gone. */
export function storedUser(t: TestApp, id: string) {
  return t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
