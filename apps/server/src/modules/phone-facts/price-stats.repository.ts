import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FAIR_PRICE_WINDOW_DAYS, isCarrierLocked } from '@market/shared';
import { isPostgres, readBool, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * The listings one median is about: the same category, model and storage, and the same lock
 * group (a phone locked to a carrier is compared with locked phones only; unlocked phones and
 * those whose lock is not stated are the other group).
 */
export interface PriceKey {
  category: string;
  model: string;
  storageGb: number;
  locked: boolean;
}

/** The columns a listing's key is read from. */
export const PRICE_KEY_COLUMNS = ['category', 'model', 'storageGb', 'networkLock'] as const;

/** A listing's key; null for one without a model or a storage, which no median covers. */
export function priceKeyOf(row: {
  category: string;
  model: string | null;
  storageGb: number | null;
  networkLock: string | null;
}): PriceKey | null {
  if (row.model === null || row.storageGb === null) return null;
  return {
    category: row.category,
    model: row.model,
    storageGb: row.storageGb,
    locked: isCarrierLocked(row.networkLock) === true,
  };
}

/** The listing `p` names a carrier: its key's lock group (as priceKeyOf reads it). */
export const LOCKED = sql`(p."networkLock" is not null and lower(trim(p."networkLock")) <> 'unlocked')`;

/** The listings `p` of a key's lock group. */
const inLockGroup = (locked: boolean) => (locked ? LOCKED : sql`not ${LOCKED}`);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sales before this time no longer count. */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - FAIR_PRICE_WINDOW_DAYS * DAY_MS);
}

const keyText = (key: PriceKey) =>
  JSON.stringify([key.category, key.model, key.storageGb, key.locked]);

/** Advisory lock class of price keys (IMEIs take another, see phone-facts.repository). */
export const PRICE_KEY_LOCK = 1;

/**
 * What a median counts: listings on show, and sales completed here (a deal whose hand-over code
 * was entered) within the window. A listing its seller marked sold outside the site does not
 * count: nothing shows that it sold, or at that price.
 */
export function countedListings(db: Db, now: Date) {
  const w = valueWriters(db);
  return sql`p.moderation is null and (p.status <> 'sold' or (p."soldAt" >= ${w.date(windowStart(now))}
    and exists (select 1 from bookings b where b."productId" = p.id and b.status = 'completed')))`;
}

/**
 * Each seller's one price per key: the median of their counted listings of it, so that no seller
 * weighs more than another however many they list; with their oldest counted sale.
 */
function sellerPrices(filter: RawBuilder<unknown>) {
  const key = sql`p.category, p.model, p."storageGb", ${LOCKED}, p."sellerId"`;
  return sql`select category, model, "storageGb", locked, "sellerId", avg(price) as price,
      min("saleAt") as "oldestSaleAt"
    from (
      select p.category, p.model, p."storageGb", ${LOCKED} as locked, p."sellerId",
        p."resellPriceCents" as price,
        min(case when p.status = 'sold' then p."soldAt" end) over (partition by ${key}) as "saleAt",
        row_number() over (partition by ${key} order by p."resellPriceCents") as rn,
        count(*) over (partition by ${key}) as n
      from products p where ${filter}
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by category, model, "storageGb", locked, "sellerId"`;
}

