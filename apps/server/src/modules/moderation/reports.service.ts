import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Report, createReportSchema, reviewRequestSchema } from '@market/shared';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { requireAccess, refusalOf } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import {
  findListingForModeration,
  findMessageForModeration,
  findReport,
  findUserForModeration,
  hasOpenReviewRequest,
  insertReport,
} from './moderation.repository.ts';

type Db = Kysely<Database>;
type NewReport = z.output<typeof createReportSchema>;

/**
 * Refuses a report of something that does not exist, or that is the reporter's own. A message
 * can be reported only by the other party of its conversation: to anyone else it does not exist.
 */
async function checkTarget(db: Db, reporter: Actor, input: NewReport): Promise<void> {
  if (input.targetType === 'listing') {
    const listing = await findListingForModeration(db, input.targetId);
    if (!listing) throw notFound('common.listing.noSuch');
    if (listing.sellerId === reporter.id) throw badRequest('moderation.report.ownListing');
    return;
  }
  if (input.targetType === 'user') {
    if (input.targetId === reporter.id) throw badRequest('moderation.report.yourself');
    if (!(await findUserForModeration(db, input.targetId))) throw notFound('common.noSuch.user');
    return;
  }
  await requireAccess(db, reporter, 'message.report', input.targetId);
  const message = await findMessageForModeration(db, input.targetId);
  if (!message) throw refusalOf('message.report');
  if (message.senderId === reporter.id) throw badRequest('moderation.report.ownMessage');
}

/**
 * Files a report for the moderators: one open report per reporter and thing. `consumeQuota` is
 * asked only once the report is known to be valid, so mistakes do not use up the hour's reports.
 */
export async function fileReport(
  db: Db,
  reporter: Actor,
  input: NewReport,
  consumeQuota: () => Promise<void>,
  now: Date = new Date(),
): Promise<Report> {
  await checkTarget(db, reporter, input);
  await consumeQuota();
  const id = crypto.randomUUID();
  await insertReport(db, {
    id,
    targetType: input.targetType,
    targetId: input.targetId,
    reporterId: reporter.id,
    reason: input.reason,
    note: input.note ?? null,
    createdAt: valueWriters(db).date(now),
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict('moderation.report.already');
    throw err;
  });
  const row = await findReport(db, id);
  if (!row) throw notFound('moderation.report.noSuch');
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    outcome: row.outcome,
    createdAt: readDate(row.createdAt).toISOString(),
  };
}

/**
 * The seller of a held or hidden listing asks a moderator to look again (after editing it):
 * an automatic report joins the queue. One open request per listing.
 */
export async function requestReview(
  db: Db,
  seller: Actor,
  productId: string,
  input: z.output<typeof reviewRequestSchema>,
  now: Date = new Date(),
): Promise<Report> {
  await requireAccess(db, seller, 'product.manage', productId);
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    // Locked on PostgreSQL: two requests at once open one report.
    const listing = await findListingForModeration(trx, productId);
    if (!listing || listing.sellerId !== seller.id) throw refusalOf('product.manage');
    if (listing.moderation !== 'held' && listing.moderation !== 'hidden') {
      throw conflict('moderation.review.onShow');
    }
    if (await hasOpenReviewRequest(trx, productId)) {
      throw conflict('moderation.review.already');
    }
    await insertReport(trx, {
      id,
      targetType: 'listing',
      targetId: productId,
      reporterId: null,
      reason: 'review_request',
      note: input.note ?? null,
      createdAt: valueWriters(trx).date(now),
    });
  });
  return {
    _id: id,
    targetType: 'listing',
    targetId: productId,
    reason: 'review_request',
    note: input.note ?? null,
    status: 'open',
    outcome: null,
    createdAt: now.toISOString(),
  };
}
