import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ACTIONS_FOR_TARGET,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
  type ReportTargetType,
  type ResolvedReports,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { appendAudit } from './audit-log.ts';
import {
  OUTCOME_FOR_REPORTER,
  tellReporters,
  tellSellerHidden,
  tellSellerShown,
} from './moderation-notices.ts';
import {
  closeOpenReportsOf,
  findListingForModeration,
  findMessageForModeration,
  findReport,
  findUserForModeration,
  listOpenReportsOf,
  restoreAccount,
  setListingModeration,
  suspendAccount,
  unverifySeller,
} from './moderation.repository.ts';
import {
  refreshListingPriceStats,
  refreshSellerPriceStats,
} from '../phone-facts/phone-facts.service.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What a resolution did, for the route: whose cached sessions must end now. */
export interface Resolution {
  answer: ResolvedReports;
  suspendedUserId: string | null;
}

interface Target {
  type: ReportTargetType;
  id: string;
}

/** The account an action on the target falls on: a listing's seller, a message's sender. */
async function accountOf(trx: Trx, target: Target): Promise<string> {
  if (target.type === 'user') return target.id;
  if (target.type === 'listing') {
    const listing = await findListingForModeration(trx, target.id);
    if (!listing) throw conflict('The listing no longer exists: dismiss the report instead');
    return listing.sellerId;
  }
  if (target.type === 'message') {
    const message = await findMessageForModeration(trx, target.id);
    if (!message) throw conflict('The message no longer exists: dismiss the report instead');
    return message.senderId;
  }
  throw badRequest('Choose an action that applies to a conversation');
}

async function suspend(trx: Trx, userId: string, reason: string, now: Date) {
  const user = await findUserForModeration(trx, userId);
  if (!user) throw conflict('The account no longer exists: dismiss the report instead');
  if (user.role === 'admin') throw forbidden('An admin account cannot be suspended');
  if (user.suspendedAt) throw conflict('This account is already suspended');
  await suspendAccount(trx, userId, reason, now);
  await refreshSellerPriceStats(trx, userId, now);
  return user;
}

async function hideListing(trx: Trx, listingId: string, reason: string) {
  const listing = await findListingForModeration(trx, listingId);
  if (!listing) throw conflict('The listing no longer exists: dismiss the report instead');
  if (listing.moderation === 'hidden') throw conflict('This listing is already hidden');
  await setListingModeration(trx, listing.id, 'hidden', reason);
  await refreshListingPriceStats(trx, listing.id);
  return listing;
}

/**
 * Puts a held or hidden listing back on show; while its seller is suspended it waits, off show,
 * for the suspension to be lifted.
 */
async function showListing(trx: Trx, listingId: string) {
  const listing = await findListingForModeration(trx, listingId);
  if (!listing) throw notFound('No such listing: it may have been deleted');
  if (listing.moderation !== 'held' && listing.moderation !== 'hidden') {
    throw conflict('This listing is not held or hidden');
  }
  await setListingModeration(trx, listing.id, listing.sellerSuspendedAt ? 'suspended' : null, null);
  await refreshListingPriceStats(trx, listing.id);
  return listing;
}

async function isHeld(trx: Trx, listingId: string): Promise<boolean> {
  return (await findListingForModeration(trx, listingId))?.moderation === 'held';
}

/** What the audit log and the notices call the target. */
async function labelOf(trx: Trx, target: Target): Promise<string | null> {
  if (target.type === 'listing')
    return (await findListingForModeration(trx, target.id))?.name ?? null;
  if (target.type === 'user') return (await findUserForModeration(trx, target.id))?.email ?? null;
  return null;
}

/**
 * Resolves the report and every other open report about the same thing with one action, in
 * one transaction: the action's effect, the reports closed, the audit row, and the notices to
 * the reporters (and to the seller of a listing hidden, released or kept hidden).
 */
