import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

const BEFORE = '20261124000200_listing_details_photos';

describe(`the booking requests migration on ${testDbKind}`, () => {
  it('turns existing bookings into waiting requests and keeps the category counts true', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const upTo = await migrator.migrateTo(BEFORE);
    expect(upTo.error).toBeUndefined();

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
    for (const [id, status] of [
      ['p1', 'available'],
      ['p2', 'sold'],
    ]) {
      await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
        "resellPriceCents", "yearOfPurchase", condition, location, "postedAt", status)
        values (${id}, 's1', 'iPhone', 'Phone', '/p.webp', 1000, 500, 2022, 'good', 'Dhaka', ${at}, ${status})`.execute(
        db,
      );
    }
    await sql`insert into bookings (id, "buyerId", "productId", "sellerId", name, email, phone,
      location, "productName", "priceCents", "imgUrl", "createdAt")
      values ('k1', 'b1', 'p1', 's1', 'Buyer', 'b1@example.test', '0171', 'Uttara', 'Phone', 500, '/p.webp', ${at})`.execute(
      db,
    );

    await migrateToLatest(db);

    const booking = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', 'k1')
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      status: 'requested',
      productId: 'p1',
      codeAttempts: 0,
      handoverCode: null,
      meetingAt: null,
    });
    expect(new Date(booking.updatedAt).toISOString()).toBe('2026-11-01T10:00:00.000Z');

    // Only unsold listings count in their category.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('categories')
            .select('productCount')
            .where('name', '=', 'iPhone')
            .executeTakeFirstOrThrow()
        ).productCount,
      );
    expect(await count()).toBe(1);
    await db.updateTable('products').set({ status: 'sold' }).where('id', '=', 'p1').execute();
    expect(await count()).toBe(0);
    await db.updateTable('products').set({ status: 'reserved' }).where('id', '=', 'p2').execute();
    expect(await count()).toBe(1);
    await db.deleteFrom('products').where('id', '=', 'p1').execute();
    expect(await count()).toBe(1);

    // One open request per buyer per listing; closed ones do not count.
    const row = (id: string, status: string) => ({
      id,
      buyerId: 'b1',
      productId: 'p2',
      sellerId: 's1',
      name: 'Buyer',
      email: 'b1@example.test',
      phone: '0171',
      location: 'Uttara',
      productName: 'Phone',
      priceCents: 500,
      imgUrl: '/p.webp',
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
      status: status as 'requested',
    });
    await db.insertInto('bookings').values(row('k2', 'cancelled')).execute();
    await db.insertInto('bookings').values(row('k3', 'requested')).execute();
    await expect(
      db.insertInto('bookings').values(row('k4', 'accepted')).execute(),
    ).rejects.toThrow();
  });
});
