import { sql, type Kysely } from 'kysely';
import { FAIR_PRICE_WINDOW_DAYS } from '@market/shared';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The listings one median is about: the same category, model and storage. */
export interface PriceKey {
  category: string;
  model: string;
  storageGb: number;
}

/** A listing's key; null for one without a model or a storage, which no median covers. */
export function priceKeyOf(row: {
  category: string;
  model: string | null;
  storageGb: number | null;
}): PriceKey | null {
  if (row.model === null || row.storageGb === null) return null;
  return { category: row.category, model: row.model, storageGb: row.storageGb };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sales before this time no longer count. */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - FAIR_PRICE_WINDOW_DAYS * DAY_MS);
}

const keyText = (key: PriceKey) => JSON.stringify([key.category, key.model, key.storageGb]);

/** Advisory lock class of price keys (IMEIs take another, see phone-facts.repository). */
export const PRICE_KEY_LOCK = 1;

/**
 * Counts each key again from its listings: the median resell price and the count of those on
 * offer or sold within the window, not held or hidden by moderation. Run in the transaction of
 * the change. Keys are taken in one order, so two transactions never wait on each other's.
 */
export async function refreshPriceStats(
  db: Db,
  keys: readonly (PriceKey | null)[],
  now: Date,
): Promise<void> {
  const unique = new Map<string, PriceKey>();
  for (const key of keys) if (key) unique.set(keyText(key), key);
  for (const text of [...unique.keys()].sort()) await refreshKey(db, unique.get(text)!, now);
}

async function refreshKey(db: Db, key: PriceKey, now: Date): Promise<void> {
  const w = valueWriters(db);
  if (isPostgres(db)) {
    // Writers of one key take turns: the second counts once the first has committed. (SQLite
    // runs one write transaction at a time.)
    await sql`select pg_advisory_xact_lock(${sql.lit(PRICE_KEY_LOCK)}, hashtext(${keyText(key)}))`.execute(
      db,
    );
  }
  // Two short walks of products_comparables_idx, which covers every column read: one counts
  // (and finds the earliest sale), one steps in price order to the middle one or two rows.
  const comparable = sql`category = ${key.category} and model = ${key.model}
    and "storageGb" = ${key.storageGb} and moderation is null
    and (status <> 'sold' or "soldAt" >= ${w.date(windowStart(now))})`;
  const { rows } = await sql<{ price: number; n: number; oldestSaleAt: Date | string | null }>`
    with counted as (
      select count(*) as n, min(case when status = 'sold' then "soldAt" end) as "oldestSaleAt"
      from products where ${comparable}
    )
    select middle.price, counted.n, counted."oldestSaleAt" from counted, (
      select "resellPriceCents" as price from products where ${comparable}
      order by "resellPriceCents"
      limit 2 - (select n from counted) % 2 offset ((select n from counted) - 1) / 2
    ) middle
    order by middle.price
  `.execute(db);
  const [low, high] = rows;
  if (!low) {
    await db
      .deleteFrom('price_stats')
      .where('category', '=', key.category)
      .where('model', '=', key.model)
      .where('storageGb', '=', key.storageGb)
      .execute();
    return;
  }
  const counted = {
    medianCents: Math.round((Number(low.price) + Number((high ?? low).price)) / 2),
    count: Number(low.n),
    oldestSaleAt: low.oldestSaleAt,
    updatedAt: w.date(now),
  };
  await db
    .insertInto('price_stats')
    .values({ ...key, ...counted })
    .onConflict((oc) => oc.columns(['category', 'model', 'storageGb']).doUpdateSet(counted))
    .execute();
}

/** Every key counted again at once (after a bulk load that bypassed the app). */
export async function rebuildAllPriceStats(db: Db, now: Date): Promise<void> {
  const w = valueWriters(db);
  await db.deleteFrom('price_stats').execute();
  await sql`
    insert into price_stats
      (category, model, "storageGb", "medianCents", "count", "oldestSaleAt", "updatedAt")
    select category, model, "storageGb", cast(round(avg(price)) as integer), max(n),
      max("oldestSaleAt"), ${w.date(now)}
    from (
      select category, model, "storageGb", "resellPriceCents" as price,
        row_number() over (partition by category, model, "storageGb" order by "resellPriceCents") as rn,
        count(*) over (partition by category, model, "storageGb") as n,
        min(case when status = 'sold' then "soldAt" end)
          over (partition by category, model, "storageGb") as "oldestSaleAt"
      from products
      where model is not null and "storageGb" is not null and moderation is null
        and (status <> 'sold' or "soldAt" >= ${w.date(windowStart(now))})
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by category, model, "storageGb"
  `.execute(db);
}

export function findPriceStats(db: Db, key: PriceKey) {
  return db
    .selectFrom('price_stats')
    .select(['medianCents', 'count'])
    .where('category', '=', key.category)
    .where('model', '=', key.model)
    .where('storageGb', '=', key.storageGb)
    .executeTakeFirst();
}

/** The listing's key as it is stored now; null without a model or storage, or once deleted. */
export async function findPriceKey(db: Db, productId: string): Promise<PriceKey | null> {
  const row = await db
    .selectFrom('products')
    .select(['category', 'model', 'storageGb'])
    .where('id', '=', productId)
    .executeTakeFirst();
  return row ? priceKeyOf(row) : null;
}

/** The keys of all of a seller's listings (before their account and listings go). */
export async function listSellerPriceKeys(db: Db, sellerId: string): Promise<PriceKey[]> {
  const rows = await db
    .selectFrom('products')
    .select(['category', 'model', 'storageGb'])
    .distinct()
    .where('sellerId', '=', sellerId)
    .where('model', 'is not', null)
    .where('storageGb', 'is not', null)
    .execute();
  return rows.flatMap((row) => priceKeyOf(row) ?? []);
}

/** Keys that count a sale from before the window: their counts are due again. */
export async function listAgedPriceKeys(db: Db, now: Date, limit: number): Promise<PriceKey[]> {
  return db
    .selectFrom('price_stats')
    .select(['category', 'model', 'storageGb'])
    .where('oldestSaleAt', '<', valueWriters(db).date(windowStart(now)))
    .limit(limit)
    .execute();
}

/** Models listed at least `minCount` times (in the category, if given), most listed first. */
export async function listListedModels(
  db: Db,
  category: string | undefined,
  minCount: number,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('price_stats')
    .select((eb) => ['model', eb.fn.sum<number | string>('count').as('listed')])
    .groupBy('model')
    .having((eb) => eb.fn.sum('count'), '>=', minCount)
    .orderBy('listed', 'desc')
    .orderBy('model')
    .limit(limit);
  if (category) query = query.where('category', '=', category);
  const rows = await query.execute();
  return rows.map((row) => row.model);
}
