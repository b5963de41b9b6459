import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

const MIGRATION = '20261124000200_listing_details_photos';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

describe(`the listing details and photos migration on ${testDbKind}`, () => {
  it("makes each existing listing's image its cover photo and records its current price", async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const names = Object.keys(migrations);
    const before = names[names.indexOf(MIGRATION) - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const upTo = await migrator.migrateTo(before);
    expect(upTo.error).toBeUndefined();

    const posted = testDbKind === 'postgres' ? sql`now()` : sql`'2026-01-01T00:00:00.000Z'`;
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
      values ('s1', 'Seller', 's1@example.com', ${posted}, ${posted}, 'seller')`.execute(db);
    await sql`insert into categories (id, name, img, "sortOrder") values ('c1', 'iPhone', '/demo/category-iphone.webp', 0)`.execute(
      db,
    );
    for (const [id, img, resell] of [
      ['p1', '/demo/iphone-1.webp', 40_000],
      ['p2', '/api/images/' + 'a'.repeat(64) + '.webp', 25_050],
    ] as const) {
      await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
          "resellPriceCents", "yearOfPurchase", condition, description, location, advertised, "postedAt")
        values (${id}, 's1', 'iPhone', 'Phone', ${img}, 90000, ${resell}, 2022, 'good', '', 'Dhaka',
          ${testDbKind === 'postgres' ? sql`false` : sql`0`}, ${posted})`.execute(db);
    }

    await migrateToLatest(db);

    const photos = await db
      .selectFrom('productPhotos')
      .select(['productId', 'position', 'url'])
      .orderBy('productId')
      .execute();
    expect(photos).toEqual([
      { productId: 'p1', position: 0, url: '/demo/iphone-1.webp' },
      { productId: 'p2', position: 0, url: '/api/images/' + 'a'.repeat(64) + '.webp' },
    ]);
    const history = await db
      .selectFrom('productPriceHistory')
      .select(['productId', 'originalPriceCents', 'resellPriceCents'])
      .orderBy('productId')
      .execute();
    expect(history).toEqual([
      { productId: 'p1', originalPriceCents: 90_000, resellPriceCents: 40_000 },
      { productId: 'p2', originalPriceCents: 90_000, resellPriceCents: 25_050 },
    ]);
    const details = await db
      .selectFrom('products')
      .select(['storageGb', 'batteryHealth', 'included', 'previousResellPriceCents'])
      .orderBy('id')
      .execute();
    expect(details).toEqual([
      { storageGb: null, batteryHealth: null, included: '', previousResellPriceCents: null },
      { storageGb: null, batteryHealth: null, included: '', previousResellPriceCents: null },
    ]);
    // The database itself refuses a battery health outside 1..100.
    await expect(
      db.updateTable('products').set({ batteryHealth: 140 }).where('id', '=', 'p1').execute(),
    ).rejects.toThrow();
  });
});
