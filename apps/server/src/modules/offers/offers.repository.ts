import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, OffersTable } from '../../db/schema.ts';
import { isPostgres, valueWriters } from '../../db/dialect.ts';

type Db = Kysely<Database> | Transaction<Database>;

const OFFER_COLUMNS = [
  'o.id',
  'o.productId',
  'o.buyerId',
  'o.sellerId',
  'o.productName',
  'o.offeredPriceCents',
  'o.priceCents',
  'o.note',
  'o.round',
  'o.status',
  'o.awaiting',
  'o.source',
  'o.closedBy',
  'o.bookingId',
  'o.conversationId',
  'o.farBelowMedian',
  'o.createdAt',
  'o.updatedAt',
] as const;

/** An offer with its listing's price now (null once the listing is gone). */
export function findOfferView(db: Db, id: string) {
  return db
    .selectFrom('offers as o')
    .leftJoin('products as p', 'p.id', 'o.productId')
    .select(OFFER_COLUMNS)
    .select('p.resellPriceCents as listedPriceCents')
    .where('o.id', '=', id)
    .executeTakeFirst();
}
export type OfferView = NonNullable<Awaited<ReturnType<typeof findOfferView>>>;

/** The offer's own row, locked until the transaction ends (PostgreSQL). */
export function lockOffer(db: Db, id: string) {
  const query = db.selectFrom('offers as o').select(OFFER_COLUMNS).where('o.id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}
export type OfferRow = NonNullable<Awaited<ReturnType<typeof lockOffer>>>;

/** The listing as an offer needs it, locked until the transaction ends (PostgreSQL). */
export function lockListing(db: Db, productId: string) {
  const query = db
    .selectFrom('products')
    .select([
      'id',
      'sellerId',
      'name',
      'imgUrl',
      'location',
      'resellPriceCents',
      'status',
      'moderation',
    ])
    .where('id', '=', productId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}
export type ListingRow = NonNullable<Awaited<ReturnType<typeof lockListing>>>;

export async function insertOffer(db: Db, row: Insertable<OffersTable>): Promise<void> {
  await db.insertInto('offers').values(row).execute();
}

/**
 * Changes an open offer waiting for `awaiting`; answers whether it did. The condition guards
 * against a concurrent step that got there first.
 */
export async function updateOpenOffer(
  db: Db,
  id: string,
  awaiting: 'buyer' | 'seller',
  change: Updateable<OffersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('awaiting', '=', awaiting)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The buyer's open offer for the listing, if any. */
export function findOpenOffer(db: Db, buyerId: string, productId: string) {
  return db
    .selectFrom('offers')
    .select(['id', 'source'])
    .where('buyerId', '=', buyerId)
    .where('productId', '=', productId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

async function count(query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) {
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The offers the buyer made on the listing (not the seller's offers to them). */
export function countBuyerOffersOn(db: Db, buyerId: string, productId: string) {
  return count(
    db
      .selectFrom('offers')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('buyerId', '=', buyerId)
      .where('productId', '=', productId)
      .where('source', '=', 'buyer'),
  );
}

/** The offers the buyer made since a moment, on any listing. */
export function countBuyerOffersSince(db: Db, buyerId: string, since: Date) {
  return count(
    db
      .selectFrom('offers')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('buyerId', '=', buyerId)
      .where('source', '=', 'buyer')
      .where('createdAt', '>=', valueWriters(db).date(since)),
  );
}

export function findAccountCreatedAt(db: Db, userId: string) {
  return db.selectFrom('users').select('createdAt').where('id', '=', userId).executeTakeFirst();
}

/** Whether the buyer has a waiting or accepted request for the listing. */
export async function hasOpenRequest(db: Db, buyerId: string, productId: string) {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('buyerId', '=', buyerId)
    .where('productId', '=', productId)
    .where('status', 'in', ['requested', 'accepted'])
    .executeTakeFirst();
  return row !== undefined;
}

export function findOfferRules(db: Db, productId: string) {
  return db
    .selectFrom('offer_rules')
    .select(['declineBelowCents', 'acceptFromCents', 'savedOfferAt'])
    .where('productId', '=', productId)
    .executeTakeFirst();
}

/** Sets a listing's automatic answers, keeping the time of its last offer to savers. */
export async function saveOfferRules(
  db: Db,
  productId: string,
  rules: { declineBelowCents: number | null; acceptFromCents: number | null },
): Promise<void> {
  await db
    .insertInto('offer_rules')
    .values({ productId, ...rules, savedOfferAt: null })
    .onConflict((oc) => oc.column('productId').doUpdateSet(rules))
    .execute();
}

/**
 * Marks the listing as offered to everyone who saved it at `now`, only when it was not since
 * `since`; answers whether it did (the guard against two sends at once).
 */
export async function claimSavedOffer(
  db: Db,
  productId: string,
  since: Date,
  now: Date,
): Promise<boolean> {
  const w = valueWriters(db);
  await db
    .insertInto('offer_rules')
    .values({ productId, declineBelowCents: null, acceptFromCents: null, savedOfferAt: null })
    .onConflict((oc) => oc.column('productId').doNothing())
    .execute();
  const result = await db
    .updateTable('offer_rules')
    .set({ savedOfferAt: w.date(now) })
    .where('productId', '=', productId)
    .where((eb) => eb.or([eb('savedOfferAt', 'is', null), eb('savedOfferAt', '<', w.date(since))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The buyers who keep the listing in their wish list (never its seller). */
export async function listSavers(db: Db, productId: string, sellerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wishlistItems as w')
    .innerJoin('users as u', 'u.id', 'w.userId')
    .select('w.userId')
    .distinct()
    .where('w.productId', '=', productId)
    .where('u.role', '=', 'buyer')
    .where('w.userId', '<>', sellerId)
    .where('u.suspendedAt', 'is', null)
    .orderBy('w.userId')
    .execute();
  return rows.map((r) => r.userId);
}

/** How many buyers keep the listing in their wish list. */
export async function countSavers(db: Db, productId: string): Promise<number> {
  return count(
    db
      .selectFrom('wishlistItems')
      .select(sql<number | string>`count(distinct "userId")`.as('n'))
      .where('productId', '=', productId),
  );
}

/** The open offers whose last step is older than `before`, oldest first. */
export function listStaleOffers(db: Db, before: Date) {
  return db
    .selectFrom('offers as o')
    .select(OFFER_COLUMNS)
    .where('o.status', '=', 'open')
    .where('o.updatedAt', '<=', valueWriters(db).date(before))
    .orderBy('o.updatedAt')
    .execute();
}

/** The open offers of a listing, oldest first. */
export function listOpenOffersOf(db: Db, productId: string) {
  return db
    .selectFrom('offers as o')
    .select(OFFER_COLUMNS)
    .where('o.productId', '=', productId)
    .where('o.status', '=', 'open')
    .orderBy('o.createdAt')
    .execute();
}
