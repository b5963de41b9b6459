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

/**
 * The tables a refused call must leave as they were: the columns compared (every one when not
 * given) and the order the rows are read in. Of users and sessions, only what a call may not
 * change: a session's expiry is renewed by any signed-in request.
 */
const SNAPSHOT_TABLES: ReadonlyArray<{ table: string; columns?: string[]; order: string[] }> = [
  {
    table: 'users',
    columns: ['id', 'email', 'role', 'isVerifiedUser', 'name', 'phone', 'suspendedAt'],
    order: ['id'],
  },
  { table: 'sessions', columns: ['id', 'userId'], order: ['id'] },
  { table: 'products', order: ['id'] },
  { table: 'bookings', order: ['id'] },
  { table: 'wishlistItems', order: ['id'] },
  { table: 'categories', order: ['id'] },
  { table: 'productPhotos', order: ['productId', 'position'] },
  { table: 'productPriceHistory', order: ['id'] },
  { table: 'savedSearches', order: ['id'] },
  { table: 'conversations', order: ['id'] },
  { table: 'messages', order: ['id'] },
  { table: 'seller_reviews', order: ['id'] },
  { table: 'seller_stats', order: ['sellerId'] },
  { table: 'reports', order: ['id'] },
  { table: 'audit_log', order: ['id'] },
  { table: 'offers', order: ['id'] },
  { table: 'offer_rules', order: ['productId'] },
];

const quoted = (name: string) => `"${name}"`;

/** A table's columns on SQLite, read once per table (the schema does not change in a run). */
const sqliteColumns = new Map<string, Promise<string[]>>();

/**
 * One text of all the rows of a table, made by the database: each row's values (SQLite's `quote`,
 * PostgreSQL's row text, which tell every type apart) one per line, in order.
 */
async function tableText(t: TestApp, spec: (typeof SNAPSHOT_TABLES)[number]) {
  const from = quoted(spec.table);
  const order = spec.order.map(quoted).join(', ');
  if (t.app.dbKind === 'postgres') {
    const row = spec.columns ? `row(${spec.columns.map(quoted).join(', ')})` : 't';
    const { rows } = await sql<{ n: string; text: string | null }>`
      select count(*) as n, string_agg(${sql.raw(row)}::text, E'\n' order by ${sql.raw(order)}) as text
      from ${sql.raw(from)} t`.execute(t.app.db);
    return rows[0]!;
  }
  let columns = spec.columns;
  if (!columns) {
    let known = sqliteColumns.get(spec.table);
    if (!known) {
      known = sql<{ name: string }>`select name from pragma_table_info(${spec.table})`
        .execute(t.app.db)
        .then(({ rows }) => rows.map((r) => r.name));
      sqliteColumns.set(spec.table, known);
    }
    columns = await known;
  }
  const row = columns.map((c) => `quote(${quoted(c)})`).join(` || ',' || `);
  const { rows } = await sql<{ n: number; text: string | null }>`
    select count(*) as n, group_concat(${sql.raw(row)}, char(10) order by ${sql.raw(order)}) as text
    from ${sql.raw(from)}`.execute(t.app.db);
  return rows[0]!;
}

/**
 * Everything a refused call must leave as it was, by table: its number of rows and a digest of
 * them all. The database makes the text of the rows, so that comparing a large database (the
 * authorization matrix's, hundreds of fixtures) costs a read of each table and no comparison of
 * row objects; a difference names the table that changed.
 */
export async function snapshot(t: TestApp) {
  const tables = await Promise.all(
    SNAPSHOT_TABLES.map(async (spec) => {
      const { n, text } = await tableText(t, spec);
      const digest = crypto
        .createHash('sha256')
        .update(text ?? '')
        .digest('hex');
      return [spec.table, { rows: Number(n), digest }] as const;
    }),
  );
  return Object.fromEntries(tables);
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
