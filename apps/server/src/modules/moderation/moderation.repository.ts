import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ListingModeration, ReportStatus, ReportTargetType } from '@market/shared';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { Database, ReportsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A listing as moderation decides on it, locked on PostgreSQL for the rest of the transaction. */
export function findListingForModeration(db: Db, id: string) {
  const query = db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.sellerId')
    .select([
      'p.id',
      'p.name',
      'p.sellerId',
      'p.moderation',
      'u.suspendedAt as sellerSuspendedAt',
      'u.role as sellerRole',
      'u.isVerifiedUser as sellerVerified',
      'u.email as sellerEmail',
    ])
    .where('p.id', '=', id);
  return (isPostgres(db) ? query.forUpdate('p') : query).executeTakeFirst();
}

export function findUserForModeration(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'isVerifiedUser', 'suspendedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A message with the two parties of its conversation. */
export function findMessageForModeration(db: Db, id: string) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversationId')
    .select(['m.id', 'm.senderId', 'c.id as conversationId', 'c.buyerId', 'c.sellerId'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export function findConversationForModeration(db: Db, id: string) {
  return db
    .selectFrom('conversations')
    .select(['id', 'buyerId', 'sellerId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertReport(db: Db, row: Insertable<ReportsTable>): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

export function findReport(db: Db, id: string) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The open reports about one thing, oldest first. */
export function listOpenReportsOf(db: Db, targetType: ReportTargetType, targetId: string) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('targetType', '=', targetType)
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Closes every open report about one thing; answers how many it closed. */
export async function closeOpenReportsOf(
  db: Db,
  target: { type: ReportTargetType; id: string },
  close: { status: Exclude<ReportStatus, 'open'>; outcome: string; resolvedBy: string; at: Date },
): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({
      status: close.status,
      outcome: close.outcome,
      resolvedBy: close.resolvedBy,
      resolvedAt: valueWriters(db).date(close.at),
    })
    .where('targetType', '=', target.type)
    .where('targetId', '=', target.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the seller already asked for a review of the listing and no one answered yet. */
export async function hasOpenReviewRequest(db: Db, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('targetType', '=', 'listing')
    .where('targetId', '=', productId)
    .where('reason', '=', 'review_request')
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setListingModeration(
  db: Db,
  productId: string,
  moderation: ListingModeration | null,
  reason: string | null,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ moderation, moderationReason: reason })
    .where('id', '=', productId)
    .execute();
}

/**
 * Suspends the account: it cannot sign in, its sessions end, and its listings on show leave
 * every list. Listings a moderator hid or holds keep that state and their reason.
 */
export async function suspendAccount(db: Db, userId: string, reason: string, at: Date) {
  await db
    .updateTable('users')
    .set({ suspendedAt: valueWriters(db).date(at), suspendedReason: reason })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('products')
    .set({ moderation: 'suspended', moderationReason: null })
    .where('sellerId', '=', userId)
    .where('moderation', 'is', null)
    .execute();
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Lifts a suspension: the listings it took down come back. */
export async function restoreAccount(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ suspendedAt: null, suspendedReason: null })
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('products')
    .set({ moderation: null, moderationReason: null })
    .where('sellerId', '=', userId)
    .where('moderation', '=', 'suspended')
    .execute();
}

/** Answers whether the seller was verified (and now is not). */
export async function unverifySeller(db: Db, userId: string): Promise<boolean> {
  const w = valueWriters(db);
  const result = await db
    .updateTable('users')
    .set({ isVerifiedUser: w.bool(false) })
    .where('id', '=', userId)
    .where('role', '=', 'seller')
    .where('isVerifiedUser', '=', w.bool(true))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Why the account cannot sign in, or null when it can. */
export async function findSuspension(
  db: Db,
  userId: string,
): Promise<{ reason: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select(['suspendedAt', 'suspendedReason'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.suspendedAt ? { reason: row.suspendedReason } : null;
}
