import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Earlier listings of one phone the history shows at most. */
export const PHONE_HISTORY_MAX = 50;

/** What the history needs of the listing asked about. */
export function findHistoryListing(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'imeiHash', 'postedAt', 'moderation'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/**
 * The listings of the phone (by its IMEI's keyed hash) posted before `before`, oldest first:
 * only what the history shows, nothing of their sellers.
 */
export function listEarlierListings(
  db: Db,
  imeiHash: string,
  exceptId: string,
  before: Date | string,
) {
  return db
    .selectFrom('products')
    .select(['id', 'postedAt', 'status', 'soldAt', 'condition', 'batteryHealth', 'moderation'])
    .where('imeiHash', '=', imeiHash)
    .where('id', '<>', exceptId)
    .where('postedAt', '<', before)
    .orderBy('postedAt')
    .orderBy('id')
    .limit(PHONE_HISTORY_MAX)
    .execute();
}

/** Of these listings, those sold at a deal completed here. */
export async function listSoldHere(db: Db, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('bookings')
    .select('productId')
    .where('productId', 'in', productIds)
    .where('status', '=', 'completed')
    .execute();
  return new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])));
}

/** The checks at hand-over of these listings' completed deals: their answers, by listing. */
export async function listCheckedSales(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('booking_inspections')
    .select(['productId', 'answers'])
    .where('productId', 'in', productIds)
    .where('handedOverAt', 'is not', null)
    .execute();
  return new Map(rows.flatMap((r) => (r.productId ? [[r.productId, r.answers] as const] : [])));
}
