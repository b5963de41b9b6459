import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MODERATION_ACTION_RECORDS,
  actionAppliesTo,
  actionsForTargetType,
  type ModerationAction,
  type ReportTargetType,
  type ResolvedReports,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, conflict, notFound, reason, wordRefusal } from '../../lib/errors.ts';
import { appendAudit } from './audit-log.ts';
import { MODERATION_EFFECTS, showListing, type ModerationTarget } from './moderation-effects.ts';
import { RESTORED_LISTING_OUTCOME, tellReporters, tellSellerShown } from './moderation-notices.ts';
import {
  closeOpenReportsOf,
  findListingForModeration,
  findReport,
  findUserForModeration,
  listOpenReportsOf,
  restoreAccount,
} from './moderation.repository.ts';
import type { Notifier } from '../notifications/public.ts';
import { refreshSellerPriceStats } from '../phone-facts/phone-facts.service.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** What a resolution did, for the route: whose cached sessions must end now. */
export interface Resolution {
  answer: ResolvedReports;
  suspendedUserId: string | null;
}

type Target = ModerationTarget;

async function isHeld(trx: Trx, listingId: string): Promise<boolean> {
  return (await findListingForModeration(trx, listingId))?.moderation === 'held';
}

/**
 * An action chosen for a report it does not apply to ("Hide listing does not apply to a report
 * about a user"); the field names the actions that do, as the API spells them.
 */
function actionNotFor(action: ModerationAction, type: ReportTargetType): AppError {
  const actions = actionsForTargetType(type);
  return new AppError(
    400,
    'VALIDATION_FAILED',
    reason(`moderation.notFor.${type}`, { action: reason(`moderation.action.${action}`) }),
    {
      action: reason('moderation.chooseOneOf', {
        actions: (texts) =>
          actions.map((a) => wordRefusal(`moderation.actionName.${a}`, texts)).join(', '),
      }),
    },
  );
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
  notifier: Notifier,
  actor: Actor,
  reportId: string,
  input: { action: ModerationAction; reason: string },
  now: Date = new Date(),
): Promise<Resolution> {
  const { action, reason } = input;
  return notifier.transaction(async (notices) => {
    const { trx } = notices;
    const report = await findReport(trx, reportId);
    if (!report) throw notFound('moderation.report.noSuch');
    if (report.status !== 'open') throw conflict('moderation.report.dealtWith');
    const target: Target = { type: report.targetType, id: report.targetId };
    if (!actionAppliesTo(action, target.type)) throw actionNotFor(action, target.type);
    const actionId = crypto.randomUUID();
    const label = await labelOf(trx, target);
    const open = await listOpenReportsOf(trx, target.type, target.id);
    const done = await MODERATION_EFFECTS[action]({
      trx,
      notices,
      target,
      reason,
      actionId,
      open,
      now,
    });
    const outcome = done.outcome ?? MODERATION_ACTION_RECORDS[action].outcome;
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
      targetType: done.audited?.type ?? target.type,
      targetId: done.audited?.id ?? target.id,
      targetLabel: done.audited?.label ?? label,
      reason,
      details: { reportId, reportTarget: target, resolvedCount, ...done.details },
      at: now,
    });
    if (!stillHeld) await tellReporters(notices, open, outcome, now);
    return {
      answer: { action, targetType: target.type, targetId: target.id, resolvedCount },
      suspendedUserId: done.suspendedUserId ?? null,
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
    if (!user) throw notFound('common.noSuch.user');
    if (!user.suspendedAt) throw conflict('moderation.account.notSuspended');
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
  notifier: Notifier,
  actor: Actor,
  productId: string,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const listing = await showListing(trx, productId);
    const target: Target = { type: 'listing', id: productId };
    const open = await listOpenReportsOf(trx, target.type, target.id);
    const outcome = RESTORED_LISTING_OUTCOME;
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
    await tellReporters(notices, open, outcome, now);
    await tellSellerShown(notices, listing, crypto.randomUUID(), now);
  });
}
