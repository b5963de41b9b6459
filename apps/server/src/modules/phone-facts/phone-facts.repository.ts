import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Advisory lock class of IMEIs (price keys take another, see price-stats.repository). */
const IMEI_LOCK = 2;

/**
 * Until this transaction ends, another one writing a listing with the same IMEI waits, so that
 * of two listings of one phone posted at the same moment the second sees the first. (SQLite
 * runs one write transaction at a time.)
 */
export async function lockImei(db: Db, imeiHash: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(IMEI_LOCK)}, hashtext(${imeiHash}))`.execute(db);
}

/** Another listing of the phone that is not sold (and not deleted), the earliest first. */
export function findOtherActiveListingWithImei(db: Db, imeiHash: string, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'sellerId'])
    .where('imeiHash', '=', imeiHash)
    .where('id', '<>', productId)
    .where('status', '<>', 'sold')
    .orderBy('postedAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function findListingModeration(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select(['moderation'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Takes a listing on show off it until a moderator releases it; answers whether it was on show. */
export async function holdListing(db: Db, productId: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ moderation: 'held', moderationReason: reason })
    .where('id', '=', productId)
    .where('moderation', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const DUPLICATE_IMEI_REASON = 'duplicate_imei';
/** Filed when the IMEI a buyer reads off the phone at the hand-over does not match the listing's. */
export const IMEI_MISMATCH_REASON = 'imei_mismatch';

/** The note of a duplicate-IMEI report: it names the other listing, which the queue links to. */
export function duplicateImeiNote(otherListingId: string): string {
  return `Same IMEI as listing ${otherListingId}`;
}

/** The other listing a duplicate-IMEI report's note names, or null. */
export function otherListingOfNote(note: string | null): string | null {
  return /^Same IMEI as listing (\S+)$/.exec(note ?? '')?.[1] ?? null;
}

/**
 * Files the marketplace's own report that the listing shares its IMEI with another; once only
 * while one is open.
 */
export function fileDuplicateImeiReport(
  db: Db,
  productId: string,
  note: string,
  now: Date,
): Promise<void> {
  return fileMarketplaceReport(db, productId, DUPLICATE_IMEI_REASON, note, now);
}

/** Files the marketplace's own report about a listing, for a reason; once only while one is open. */
export async function fileMarketplaceReport(
  db: Db,
  productId: string,
  reason: string,
  note: string,
  now: Date,
): Promise<void> {
  const open = await db
    .selectFrom('reports')
    .select('id')
    .where('targetType', '=', 'listing')
    .where('targetId', '=', productId)
    .where('reason', '=', reason)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) return;
  await db
    .insertInto('reports')
    .values({
      id: crypto.randomUUID(),
      targetType: 'listing',
      targetId: productId,
      reporterId: null,
      reason,
      note,
      status: 'open',
      createdAt: valueWriters(db).date(now),
    })
    .execute();
}

/** When the seller's account was made. */
export function findAccountCreatedAt(db: Db, userId: string) {
  return db.selectFrom('users').select('createdAt').where('id', '=', userId).executeTakeFirst();
}

/** What the far-below check reads of a listing. */
export function findListingPrice(db: Db, productId: string) {
  return db
    .selectFrom('products')
    .select(['id', 'category', 'model', 'storageGb', 'networkLock', 'resellPriceCents'])
    .where('id', '=', productId)
    .executeTakeFirst();
}
