import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { columnTypes, isPostgres, valueWriters } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A listing's lock and money status, as its seller states it (decision 0029):
 * - `products."activationLockOff"`: signed out of Find My / Google account (true), or not
 *   (false); `products."paidOff"`: fully paid off, or not. Both null on the listings posted
 *   before they were asked: not stated, never assumed. (The network lock has its column since
 *   20261124000200: 'unlocked', a carrier's name, or null.)
 * - The search index filters on the network lock and the activation lock, so a change of either
 *   rewrites the listing's document (the `search_docs_update` trigger's watched columns).
 * - A fair-price median no longer mixes phones locked to a carrier with the others:
 *   `price_stats` is keyed by the lock group too (`locked`: the network lock names a carrier;
 *   unlocked and not stated are one group), and every key is counted again. The comparables
 *   index gains the network lock, so a key's listings are still read from it alone.
 */

/** Sales completed here count towards a median this long after their sale. */
const WINDOW_DAYS = 90;

/** The listing names a carrier (price-stats.repository.ts `LOCKED`). */
const LOCKED = `(p."networkLock" is not null and lower(trim(p."networkLock")) <> 'unlocked')`;

const COMPARABLES = [
  'category',
  'model',
  'storageGb',
  'sellerId',
  'resellPriceCents',
  'status',
  'soldAt',
  'moderation',
];

const LIVE = (row: string) => `${row}.status <> 'sold' and ${row}.moderation is null`;

/** The columns of products a document copies or the index reads: a write to any rewrites it. */
const SOURCE_COLUMNS = [
  'name',
  'category',
  '"storageGb"',
  'colour',
  'description',
  'location',
  'status',
  'moderation',
  '"postedAt"',
  '"resellPriceCents"',
  'condition',
  '"batteryHealth"',
  '"sellerId"',
];
const WITH_LOCKS = [...SOURCE_COLUMNS, '"networkLock"', '"activationLockOff"'];

/** Document ids per second of posting time (search-index.ts DOCIDS_PER_SECOND). */
const PER_SECOND = 2 ** 21;

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('products').addColumn('activationLockOff', t.boolean).execute();
  await db.schema.alterTable('products').addColumn('paidOff', t.boolean).execute();
  await watchColumns(db, WITH_LOCKS);

  await db.schema.dropIndex('products_comparables_idx').execute();
  await createComparablesIndex(db, [
    ...COMPARABLES.slice(0, 3),
    'networkLock',
    ...COMPARABLES.slice(3),
  ]);
  await db.schema.dropTable('price_stats').execute();
  await createPriceStats(db, true);
  await countAgain(db, new Date(), true);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('price_stats').execute();
  await createPriceStats(db, false);
  await db.schema.dropIndex('products_comparables_idx').execute();
  await createComparablesIndex(db, COMPARABLES);
  await countAgain(db, new Date(), false);
  await watchColumns(db, SOURCE_COLUMNS);
  await db.schema.alterTable('products').dropColumn('paidOff').execute();
  await db.schema.alterTable('products').dropColumn('activationLockOff').execute();
}

/** The `search_docs_update` trigger made again, watching `columns`. */
async function watchColumns(db: AnyDb, columns: string[]): Promise<void> {
  const watched = sql.raw(columns.join(', '));
  if (isPostgres(db)) {
    // Its function (20261126001002_one_search_engine) stays as it is.
    await sql`drop trigger if exists search_docs_update on products`.execute(db);
    await sql`
      create trigger search_docs_update after update of ${watched} on products
      for each row execute function search_docs_write()
    `.execute(db);
    return;
  }
  const second = (row: string) => `cast(strftime('%s', ${row}."postedAt") as integer)`;
  // As 20261126001002_one_search_engine writes it: the next free number within the second.
  const addDocument = sql.raw(`
    insert into search_docs (docid, product, category, price, condition, storage, battery, seller)
      select coalesce((select max(docid) + 1 from search_docs
                       where docid between b and b + ${PER_SECOND - 1}), b),
             new.id, new.category, new."resellPriceCents", new.condition, new."storageGb",
             new."batteryHealth", new."sellerId"
      from (select ${second('new')} * ${PER_SECOND} as b) where ${LIVE('new')};
  `);
  const removeDocument = sql.raw(`delete from search_docs where product = old.id;`);
  await sql`drop trigger if exists search_docs_update`.execute(db);
  await sql`
    create trigger search_docs_update after update of ${watched} on products
    begin ${removeDocument} ${addDocument} end
  `.execute(db);
}

