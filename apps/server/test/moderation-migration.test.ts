import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

const MIGRATION = '20261124000800_moderation';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

describe(`the moderation migration on ${testDbKind}`, () => {
  it('moves the reports kept with conversations into the one queue', async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    const names = Object.keys(migrations);
    const before = names[names.indexOf(MIGRATION) - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const at =
      testDbKind === 'postgres'
        ? sql`'2026-03-01T10:00:00Z'::timestamptz`
        : sql`'2026-03-01T10:00:00.000Z'`;
    const no = testDbKind === 'postgres' ? sql`false` : sql`0`;
    for (const [id, role] of [
      ['buyer', 'buyer'],
      ['seller', 'seller'],
    ] as const) {
      await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
        values (${id}, ${id}, ${`${id}@example.com`}, ${at}, ${at}, ${role})`.execute(db);
    }
    await sql`insert into categories (id, name, img, "sortOrder")
      values ('c1', 'iPhone', '/demo/category-iphone.webp', 0)`.execute(db);
    await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
        "resellPriceCents", "yearOfPurchase", condition, description, location, advertised, "postedAt")
      values ('p1', 'seller', 'iPhone', 'Phone', '/demo/iphone-1.webp', 90000, 40000, 2022, 'good',
        '', 'Dhaka', ${no}, ${at})`.execute(db);
    await sql`insert into conversations (id, "productId", "buyerId", "sellerId", "productName",
        "productImage", "createdAt", "updatedAt")
      values ('conv', 'p1', 'buyer', 'seller', 'Phone', '/demo/iphone-1.webp', ${at}, ${at})`.execute(
      db,
    );
    await sql`insert into messages (id, "conversationId", "senderId", text, "createdAt")
      values ('m1', 'conv', 'seller', 'Pay first', ${at})`.execute(db);
    await sql`insert into conversation_reports (id, "conversationId", "messageId", "reporterId",
        reason, note, "createdAt", status)
      values ('r1', 'conv', 'm1', 'buyer', 'scam', 'Asked to pay first', ${at}, 'open'),
             ('r2', 'conv', null, 'buyer', 'spam', null, ${at}, 'closed')`.execute(db);

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('reports')
      .select(['id', 'targetType', 'targetId', 'reporterId', 'reason', 'note', 'status'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'r1',
        targetType: 'message',
        targetId: 'm1',
        reporterId: 'buyer',
        reason: 'scam',
        note: 'Asked to pay first',
        status: 'open',
      },
      {
        id: 'r2',
        targetType: 'conversation',
        targetId: 'conv',
        reporterId: 'buyer',
        reason: 'spam',
        note: null,
        status: 'dismissed',
      },
    ]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('conversation_reports');
    expect(tables).toEqual(expect.arrayContaining(['reports', 'audit_log']));

    // The listing is on show; hiding it takes it out of its category's count, and back.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('categories')
            .select('productCount')
            .where('id', '=', 'c1')
            .executeTakeFirstOrThrow()
        ).productCount,
      );
    expect(await count()).toBe(1);
    await db.updateTable('products').set({ moderation: 'hidden' }).where('id', '=', 'p1').execute();
    expect(await count()).toBe(0);
    await db.updateTable('products').set({ moderation: null }).where('id', '=', 'p1').execute();
    expect(await count()).toBe(1);
  });
});
