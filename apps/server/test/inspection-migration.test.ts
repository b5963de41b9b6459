import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { readBool } from '../src/db/dialect.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

const BEFORE = '20261126006001_saved_search_positions';

describe(`the check at hand-over migration on ${testDbKind}`, () => {
  it('leaves requests accepted before it without a check, and counts no past deal as checked', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();

    const at =
      testDbKind === 'postgres'
        ? sql`'2026-11-01T10:00:00Z'::timestamptz`
        : sql`'2026-11-01T10:00:00.000Z'`;
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role) values
      ('s1', 'Seller', 's1@example.test', ${at}, ${at}, 'seller'),
      ('b1', 'Buyer', 'b1@example.test', ${at}, ${at}, 'buyer')`.execute(db);
    await sql`insert into categories (id, name, img, "sortOrder") values ('c1', 'iPhone', '/c.webp', 0)`.execute(
      db,
    );
    await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
      "resellPriceCents", "yearOfPurchase", condition, location, "postedAt", status)
      values ('p1', 's1', 'iPhone', 'Phone', '/p.webp', 1000, 500, 2022, 'good', 'Dhaka', ${at}, 'reserved')`.execute(
      db,
    );
    await sql`insert into bookings (id, "buyerId", "productId", "sellerId", name, email, phone,
      location, "productName", "priceCents", "imgUrl", "createdAt", "updatedAt", status, "handoverCode")
      values ('k1', 'b1', 'p1', 's1', 'Buyer', 'b1@example.test', '0171', 'Uttara', 'Phone', 500,
      '/p.webp', ${at}, ${at}, 'accepted', '135790')`.execute(db);
    await sql`insert into seller_stats ("sellerId", "ratingSum", "ratingCount", "completedDeals")
      values ('s1', 0, 0, 4)`.execute(db);

    await migrateToLatest(db);

    const booking = await db
      .selectFrom('bookings')
      .select(['status', 'handoverCode', 'inspectionRequired'])
      .where('id', '=', 'k1')
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('accepted');
    expect(booking.handoverCode).toBe('135790');
    expect(readBool(booking.inspectionRequired)).toBe(false);
    expect(await db.selectFrom('booking_inspections').selectAll().execute()).toEqual([]);
    expect(
      await db
        .selectFrom('seller_stats')
        .select(['completedDeals', 'checkedDeals'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ completedDeals: 4, checkedDeals: 0 });

    // And back down: the columns and the table go.
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('booking_inspections');
    const columns = tables.includes('bookings')
      ? (await db.introspection.getTables())
          .find((t) => t.name === 'bookings')!
          .columns.map((c) => c.name)
      : [];
    expect(columns).not.toContain('inspectionRequired');
  });
});