async function createComparablesIndex(db: AnyDb, columns: string[]): Promise<void> {
  await db.schema
    .createIndex('products_comparables_idx')
    .on('products')
    .columns(columns)
    .where(sql<boolean>`model is not null and "storageGb" is not null and moderation is null`)
    .execute();
}

async function createPriceStats(db: AnyDb, byLock: boolean): Promise<void> {
  const t = columnTypes(db);
  let table = db.schema
    .createTable('price_stats')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('storageGb', 'integer', (c) => c.notNull());
  if (byLock) table = table.addColumn('locked', t.boolean, (c) => c.notNull());
  await table
    .addColumn('medianCents', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`"count" >= 1`))
    .addColumn('oldestSaleAt', t.timestamp)
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    // The builder's column types do not follow the conditional column; the names are right.
    .addPrimaryKeyConstraint(
      'price_stats_pk',
      (byLock
        ? ['category', 'model', 'storageGb', 'locked']
        : ['category', 'model', 'storageGb']) as ['category', 'model', 'storageGb'],
    )
    .execute();
  await db.schema
    .createIndex('price_stats_oldest_sale_idx')
    .on('price_stats')
    .column('oldestSaleAt')
    .where(sql.ref('oldestSaleAt'), 'is not', null)
    .execute();
}

/** Every key's median and count at once, as the app computes one key's (each seller once). */
async function countAgain(db: AnyDb, now: Date, byLock: boolean): Promise<void> {
  const w = valueWriters(db);
  const cutoff = w.date(new Date(now.getTime() - WINDOW_DAYS * 24 * 60 * 60 * 1000));
  const key = byLock ? 'category, model, "storageGb", locked' : 'category, model, "storageGb"';
  const k = sql.raw(key);
  const pk = sql.raw(
    byLock ? `p.category, p.model, p."storageGb", ${LOCKED}` : 'p.category, p.model, p."storageGb"',
  );
  const lockedColumn: RawBuilder<unknown> = byLock ? sql.raw(`${LOCKED} as locked,`) : sql.raw('');
  await sql`
    insert into price_stats (${k}, "medianCents", "count", "oldestSaleAt", "updatedAt")
    select ${k}, cast(round(avg(price)) as integer), max(n), max("oldestSaleAt"), ${w.date(now)}
    from (
      select ${k}, price,
        row_number() over (partition by ${k} order by price) as rn,
        count(*) over (partition by ${k}) as n,
        min("oldestSaleAt") over (partition by ${k}) as "oldestSaleAt"
      from (
        select ${k}, "sellerId", avg(price) as price, min("saleAt") as "oldestSaleAt"
        from (
          select p.category, p.model, p."storageGb", ${lockedColumn} p."sellerId",
            p."resellPriceCents" as price,
            min(case when p.status = 'sold' then p."soldAt" end)
              over (partition by ${pk}, p."sellerId") as "saleAt",
            row_number() over (partition by ${pk}, p."sellerId"
              order by p."resellPriceCents") as rn,
            count(*) over (partition by ${pk}, p."sellerId") as n
          from products p
          where p.model is not null and p."storageGb" is not null and p.moderation is null
            and (p.status <> 'sold' or (p."soldAt" >= ${cutoff} and exists (
              select 1 from bookings b where b."productId" = p.id and b.status = 'completed')))
        ) ranked
        where rn in ((n + 1) / 2, (n + 2) / 2)
        group by ${k}, "sellerId"
      ) sellers
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by ${k}
  `.execute(db);
}
