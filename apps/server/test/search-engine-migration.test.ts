import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { DOCIDS_PER_SECOND } from '../src/modules/search/search-index.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

const MIGRATION = '20261126001002_one_search_engine';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

describe(`the one-search-engine migration on ${testDbKind}`, () => {
  it('renumbers the documents by second in their order, and drops the text engines', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const names = Object.keys(migrations);
    const before = names[names.indexOf(MIGRATION) - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const at = (iso: string) =>
      testDbKind === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`;
    const no = testDbKind === 'postgres' ? sql`false` : sql`0`;
    const t0 = '2026-03-01T10:00:00.000Z';
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
      values ('seller', 'Seller', 'seller@example.com', ${at(t0)}, ${at(t0)}, 'seller')`.execute(
      db,
    );
    await sql`insert into categories (id, name, img, "sortOrder")
      values ('c1', 'iPhone', '/demo/category-iphone.webp', 0)`.execute(db);
    // Three in one second (two in one millisecond), one a second later, one sold.
    const listings = [
      ['a', '2026-03-01T10:00:00.000Z', 'available'],
      ['b', '2026-03-01T10:00:00.000Z', 'available'],
      ['c', '2026-03-01T10:00:00.700Z', 'available'],
      ['d', '2026-03-01T10:00:01.000Z', 'available'],
      ['e', '2026-03-01T10:00:01.000Z', 'sold'],
    ] as const;
    for (const [id, posted, status] of listings) {
      await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
          "resellPriceCents", "yearOfPurchase", condition, description, location, advertised,
          "postedAt", status)
        values (${id}, 'seller', 'iPhone', ${`iPhone13 ${id}`}, '/demo/iphone-1.webp', 90000,
          40000, 2022, 'good', '', 'Dhaka', ${no}, ${at(posted)}, ${status})`.execute(db);
    }
    const docids = async () =>
      (
        await sql<{ product: string; docid: number | string }>`
          select product, docid from search_docs order by docid
        `.execute(db)
      ).rows.map((r) => [r.product, Number(r.docid)]);
    const old = await docids();
    expect(old.map(([p]) => p)).toEqual(['a', 'b', 'c', 'd']);

    expect((await migrateToLatest(db)).error).toBeUndefined();

    const second = Date.parse(t0) / 1000;
    const renumbered = await docids();
    expect(renumbered).toEqual([
      ['a', second * DOCIDS_PER_SECOND],
      ['b', second * DOCIDS_PER_SECOND + 1],
      ['c', second * DOCIDS_PER_SECOND + 2],
      ['d', (second + 1) * DOCIDS_PER_SECOND],
    ]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const gone of [
      'listingNames',
      'searchWords',
      'products_search',
      'products_search_vocab',
    ]) {
      expect(tables).not.toContain(gone);
    }
    const columns = (table: string) =>
      tables.includes(table)
        ? db.introspection
            .getTables()
            .then((all) => all.find((t) => t.name === table)!.columns.map((c) => c.name))
        : Promise.resolve([]);
    expect(await columns('products')).not.toContain('searchVector');
    expect(await columns('search_docs')).not.toContain('words');

    // The next listing of the same second takes the next free number; the area rewrites it.
    await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
        "resellPriceCents", "yearOfPurchase", condition, description, location, advertised,
        "postedAt")
      values ('f', 'seller', 'iPhone', 'iPhone f', '/demo/iphone-1.webp', 90000, 40000, 2022,
        'good', '', 'Dhaka', ${no}, ${at('2026-03-01T10:00:00.900Z')})`.execute(db);
    const f = (await docids()).find(([p]) => p === 'f')![1] as number;
    expect(Math.floor(f / DOCIDS_PER_SECOND)).toBe(second);
    expect(renumbered.map(([, d]) => d)).not.toContain(f);
    const logged = async () =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from search_log`.execute(db))
          .rows[0]!.n,
      );
    const entries = await logged();
    await sql`update products set location = 'Gulshan' where id = 'f'`.execute(db);
    // The old document out, the new one in, and the card: the log names the listing.
    expect(await logged()).toBe(entries + 3);
  });
});
