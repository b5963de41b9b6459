import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { isForeignKeyViolation } from '../src/db/dialect.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

const tables = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'categories',
  'products',
  'bookings',
  'wishlistItems',
  'reviews',
  'blogs',
  'images',
];

/** Tables named in camelCase before new tables were named in snake_case (decision 0001). */
const CAMEL_CASE_TABLES = [
  'productPhotos',
  'productPriceHistory',
  'rateLimits',
  'savedSearches',
  'wishlistItems',
];
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

describe(`migrations on ${testDbKind}`, () => {
  it('name every new table in snake_case', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    await migrateToLatest(db);
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(CAMEL_CASE_TABLES));
    const offending = names.filter(
      (name) => !SNAKE_CASE.test(name) && !CAMEL_CASE_TABLES.includes(name),
    );
    expect(offending).toEqual([]);
    // The rule itself: a new camelCase table would be caught.
    expect(
      ['priceAlerts', 'PriceAlerts', 'price-alerts'].filter((n) => SNAKE_CASE.test(n)),
    ).toEqual([]);
    expect(['price_alerts', 'outbox', 'seller_stats'].every((n) => SNAKE_CASE.test(n))).toBe(true);
  });

  it('apply from empty, then re-apply as a no-op', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;

    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const existing = (await db.introspection.getTables()).map((t) => t.name);
    for (const table of tables) expect(existing).toContain(table);

    const second = await migrateToLatest(db);
    expect(second.results).toEqual([]);
  });

  it('enforce foreign keys and case-insensitive unique emails', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    await migrateToLatest(db);
    const now = testDbKind === 'postgres' ? sql`now()` : sql`'2026-01-01T00:00:00.000Z'`;
    await sql`insert into users (id, name, email, "createdAt", "updatedAt") values ('u1', 'A', 'a@example.com', ${now}, ${now})`.execute(
      db,
    );
    await expect(
      sql`insert into users (id, name, email, "createdAt", "updatedAt") values ('u2', 'B', 'A@EXAMPLE.COM', ${now}, ${now})`.execute(
        db,
      ),
    ).rejects.toThrow();
    const refused =
      await sql`insert into "wishlistItems" (id, "userId", "productId", "createdAt") values ('w1', 'u1', 'missing', ${now})`
        .execute(db)
        .then(
          () => null,
          (err: unknown) => err,
        );
    // Services turn exactly this error into a 404 when a product vanishes mid-request.
    expect(isForeignKeyViolation(refused)).toBe(true);
    const count = await db
      .selectFrom('wishlistItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
