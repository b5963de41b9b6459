import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes, isPostgres, valueWriters } from '../dialect.ts';
import { modelFromName } from './20261124000900_imei_model.models.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Sold listings count towards a median this long after their sale. */
const WINDOW_DAYS = 90;
const BATCH = 2_000;

/**
 * Facts about the phone itself.
 * - products.imeiHash: HMAC-SHA256 of the IMEI's 15 digits under a key derived from the auth
 *   secret (the number itself is never stored), imeiLast4 its last four digits, and an index
 *   to find another listing of the same phone.
 * - products.model: the model as every spelling of it agrees ("iPhone 13"); existing listings
 *   get the known model their name names, if any.
 * - price_stats: per category, model and storage, the median resell price and count of the
 *   listings on offer or sold within 90 days (`oldestSaleAt`: the earliest sale counted, which
 *   leaves the window first), kept in the transaction of each change to one of them. An index
 *   over those listings in price order makes one key's median one short index walk.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('products').addColumn('imeiHash', 'text').execute();
  // Four digits; SQLite has no regular expressions, so each character is checked by glob.
  const fourDigits = isPostgres(db)
    ? sql`"imeiLast4" ~ '^[0-9]{4}$'`
    : sql`length("imeiLast4") = 4 and "imeiLast4" not glob '*[^0-9]*'`;
  await db.schema
    .alterTable('products')
    .addColumn('imeiLast4', 'text', (c) => c.check(fourDigits))
    .execute();
  await db.schema.alterTable('products').addColumn('model', 'text').execute();

  await db.schema
    .createIndex('products_imei_idx')
    .on('products')
    .column('imeiHash')
    .where(sql.ref('imeiHash'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('products_comparables_idx')
    .on('products')
    // Every column the median reads, moderation too, so the walk never visits the table.
    .columns([
      'category',
      'model',
      'storageGb',
      'resellPriceCents',
      'status',
      'soldAt',
      'moderation',
    ])
    .where(sql<boolean>`model is not null and "storageGb" is not null and moderation is null`)
    .execute();

  await db.schema
    .createTable('price_stats')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('storageGb', 'integer', (c) => c.notNull())
    .addColumn('medianCents', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`"count" >= 1`))
    .addColumn('oldestSaleAt', t.timestamp)
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('price_stats_pk', ['category', 'model', 'storageGb'])
    .execute();
  await db.schema
    .createIndex('price_stats_oldest_sale_idx')
    .on('price_stats')
    .column('oldestSaleAt')
    .where(sql.ref('oldestSaleAt'), 'is not', null)
    .execute();

  await backfillModels(db);
  await fillPriceStats(db, new Date());
}

/** Each listing whose name names a known model of its category gets that model. */
async function backfillModels(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; name: string; category: string }[] = await db
      .selectFrom('products')
      .select(['id', 'name', 'category'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const idsByModel = new Map<string, string[]>();
    for (const row of rows) {
      const model = modelFromName(row.name, row.category);
      if (model) idsByModel.set(model, [...(idsByModel.get(model) ?? []), row.id]);
    }
    for (const [model, ids] of idsByModel) {
      await db.updateTable('products').set({ model }).where('id', 'in', ids).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** Every key's median and count at once, as the app computes one key's. */
async function fillPriceStats(db: AnyDb, now: Date): Promise<void> {
  const w = valueWriters(db);
  const cutoff = w.date(new Date(now.getTime() - WINDOW_DAYS * 24 * 60 * 60 * 1000));
  await sql`
    insert into price_stats (category, model, "storageGb", "medianCents", "count", "oldestSaleAt", "updatedAt")
    select category, model, "storageGb", cast(round(avg(price)) as integer), max(n), max("oldestSaleAt"), ${w.date(now)}
    from (
      select category, model, "storageGb", "resellPriceCents" as price,
        row_number() over (partition by category, model, "storageGb" order by "resellPriceCents") as rn,
        count(*) over (partition by category, model, "storageGb") as n,
        min(case when status = 'sold' then "soldAt" end)
          over (partition by category, model, "storageGb") as "oldestSaleAt"
      from products
      where model is not null and "storageGb" is not null and moderation is null
        and (status <> 'sold' or "soldAt" >= ${cutoff})
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by category, model, "storageGb"
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('price_stats').execute();
  await db.schema.dropIndex('products_comparables_idx').execute();
  await db.schema.dropIndex('products_imei_idx').execute();
  for (const column of ['model', 'imeiLast4', 'imeiHash']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
