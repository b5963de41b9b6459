import type { Transaction } from 'kysely';
import {
  MODERATION_ACTION_RECORDS,
  type ModerationAction,
  type ReportTargetType,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Notices } from '../notifications/public.ts';
import { tellSellerHidden, tellSellerShown } from './moderation-notices.ts';
import {
  findListingForModeration,
  findMessageForModeration,
  findUserForModeration,
  setListingModeration,
  suspendAccount,
  unverifySeller,
} from './moderation.repository.ts';
import {
  refreshListingPriceStats,
  refreshSellerPriceStats,
} from '../phone-facts/phone-facts.service.ts';

type Trx = Transaction<Database>;

export interface ModerationTarget {
  type: ReportTargetType;
  id: string;
}

/** What an effect is given: the reports' target, the moderator's reason, and the open reports. */
export interface EffectContext {
  trx: Trx;
  /** What the resolution tells people, in its transaction. */
  notices: Notices;
  target: ModerationTarget;
  reason: string;
  /** Names this one resolution in the notices' keys. */
  actionId: string;
  /** The open reports about the target, before they are closed. */
  open: ReadonlyArray<{ reason: string }>;
  now: Date;
}

/** What an effect did, where the resolution records more than the action's own record says. */
export interface EffectResult {
  /** The account the step fell on, when the audit row is about it rather than the target. */
  audited?: { type: 'user'; id: string; label: string };
  /** An account suspended: its cached sessions must end now. */
  suspendedUserId?: string;
  /** What the reporters are told instead of the action's own outcome. */
  outcome?: string;
  /** Added to the audit row's details. */
  details?: Record<string, unknown>;
}

/** The change one action makes, in the resolution's transaction; it refuses one with nothing to do. */
export type ModerationEffect = (context: EffectContext) => Promise<EffectResult>;

/** One effect for each action: an action in the shared records without one does not build. */
export type ModerationEffects = { readonly [A in ModerationAction]: ModerationEffect };

/** The account an action on the target falls on: a listing's seller, a message's sender. */
async function accountOf(trx: Trx, target: ModerationTarget): Promise<string> {
  if (target.type === 'user') return target.id;
  if (target.type === 'listing') {
    const listing = await findListingForModeration(trx, target.id);
    if (!listing) throw conflict('moderation.gone.listing');
    return listing.sellerId;
  }
  if (target.type === 'message') {
    const message = await findMessageForModeration(trx, target.id);
    if (!message) throw conflict('moderation.gone.message');
    return message.senderId;
  }
  throw badRequest('moderation.conversationAction');
}

/**
 * Puts a held or hidden listing back on show; while its seller is suspended it waits, off show,
 * for the suspension to be lifted.
 */
export async function showListing(trx: Trx, listingId: string) {
  const listing = await findListingForModeration(trx, listingId);
  if (!listing) throw notFound('common.listing.noSuch');
  if (listing.moderation !== 'held' && listing.moderation !== 'hidden') {
    throw conflict('moderation.listing.notHeldOrHidden');
  }
  await setListingModeration(trx, listing.id, listing.sellerSuspendedAt ? 'suspended' : null, null);
  await refreshListingPriceStats(trx, listing.id);
  return listing;
}

async function release({ trx, notices, target, actionId, now }: EffectContext): Promise<void> {
  const listing = await showListing(trx, target.id);
  await tellSellerShown(notices, listing, actionId, now);
}

export const MODERATION_EFFECTS: ModerationEffects = {
  async hide_listing({ trx, notices, target, reason, actionId, now }) {
    const listing = await findListingForModeration(trx, target.id);
    if (!listing) throw conflict('moderation.gone.listing');
    if (listing.moderation === 'hidden') throw conflict('moderation.listing.alreadyHidden');
    await setListingModeration(trx, listing.id, 'hidden', reason);
    await refreshListingPriceStats(trx, listing.id);
    await tellSellerHidden(notices, listing, reason, actionId, now);
    return {};
  },

  async release_listing(context) {
    await release(context);
    return {};
  },

  async suspend_user({ trx, target, reason, now }) {
    const userId = await accountOf(trx, target);
    const user = await findUserForModeration(trx, userId);
    if (!user) throw conflict('moderation.gone.account');
    if (user.role === 'admin') throw forbidden('moderation.account.adminNotSuspended');
    if (user.suspendedAt) throw conflict('moderation.account.alreadySuspended');
    await suspendAccount(trx, userId, reason, now);
    await refreshSellerPriceStats(trx, userId, now);
    return {
      audited: { type: 'user', id: user.id, label: user.email },
      suspendedUserId: user.id,
    };
  },

  async unverify_seller({ trx, target }) {
    const userId = await accountOf(trx, target);
    const user = await findUserForModeration(trx, userId);
    if (!user || user.role !== 'seller') {
      throw badRequest('moderation.account.onlySellerVerified');
    }
    if (!(await unverifySeller(trx, userId))) throw conflict('moderation.account.notVerified');
    return { audited: { type: 'user', id: userId, label: user.email } };
  },

  /**
   * Nothing changes, except for a listing waiting for a moderator: a held listing's dismissal is
   * the decision it waits for and puts it back on show, and a seller who asked for a review of a
   * hidden one hears that it stays hidden.
   */
  async dismiss(context) {
    const { trx, notices, target, reason, actionId, open, now } = context;
    if (target.type !== 'listing') return {};
    const listing = await findListingForModeration(trx, target.id);
    if (listing?.moderation === 'held') {
      await release(context);
      return {
        outcome: MODERATION_ACTION_RECORDS.release_listing.outcome,
        details: { released: true },
      };
    }
    if (listing?.moderation === 'hidden' && open.some((r) => r.reason === 'review_request')) {
      await tellSellerHidden(notices, listing, reason, actionId, now);
    }
    return {};
  },
};
