import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { valueWriters } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Sales completed here count towards a median this long after their sale. */
const WINDOW_DAYS = 90;

const COMPARABLES = ['category', 'model', 'storageGb', 'resellPriceCents', 'status', 'soldAt'];

/**
 * A fair-price median counts each seller once (the median of their own comparable listings),
 * and only listings on show or sold here (a completed deal) within the window: one seller with
 * a few listings marked sold outside the site no longer sets a model's median. The comparables
 * index gains the seller, so one key's sellers are read from it in order; every key's median
 * and count (now of sellers) is counted again.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('products_comparables_idx').execute();
  await createComparablesIndex(db, [
    ...COMPARABLES.slice(0, 3),
    'sellerId',
    ...COMPARABLES.slice(3),
  ]);
  await countAgain(db, new Date());
}

async function createComparablesIndex(db: AnyDb, columns: string[]): Promise<void> {
  await db.schema
    .createIndex('products_comparables_idx')
    .on('products')
    .columns([...columns, 'moderation'])
    .where(sql<boolean>`model is not null and "storageGb" is not null and moderation is null`)
    .execute();
}

/** Every key's median and count at once, as the app computes one key's. */
async function countAgain(db: AnyDb, now: Date): Promise<void> {
  const w = valueWriters(db);
  const cutoff = w.date(new Date(now.getTime() - WINDOW_DAYS * 24 * 60 * 60 * 1000));
  await db.deleteFrom('price_stats').execute();
  await sql`
    insert into price_stats (category, model, "storageGb", "medianCents", "count", "oldestSaleAt", "updatedAt")
    select category, model, "storageGb", cast(round(avg(price)) as integer), max(n), max("oldestSaleAt"), ${w.date(now)}
    from (
      select category, model, "storageGb", price,
        row_number() over (partition by category, model, "storageGb" order by price) as rn,
        count(*) over (partition by category, model, "storageGb") as n,
        min("oldestSaleAt") over (partition by category, model, "storageGb") as "oldestSaleAt"
      from (
        select category, model, "storageGb", "sellerId", avg(price) as price,
          min("saleAt") as "oldestSaleAt"
        from (
          select p.category, p.model, p."storageGb", p."sellerId", p."resellPriceCents" as price,
            min(case when p.status = 'sold' then p."soldAt" end)
              over (partition by p.category, p.model, p."storageGb", p."sellerId") as "saleAt",
            row_number() over (partition by p.category, p.model, p."storageGb", p."sellerId"
              order by p."resellPriceCents") as rn,
            count(*) over (partition by p.category, p.model, p."storageGb", p."sellerId") as n
          from products p
          where p.model is not null and p."storageGb" is not null and p.moderation is null
            and (p.status <> 'sold' or (p."soldAt" >= ${cutoff} and exists (
              select 1 from bookings b where b."productId" = p.id and b.status = 'completed')))
        ) ranked
        where rn in ((n + 1) / 2, (n + 2) / 2)
        group by category, model, "storageGb", "sellerId"
      ) sellers
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by category, model, "storageGb"
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('products_comparables_idx').execute();
  await createComparablesIndex(db, COMPARABLES);
}
