import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { DOCIDS_PER_SECOND } from '../src/modules/search/search-index.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories } from './helpers/market.ts';

/*
 * The search documents' ids and the values the index files listings under: any number of
 * listings posted in one transaction and one second get distinct ids below 2^53, and a category
 * or condition the marketplace does not have is refused where it enters.
 */
const t = useTestApp();
let buyer: TestUser;
let seller: TestUser;

const POSTED = new Date(Date.UTC(2026, 5, 1, 9, 30, 15, 250));
const CROWD = 10_000;

function listing(overrides: Record<string, unknown> = {}) {
  const w = valueWriters(t.app.db);
  return {
    id: crypto.randomUUID(),
    sellerId: seller.id,
    category: 'realme',
    name: 'Crowd phone',
    imgUrl: '/demo/realme-1.webp',
    originalPriceCents: 50_000,
    resellPriceCents: 20_000,
    yearOfPurchase: 2023,
    condition: 'good' as const,
    description: '',
    location: 'Khulna',
    advertised: w.bool(false),
    postedAt: w.date(POSTED),
    ...overrides,
  };
}

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
});

describe(`search document ids on ${testDbKind}`, () => {
  it('numbers 10,000 listings posted in one transaction and one second, all found and counted', async () => {
    await t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < CROWD; i += 500) {
        await trx
          .insertInto('products')
          .values(
            Array.from({ length: 500 }, (_, j) =>
              listing({ name: `Crowd phone ${i + j}`, description: `tag${(i + j) % 20}` }),
            ),
          )
          .execute();
      }
    });

    const { rows } = await sql<{ docid: number | string }>`
      select d.docid from search_docs d join products p on p.id = d.product
      where p.name like 'Crowd phone %'
    `.execute(t.app.db);
    const docids = rows.map((r) => Number(r.docid));
    expect(new Set(docids).size).toBe(CROWD);
    // Every id within the posting second's range, and exact as a JavaScript number.
    const base = Math.floor(POSTED.getTime() / 1000) * DOCIDS_PER_SECOND;
    for (const docid of docids) {
      expect(docid).toBeGreaterThanOrEqual(base);
      expect(docid).toBeLessThan(base + DOCIDS_PER_SECOND);
      expect(Number.isSafeInteger(docid)).toBe(true);
    }

    // Ten thousand entries are more than a search applies on its way: the rest is applied in
    // the background, waited for here.
    await t.app.searchIndex.current();
    await t.app.searchIndex.settled();
    expect((await t.app.searchIndex.status()).behind).toBe(0);

    // Counted exactly where the count is below the limit: 500 of each tag.
    const tagged = await call(t, buyer, 'GET', '/api/search?q=crowd%20tag7');
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.headers['x-total-count']).toBe('500');
    expect(tagged.headers['x-total-count-relation']).toBe('eq');
    const all = await call(t, buyer, 'GET', '/api/search?q=crowd&limit=1');
    expect(all.headers['x-total-count-relation']).toBe('gte');

    // Every one found, once, paging newest first (descending docid).
    let url: string | null = '/api/search?q=crowd&sort=newest&limit=100';
    const seen = new Set<string>();
    while (url) {
      const res = await call(t, buyer, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      for (const p of res.json<Product[]>()) seen.add(p.name);
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(seen.size).toBe(CROWD);
    const { index } = await t.app.searchIndex.current();
    expect(index.documents).toBeGreaterThanOrEqual(CROWD);
  }, 120_000);

  it('gives a listing whose posting time changes an id in its new second', async () => {
    const id = crypto.randomUUID();
    await t.app.db
      .insertInto('products')
      .values(listing({ id, name: 'Moved phone' }))
      .execute();
    const later = new Date(POSTED.getTime() + 3_600_000);
    await t.app.db
      .updateTable('products')
      .set({ postedAt: valueWriters(t.app.db).date(later) })
      .where('id', '=', id)
      .execute();
    const row = await t.app.db
      .selectFrom('search_docs')
      .select('docid')
      .where('product', '=', id)
      .executeTakeFirstOrThrow();
    expect(Math.floor(Number(row.docid) / DOCIDS_PER_SECOND)).toBe(
      Math.floor(later.getTime() / 1000),
    );
  });
});

describe(`categories and conditions the marketplace does not have, on ${testDbKind}`, () => {
  it('refuses a listing in an unknown category, even one in the categories table', async () => {
    await t.app.db
      .insertInto('categories')
      .values({ id: crypto.randomUUID(), name: 'Nokia', img: '/demo/x.webp', sortOrder: 9 })
      .execute();
    const id = crypto.randomUUID();
    await expect(
      t.app.db
        .insertInto('products')
        .values(listing({ id, category: 'Nokia' }))
        .execute(),
    ).rejects.toThrow(testDbKind === 'postgres' ? /products_category_known/ : /Unknown category/);
    const stored = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses changing a listing to an unknown category or condition, and keeps it as it was', async () => {
    const id = crypto.randomUUID();
    await t.app.db
      .insertInto('products')
      .values(listing({ id, name: 'Steady phone' }))
      .execute();
    await expect(
      t.app.db.updateTable('products').set({ category: 'Nokia' }).where('id', '=', id).execute(),
    ).rejects.toThrow(testDbKind === 'postgres' ? /products_category_known/ : /Unknown category/);
    await expect(
      t.app.db
        .updateTable('products')
        // The column's type allows only the known conditions: this is the database's own check.
        .set({ condition: 'broken' as 'good' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/condition/);
    const row = await t.app.db
      .selectFrom('products')
      .select(['category', 'condition'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ category: 'realme', condition: 'good' });
    const res = await call(t, buyer, 'GET', '/api/search?q=steady&category=realme');
    expect(res.json<Product[]>().map((p) => p.name)).toEqual(['Steady phone']);
  });
});