export async function resolveReport(
  db: Db,
  actor: Actor,
  reportId: string,
  input: { action: ModerationAction; reason: string },
  now: Date = new Date(),
): Promise<Resolution> {
  const { action, reason } = input;
  return db.transaction().execute(async (trx) => {
    const report = await findReport(trx, reportId);
    if (!report) throw notFound('No such report');
    if (report.status !== 'open') throw conflict('This report has already been dealt with');
    const target: Target = { type: report.targetType, id: report.targetId };
    if (!ACTIONS_FOR_TARGET[target.type].includes(action)) {
      throw badRequest(
        `${MODERATION_ACTION_LABELS[action]} does not apply to a report about a ${target.type}`,
        { action: `Choose one of: ${ACTIONS_FOR_TARGET[target.type].join(', ')}` },
      );
    }
    const actionId = crypto.randomUUID();
    const label = await labelOf(trx, target);
    let suspendedUserId: string | null = null;
    let audited: Target = target;
    let auditedLabel = label;

    // A held listing waits for a moderator's decision: dismissing its reports is that decision,
    // and puts it back on show, rather than leave it off show with nothing in the queue.
    const releases =
      action === 'release_listing' ||
      (action === 'dismiss' && target.type === 'listing' && (await isHeld(trx, target.id)));

    if (action === 'hide_listing') {
      const listing = await hideListing(trx, target.id, reason);
      await tellSellerHidden(trx, listing, reason, actionId, now);
    } else if (releases) {
      const listing = await showListing(trx, target.id);
      await tellSellerShown(trx, listing, actionId, now);
    } else if (action === 'suspend_user') {
      const user = await suspend(trx, await accountOf(trx, target), reason, now);
      suspendedUserId = user.id;
      audited = { type: 'user', id: user.id };
      auditedLabel = user.email;
    } else if (action === 'unverify_seller') {
      const userId = await accountOf(trx, target);
      const user = await findUserForModeration(trx, userId);
      if (!user || user.role !== 'seller') {
        throw badRequest('Only a seller account has a verification to remove');
      }
      if (!(await unverifySeller(trx, userId))) throw conflict('This seller is not verified');
      audited = { type: 'user', id: userId };
      auditedLabel = user.email;
    }

    const open = await listOpenReportsOf(trx, target.type, target.id);
    const outcome = OUTCOME_FOR_REPORTER[releases ? 'release_listing' : action];
    // A listing still held (its seller suspended or unverified) keeps its reports open: it
    // stays in the queue until a moderator releases or hides it.
    const stillHeld = target.type === 'listing' && (await isHeld(trx, target.id));
    const resolvedCount = stillHeld
      ? 0
      : await closeOpenReportsOf(trx, target, {
          status: action === 'dismiss' ? 'dismissed' : 'resolved',
          outcome,
          resolvedBy: actor.id,
          at: now,
        });
    await appendAudit(trx, {
      actorId: actor.id,
      action,
      targetType: audited.type,
      targetId: audited.id,
      targetLabel: auditedLabel,
      reason,
      details: {
        reportId,
        reportTarget: target,
        resolvedCount,
        ...(releases && action === 'dismiss' ? { released: true } : {}),
      },
      at: now,
    });
    if (!stillHeld) await tellReporters(trx, open, outcome, now);
    // A seller who asked for a review hears that the listing stays hidden.
    if (action === 'dismiss' && target.type === 'listing') {
      const listing = await findListingForModeration(trx, target.id);
      const asked = open.some((r) => r.reason === 'review_request');
      if (listing && asked && (listing.moderation === 'held' || listing.moderation === 'hidden')) {
        await tellSellerHidden(trx, listing, reason, actionId, now);
      }
    }
    return {
      answer: { action, targetType: target.type, targetId: target.id, resolvedCount },
      suspendedUserId,
    };
  });
}

/** Lifts an account's suspension; its listings the suspension took down come back. */
export async function restoreUser(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserForModeration(trx, userId);
    if (!user) throw notFound('No such user');
    if (!user.suspendedAt) throw conflict('This account is not suspended');
    await restoreAccount(trx, userId);
    await refreshSellerPriceStats(trx, userId, now);
    await appendAudit(trx, {
      actorId: actor.id,
      action: 'restore_user',
      targetType: 'user',
      targetId: userId,
      targetLabel: user.email,
      reason,
      at: now,
    });
  });
}

/**
 * Puts a held or hidden listing back on show from anywhere (its page, the queue): the open
 * reports about it are resolved, their reporters and the seller told.
 */
export async function restoreListing(
  db: Db,
  actor: Actor,
  productId: string,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const listing = await showListing(trx, productId);
    const target: Target = { type: 'listing', id: productId };
    const open = await listOpenReportsOf(trx, target.type, target.id);
    const outcome = OUTCOME_FOR_REPORTER.restore_listing;
    const resolvedCount = await closeOpenReportsOf(trx, target, {
      status: 'resolved',
      outcome,
      resolvedBy: actor.id,
      at: now,
    });
    await appendAudit(trx, {
      actorId: actor.id,
      action: 'restore_listing',
      targetType: 'listing',
      targetId: productId,
      targetLabel: listing.name,
      reason,
      details: { resolvedCount },
      at: now,
    });
    await tellReporters(trx, open, outcome, now);
    await tellSellerShown(trx, listing, crypto.randomUUID(), now);
  });
}