/**
 * Counts each key again from its listings: the median of the sellers' prices (each seller's
 * median counts once) and how many sellers there are, over the listings on show and the sales
 * completed here within the window, not held or hidden by moderation. Run in the transaction of
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
  // One walk of products_comparables_idx for the key's listings; the sellers' prices are few.
  const comparable = sql`p.category = ${key.category} and p.model = ${key.model}
    and p."storageGb" = ${key.storageGb} and ${inLockGroup(key.locked)}
    and ${countedListings(db, now)}`;
  const { rows } = await sql<{
    price: number | string;
    n: number;
    oldestSaleAt: Date | string | null;
  }>`
    with sellers as (${sellerPrices(comparable)}),
    counted as (select count(*) as n, min("oldestSaleAt") as "oldestSaleAt" from sellers)
    select middle.price, counted.n, counted."oldestSaleAt" from counted, (
      select price from sellers
      order by price
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
      .where('locked', '=', w.bool(key.locked))
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
    .values({ ...key, locked: w.bool(key.locked), ...counted })
    .onConflict((oc) =>
      oc.columns(['category', 'model', 'storageGb', 'locked']).doUpdateSet(counted),
    )
    .execute();
}

/** Every key counted again at once (after a bulk load that bypassed the app). */
export async function rebuildAllPriceStats(db: Db, now: Date): Promise<void> {
  const w = valueWriters(db);
  await db.deleteFrom('price_stats').execute();
  const filter = sql`p.model is not null and p."storageGb" is not null and ${countedListings(db, now)}`;
  await sql`
    insert into price_stats
      (category, model, "storageGb", locked, "medianCents", "count", "oldestSaleAt", "updatedAt")
    select category, model, "storageGb", locked, cast(round(avg(price)) as integer), max(n),
      max("oldestSaleAt"), ${w.date(now)}
    from (
      select category, model, "storageGb", locked, price,
        row_number() over (partition by category, model, "storageGb", locked order by price) as rn,
        count(*) over (partition by category, model, "storageGb", locked) as n,
        min("oldestSaleAt") over (partition by category, model, "storageGb", locked) as "oldestSaleAt"
      from (${sellerPrices(filter)}) sellers
    ) ranked
    where rn in ((n + 1) / 2, (n + 2) / 2)
    group by category, model, "storageGb", locked
  `.execute(db);
}

export function findPriceStats(db: Db, key: PriceKey) {
  return db
    .selectFrom('price_stats')
    .select(['medianCents', 'count'])
    .where('category', '=', key.category)
    .where('model', '=', key.model)
    .where('storageGb', '=', key.storageGb)
    .where('locked', '=', valueWriters(db).bool(key.locked))
    .executeTakeFirst();
}

/** The listing's key as it is stored now; null without a model or storage, or once deleted. */
export async function findPriceKey(db: Db, productId: string): Promise<PriceKey | null> {
  const row = await db
    .selectFrom('products')
    .select(PRICE_KEY_COLUMNS)
    .where('id', '=', productId)
    .executeTakeFirst();
  return row ? priceKeyOf(row) : null;
}

/** The keys of all of a seller's listings (before their account and listings go). */
export async function listSellerPriceKeys(db: Db, sellerId: string): Promise<PriceKey[]> {
  const rows = await db
    .selectFrom('products')
    .select(PRICE_KEY_COLUMNS)
    .distinct()
    .where('sellerId', '=', sellerId)
    .where('model', 'is not', null)
    .where('storageGb', 'is not', null)
    .execute();
  return rows.flatMap((row) => priceKeyOf(row) ?? []);
}

/** Keys that count a sale from before the window: their counts are due again. */
export async function listAgedPriceKeys(db: Db, now: Date, limit: number): Promise<PriceKey[]> {
  const rows = await db
    .selectFrom('price_stats')
    .select(['category', 'model', 'storageGb', 'locked'])
    .where('oldestSaleAt', '<', valueWriters(db).date(windowStart(now)))
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, locked: readBool(row.locked) }));
}

/** Models whose medians count at least `minCount` sellers (in the category, if given), most first. */
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

/** How many of a model's listings the price factors read at most (the newest first). */
export const FACTOR_POOL_MAX = 2_000;

/**
 * The other listings of a model that a median counts (on show, or sold here within the window,
 * not moderated), with what the price factors read of them; every storage and lock group.
 */
export async function listModelComparables(
  db: Db,
  model: { category: string; model: string },
  exceptId: string,
  now: Date,
) {
  const { rows } = await sql<{
    priceCents: number;
    storageGb: number | null;
    networkLock: string | null;
    batteryHealth: number | null;
    condition: string;
  }>`
    select p."resellPriceCents" as "priceCents", p."storageGb", p."networkLock",
      p."batteryHealth", p.condition
    from products p
    where p.category = ${model.category} and p.model = ${model.model} and p."storageGb" is not null
      and p.id <> ${exceptId} and ${countedListings(db, now)}
    order by p."postedAt" desc, p.id
    limit ${FACTOR_POOL_MAX}
  `.execute(db);
  return rows.map((row) => ({ ...row, priceCents: Number(row.priceCents) }));
}
