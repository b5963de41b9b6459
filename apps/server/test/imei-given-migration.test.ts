import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../src/db/database.ts';
import { IMEI_CHECK_HELD } from '../src/modules/phone-facts/phone-facts.service.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from './build-test-app.ts';

const MIGRATION = '20261126003001_imei_given';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

describe(`the IMEI-given migration on ${testDbKind}`, () => {
  it('drops the kept digits, hides why a listing is held, and queues every held listing', async () => {
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
    await sql`insert into users (id, name, email, "createdAt", "updatedAt", role)
      values ('seller', 'Seller', 'seller@example.com', ${at}, ${at}, 'seller')`.execute(db);
    await sql`insert into categories (id, name, img, "sortOrder")
      values ('c1', 'iPhone', '/demo/category-iphone.webp', 0)`.execute(db);
    const revealed =
      'Its IMEI matches another listing on the marketplace: a moderator checks it before it is shown';
    for (const [id, moderation, reason] of [
      ['shown', null, null],
      ['stranded', 'held', revealed],
      ['queued', 'held', revealed],
      ['hidden', 'hidden', 'Stolen.'],
    ] as const) {
      await sql`insert into products (id, "sellerId", category, name, "imgUrl", "originalPriceCents",
          "resellPriceCents", "yearOfPurchase", condition, description, location, advertised,
          "postedAt", "imeiHash", "imeiLast4", moderation, "moderationReason")
        values (${id}, 'seller', 'iPhone', ${id}, '/demo/iphone-1.webp', 90000, 40000, 2022,
          'good', '', 'Dhaka', ${no}, ${at}, ${`hash-${id}`}, '1234', ${moderation}, ${reason})`.execute(
        db,
      );
    }
    await sql`insert into reports (id, "targetType", "targetId", "reporterId", reason, note,
        status, "createdAt")
      values ('r-queued', 'listing', 'queued', null, 'duplicate_imei', 'Same IMEI as listing shown',
        'open', ${at}),
        ('r-stranded', 'listing', 'stranded', null, 'duplicate_imei',
        'Same IMEI as listing shown', 'dismissed', ${at})`.execute(db);

    await migrateToLatest(db);

    const products = await db
      .selectFrom('products')
      .select(['id', 'imeiHash', 'imeiLast4', 'moderation', 'moderationReason'])
      .orderBy('id')
      .execute();
    expect(products).toEqual([
      {
        id: 'hidden',
        imeiHash: 'hash-hidden',
        imeiLast4: null,
        moderation: 'hidden',
        moderationReason: 'Stolen.',
      },
      {
        id: 'queued',
        imeiHash: 'hash-queued',
        imeiLast4: null,
        moderation: 'held',
        moderationReason: IMEI_CHECK_HELD,
      },
      {
        id: 'shown',
        imeiHash: 'hash-shown',
        imeiLast4: null,
        moderation: null,
        moderationReason: null,
      },
      {
        id: 'stranded',
        imeiHash: 'hash-stranded',
        imeiLast4: null,
        moderation: 'held',
        moderationReason: IMEI_CHECK_HELD,
      },
    ]);
    const open = await db
      .selectFrom('reports')
      .select(['targetId', 'reason', 'reporterId'])
      .where('status', '=', 'open')
      .orderBy('targetId')
      .execute();
    expect(open).toEqual([
      { targetId: 'queued', reason: 'duplicate_imei', reporterId: null },
      { targetId: 'stranded', reason: 'duplicate_imei', reporterId: null },
    ]);
  });
});
