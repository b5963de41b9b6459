import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  NEW_ACCOUNT_OFFERS_MAX,
  NEW_ACCOUNT_OFFER_HOURS,
  OFFER_EXPIRY_HOURS,
  OFFER_ROUNDS_MAX,
  SAVED_OFFER_HOURS,
  formatters,
  paths,
  type Offer,
  type OfferAction,
  type OfferRulesView,
  type OfferSide,
  type OfferStatus,
  type OfferStep,
  type SavedOfferResult,
  type counterOfferSchema,
  type createOfferSchema,
  type offerRulesSchema,
  type savedOfferSchema,
} from '@market/shared';
import type { ServerTexts } from '@market/shared/texts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation, readBool, readDate, valueWriters } from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  reason,
  tooMany,
  waitFor,
  type AppError,
  type Reason,
} from '../../lib/errors.ts';
import { centsToDollars, dollarsToCents } from '../../lib/money.ts';
import type { Notices, Notifier } from '../notifications/public.ts';
import { offerConversationBlocked, recordOfferStep } from '../conversations/public.ts';
import { openAgreedRequest } from '../bookings/bookings.service.ts';
import { isFarBelowListingMedian } from '../phone-facts/phone-facts.service.ts';
import {
  claimSavedOffer,
  countBuyerOffersOn,
  countBuyerOffersSince,
  countSavers,
  findAccountCreatedAt,
  findOfferRules,
  findOfferView,
  findOpenOffer,
  hasOpenRequest,
  insertOffer,
  listSavers,
  listOpenOffersOf,
  listStaleOffers,
  lockListing,
  lockOffer,
  saveOfferRules,
  updateOpenOffer,
  type ListingRow,
  type OfferRow,
  type OfferView,
} from './offers.repository.ts';

type Db = Kysely<Database>;

const HOUR_MS = 60 * 60 * 1000;
const EXPIRY_MS = OFFER_EXPIRY_HOURS * HOUR_MS;
const GONE = 'common.listing.noLongerListed';
/** A price in the site's currency, as each language of a refusal writes it. */
const money = (cents: number, currency: string) => (texts: ServerTexts) =>
  formatters(texts.language, currency).price(centsToDollars(cents));

const iso = (value: Date | string) => readDate(value).toISOString();

/** What the reader can do with the offer now: answer it, when it waits for their side. */
function actionsFor(side: OfferSide, row: Pick<OfferRow, 'status' | 'awaiting'>): OfferAction[] {
  if (row.status !== 'open' || row.awaiting !== side) return [];
  return side === 'seller' ? ['accept', 'decline', 'counter'] : ['accept', 'decline'];
}

function toOffer(row: OfferView, side: OfferSide): Offer {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    listedPrice: row.listedPriceCents === null ? null : centsToDollars(row.listedPriceCents),
    price: centsToDollars(row.priceCents),
    offeredPrice: centsToDollars(row.offeredPriceCents),
    note: row.note,
    status: row.status,
    awaiting: row.status === 'open' ? row.awaiting : null,
    source: row.source,
    side,
    round: row.round,
    actions: actionsFor(side, row),
    closedBy: row.closedBy,
    bookingId: row.bookingId,
    conversationId: row.conversationId,
    farBelowMedian: readBool(row.farBelowMedian),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    expiresAt:
      row.status === 'open'
        ? new Date(readDate(row.updatedAt).getTime() + EXPIRY_MS).toISOString()
        : null,
  };
}

async function offerFor(db: Db, actor: Actor, id: string): Promise<Offer> {
  const row = await findOfferView(db, id);
  if (!row) throw refusalOf('offer.take');
  return toOffer(row, row.buyerId === actor.id ? 'buyer' : 'seller');
}

/** One offer as the caller (its buyer or the listing's seller) sees it. */
export async function getOffer(db: Db, actor: Actor, id: string): Promise<Offer> {
  await requireAccess(db, actor, 'offer.take', id);
  return offerFor(db, actor, id);
}

/** 409 for a listing that takes no offers now, saying why. */
function refuseUnavailable(listing: ListingRow): void {
  if (listing.moderation) throw conflict('common.listing.unavailable');
  if (listing.status === 'sold') throw conflict('common.listing.sold');
  if (listing.status === 'reserved') throw conflict('common.listing.reserved');
}

/** An answer to an offer, as a refusal of it names it. */
type Answer = 'accepted' | 'declined' | 'countered';

/** Why an offer in this state takes no answer ("it was declined"). */
const STATE_REASONS: Record<OfferStatus, Reason> = {
  open: reason('offers.offer.state.open'),
  accepted: reason('offers.offer.state.accepted'),
  declined: reason('offers.offer.state.declined'),
  expired: reason('offers.offer.state.expired', { hours: OFFER_EXPIRY_HOURS }),
};

function stateConflict(verb: Answer, row: Pick<OfferRow, 'status'>): AppError {
  return conflict(reason(`offers.offer.cannotBe.${verb}`, { state: STATE_REASONS[row.status] }));
}

/** The words of each step's notice and card, for the side that did not take it. */
interface StepNotice {
  step: OfferStep;
  row: OfferRow;
  listing: Pick<ListingRow, 'id' | 'name' | 'imgUrl'>;
  /** Who took the step: its card is theirs. */
  actorId: string;
  text: string;
  now: Date;
}

/**
 * Records a step's card in the conversation and answers the conversation's id; a step of an
 * offer whose listing or seller is gone has no conversation to go to.
 */
async function recordStep(notices: Notices, step: StepNotice): Promise<string | null> {
  if (step.row.productId === null || step.row.sellerId === null) return step.row.conversationId;
  return recordOfferStep(notices, {
    offerId: step.row.id,
    step: step.step,
    priceCents: step.row.priceCents,
    product: step.listing,
    buyerId: step.row.buyerId,
    sellerId: step.row.sellerId!,
    actorId: step.actorId,
    text: step.text,
    now: step.now,
  });
}

function dedupe(offerId: string, what: string, userId: string) {
  return `offer:${offerId}:${what}:${userId}`;
}

/**
 * A buyer offers a price for a listing: one open offer per buyer and listing, at most
 * OFFER_ROUNDS_MAX offers per listing, below the listed price, only while the listing is
 * available. The seller's rules answer it at once when it falls below their floor or reaches
 * their automatic accept price.
 */
export async function createOffer(
  db: Db,
  notifier: Notifier,
  buyer: Actor,
  input: z.output<typeof createOfferSchema>,
  now: Date = new Date(),
): Promise<Offer> {
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  const priceCents = dollarsToCents(input.price);
  await notifier
    .transaction(async (notices) => {
      const { trx } = notices;
      const listing = await lockListing(trx, input.productId);
      if (!listing) throw notFound(GONE);
      await requireAccess(trx, buyer, 'product.book', listing);
      refuseUnavailable(listing);
      if (await findOpenOffer(trx, buyer.id, listing.id)) {
        throw conflict('common.listing.openOffer');
      }
      if (await hasOpenRequest(trx, buyer.id, listing.id)) {
        throw conflict('common.listing.openRequest');
      }
      const made = await countBuyerOffersOn(trx, buyer.id, listing.id);
      if (made >= OFFER_ROUNDS_MAX) {
        throw conflict(reason('offers.offer.roundsMax', { max: OFFER_ROUNDS_MAX }));
      }
      await refuseNewAccountPastLimit(notices, buyer.id, now);
      if (priceCents >= listing.resellPriceCents) {
        throw badRequest(offerAboveListed(listing, notifier.currency), 'price');
      }
      if (await offerConversationBlocked(notices, buyer.id, listing.id)) {
        throw conflict('offers.offer.blocked');
      }
      const row = openOffer(w, now, {
        id,
        buyerId: buyer.id,
        listing,
        priceCents,
        note: input.note,
        round: made + 1,
        awaiting: 'seller',
        source: 'buyer',
      });
      await insertOffer(trx, row);
      const conversationId = await recordStep(notices, {
        step: 'offered',
        row,
        listing,
        actorId: buyer.id,
        text: input.note,
        now,
      });
      await trx.updateTable('offers').set({ conversationId }).where('id', '=', id).execute();
      const saved = { ...row, conversationId };
      const link = conversationId
        ? paths.dashboard.conversation(conversationId)
        : paths.product(listing.id);
      const rules = await findOfferRules(trx, listing.id);
      if (rules?.declineBelowCents != null && priceCents < rules.declineBelowCents) {
        await closeOffer(notices, saved, listing, 'declined', 'system', 'auto_declined', now);
        return;
      }
      if (rules?.acceptFromCents != null && priceCents >= rules.acceptFromCents) {
        await acceptInTransaction(notices, saved, listing, 'system', 'auto_accepted', now);
        return;
      }
      await notices.notify({
        userId: listing.sellerId,
        kind: 'offer_received',
        params: { productName: listing.name, priceCents: priceCents },
        link,
        dedupeKey: dedupe(id, 'offered', listing.sellerId),
        now,
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw conflict('common.listing.openOffer');
      }
      throw err;
    });
  return offerFor(db, buyer, id);
}

/** A new open offer's row: a buyer's (round 1 on) or the seller's to those who saved it (0). */
function openOffer(
  w: ReturnType<typeof valueWriters>,
  now: Date,
  offer: Pick<OfferRow, 'id' | 'buyerId' | 'priceCents' | 'note' | 'round' | 'source'> & {
    listing: Pick<ListingRow, 'id' | 'sellerId' | 'name'>;
    awaiting: 'buyer' | 'seller';
  },
): OfferRow {
  const { listing, ...fields } = offer;
  return {
    ...fields,
    productId: listing.id,
    sellerId: listing.sellerId,
    productName: listing.name,
    offeredPriceCents: offer.priceCents,
    status: 'open',
    closedBy: null,
    bookingId: null,
    conversationId: null,
    farBelowMedian: w.bool(false),
    createdAt: w.date(now),
    updatedAt: w.date(now),
  };
}

const offerAboveListed = (listing: Pick<ListingRow, 'resellPriceCents'>, currency: string) =>
  reason('offers.offer.aboveListed', { price: money(listing.resellPriceCents, currency) });

/** An account in its first NEW_ACCOUNT_OFFER_HOURS makes at most NEW_ACCOUNT_OFFERS_MAX offers. */
async function refuseNewAccountPastLimit(notices: Notices, buyerId: string, now: Date) {
  const account = await findAccountCreatedAt(notices.trx, buyerId);
  if (!account) return;
  const createdAt = readDate(account.createdAt);
  const grownUpAt = createdAt.getTime() + NEW_ACCOUNT_OFFER_HOURS * HOUR_MS;
  if (grownUpAt <= now.getTime()) return;
  const made = await countBuyerOffersSince(notices.trx, buyerId, createdAt);
  if (made < NEW_ACCOUNT_OFFERS_MAX) return;
  const seconds = Math.max(1, Math.ceil((grownUpAt - now.getTime()) / 1000));
  throw tooMany(
    reason('offers.offer.newAccount', {
      max: NEW_ACCOUNT_OFFERS_MAX,
      hours: NEW_ACCOUNT_OFFER_HOURS,
      wait: waitFor(seconds),
    }),
    seconds,
  );
}

/**
 * Closes an open offer as declined or expired; the card goes in the conversation and the side
 * that did not close it hears of it (both sides for an expiry or a rule's decline of the buyer's).
 */
async function closeOffer(
  notices: Notices,
  row: OfferRow,
  listing: Pick<ListingRow, 'id' | 'name' | 'imgUrl'>,
  status: 'declined' | 'expired',
  by: 'buyer' | 'seller' | 'system',
  step: OfferStep,
  now: Date,
): Promise<void> {
  const w = valueWriters(notices.trx);
  const changed = await updateOpenOffer(notices.trx, row.id, row.awaiting!, {
    status,
    closedBy: by,
    awaiting: null,
    updatedAt: w.date(now),
  });
  if (!changed) throw conflict('offers.offer.changedMeanwhile');
  const sellerId = row.sellerId;
  // A rule's decline is the seller's answer; an expiry is the silence of the side awaited.
  const silent = row.awaiting === 'buyer' ? row.buyerId : sellerId;
  const actorId = by === 'buyer' ? row.buyerId : status === 'expired' ? silent : sellerId;
  if (actorId) await recordStep(notices, { step, row, listing, actorId, text: '', now });
  const recipients = (
    status === 'expired' ? [row.buyerId, sellerId] : [by === 'buyer' ? sellerId : row.buyerId]
  ).filter((userId): userId is string => userId !== null);
  const link = row.conversationId
    ? paths.dashboard.conversation(row.conversationId)
    : paths.product(listing.id);
  for (const userId of recipients) {
    await notices.notify({
      userId,
      kind: status === 'expired' ? 'offer_expired' : 'offer_declined',
      params: { productName: row.productName, priceCents: row.priceCents },
      link,
      dedupeKey: dedupe(row.id, status, userId),
      now,
    });
  }
}

/**
 * The offer's price is agreed: the offer is accepted and becomes the buyer's booking request at
 * that price (the listing's price stays). When the price is far below the fair median, both
 * sides are reminded to meet and check the phone.
 */
async function acceptInTransaction(
  notices: Notices,
  row: OfferRow,
  listing: ListingRow,
  by: OfferSide | 'system',
  step: OfferStep,
  now: Date,
): Promise<void> {
  const { trx } = notices;
  const w = valueWriters(trx);
  refuseUnavailable(listing);
  const farBelow = await isFarBelowListingMedian(trx, listing.id, row.priceCents);
  const bookingId = await openAgreedRequest(notices, {
    offerId: row.id,
    buyerId: row.buyerId,
    product: { ...listing, sellerId: row.sellerId! },
    priceCents: row.priceCents,
    now,
  });
  const changed = await updateOpenOffer(trx, row.id, row.awaiting!, {
    status: 'accepted',
    closedBy: by,
    awaiting: null,
    bookingId,
    farBelowMedian: w.bool(farBelow),
    updatedAt: w.date(now),
  });
  if (!changed) throw conflict('offers.offer.changedMeanwhile');
  const sellerId = row.sellerId!;
  const actorId = by === 'buyer' ? row.buyerId : sellerId;
  await recordStep(notices, { step, row, listing, actorId, text: '', now });
  // The side that accepted sees the answer; a rule's acceptance is news to the seller too.
  const recipients: { userId: string; to: OfferSide }[] = [];
  if (by !== 'buyer') recipients.push({ userId: row.buyerId, to: 'buyer' });
  if (by !== 'seller') recipients.push({ userId: sellerId, to: 'seller' });
  for (const { userId, to } of recipients) {
    await notices.notify({
      userId,
      kind: 'offer_accepted',
      params: { productName: row.productName, priceCents: row.priceCents, to, farBelow },
      link: to === 'seller' ? paths.dashboard.myBuyers : paths.dashboard.myOrders,
      dedupeKey: dedupe(row.id, 'accepted', userId),
      now,
    });
  }
}

/**
 * The open offer, locked, once the caller is one of its sides and it waits for their answer;
 * an offer past its time expires here (and answers 409), as the job would have done.
 */
async function lockForAnswer(
  notices: Notices,
  actor: Actor,
  id: string,
  verb: Answer,
  now: Date,
): Promise<{ row: OfferRow; listing: ListingRow | undefined; side: OfferSide } | 'expired'> {
  const { trx } = notices;
  await requireAccess(trx, actor, 'offer.take', id);
  // The listing is locked first, then the offer: the order every change of offers takes (the
  // expiry job's too), so that two never wait on each other.
  const first = await findOfferView(trx, id);
  if (!first) throw refusalOf('offer.take');
  const listing = first.productId ? await lockListing(trx, first.productId) : undefined;
  const row = (await lockOffer(trx, id))!;
  const side: OfferSide = row.buyerId === actor.id ? 'buyer' : 'seller';
  if (row.status !== 'open') throw stateConflict(verb, row);
  if (now.getTime() - readDate(row.updatedAt).getTime() >= EXPIRY_MS) {
    await closeOffer(notices, row, listing ?? gone(row), 'expired', 'system', 'expired', now);
    return 'expired';
  }
  if (row.awaiting !== side) {
    throw conflict(side === 'buyer' ? 'offers.offer.waitsForSeller' : 'offers.offer.waitsForBuyer');
  }
  return { row, listing, side };
}

const gone = (row: OfferRow) => ({ id: row.productId ?? '', name: row.productName, imgUrl: '' });

async function answer(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  verb: Answer,
  act: (
    notices: Notices,
    found: { row: OfferRow; listing: ListingRow | undefined; side: OfferSide },
  ) => Promise<void>,
  now: Date,
): Promise<Offer> {
  const expired = await notifier.transaction(async (notices) => {
    const found = await lockForAnswer(notices, actor, id, verb, now);
    if (found === 'expired') return true;
    await act(notices, found);
    return false;
  });
  if (expired) throw stateConflict(verb, { status: 'expired' });
  return offerFor(db, actor, id);
}

/** The side the offer waits for accepts it: it becomes the buyer's request at that price. */
export function acceptOffer(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  now = new Date(),
) {
  return answer(
    db,
    notifier,
    actor,
    id,
    'accepted',
    async (notices, { row, listing, side }) => {
      if (!listing) throw conflict(GONE);
      await acceptInTransaction(notices, row, listing, side, 'accepted', now);
    },
    now,
  );
}

/** The side the offer waits for declines it. */
export function declineOffer(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  now = new Date(),
) {
  return answer(
    db,
    notifier,
    actor,
    id,
    'declined',
    async (notices, { row, listing, side }) => {
      await closeOffer(notices, row, listing ?? gone(row), 'declined', side, 'declined', now);
    },
    now,
  );
}

/**
 * The seller answers the buyer's offer with a higher price, at most the listed one; the buyer
 * may then accept or decline it, within OFFER_EXPIRY_HOURS.
 */
export function counterOffer(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  id: string,
  input: z.output<typeof counterOfferSchema>,
  now = new Date(),
) {
  const priceCents = dollarsToCents(input.price);
  return answer(
    db,
    notifier,
    seller,
    id,
    'countered',
    async (notices, { row, listing, side }) => {
      if (side !== 'seller') throw forbidden('offers.offer.onlySellerCounters');
      if (!listing) throw conflict(GONE);
      refuseUnavailable(listing);
      if (priceCents <= row.priceCents) {
        throw badRequest(
          reason('offers.offer.counterNotAbove', {
            price: money(row.priceCents, notifier.currency),
          }),
          'price',
        );
      }
      if (priceCents > listing.resellPriceCents) {
        throw badRequest(
          reason('offers.offer.counterAboveListed', {
            price: money(listing.resellPriceCents, notifier.currency),
          }),
          'price',
        );
      }
      const w = valueWriters(notices.trx);
      const changed = await updateOpenOffer(notices.trx, row.id, 'seller', {
        priceCents,
        awaiting: 'buyer',
        updatedAt: w.date(now),
      });
      if (!changed) throw conflict('offers.offer.changedMeanwhile');
      const countered = { ...row, priceCents, awaiting: 'buyer' as const };
      const conversationId = await recordStep(notices, {
        step: 'countered',
        row: countered,
        listing,
        actorId: seller.id,
        text: input.note,
        now,
      });
      await notices.notify({
        userId: row.buyerId,
        kind: 'offer_countered',
        params: { productName: row.productName, priceCents: priceCents, saved: false },
        link: conversationId
          ? paths.dashboard.conversation(conversationId)
          : paths.product(listing.id),
        dedupeKey: dedupe(row.id, `countered`, row.buyerId),
        now,
      });
    },
    now,
  );
}

/** A listing of the seller's, locked, for its offer rules. */
async function ownListing(notices: Notices, seller: Actor, productId: string) {
  const listing = await lockListing(notices.trx, productId);
  if (!listing) throw refusalOf('product.manage');
  await requireAccess(notices.trx, seller, 'product.manage', listing);
  return listing;
}

async function rulesView(db: Db, productId: string, now: Date): Promise<OfferRulesView> {
  const [rules, savedBy] = await Promise.all([
    findOfferRules(db, productId),
    countSavers(db, productId),
  ]);
  const last = rules?.savedOfferAt ? readDate(rules.savedOfferAt) : null;
  const next = last ? new Date(last.getTime() + SAVED_OFFER_HOURS * HOUR_MS) : null;
  return {
    declineBelow: rules?.declineBelowCents == null ? null : centsToDollars(rules.declineBelowCents),
    acceptFrom: rules?.acceptFromCents == null ? null : centsToDollars(rules.acceptFromCents),
    savedBy,
    nextSavedOfferAt: next && next > now ? next.toISOString() : null,
  };
}

/** A listing's offer rules as its seller reads them. */
export async function getOfferRules(
  db: Db,
  seller: Actor,
  productId: string,
  now: Date = new Date(),
): Promise<OfferRulesView> {
  await requireAccess(db, seller, 'product.manage', productId);
  return rulesView(db, productId, now);
}

/** Sets or clears a listing's floor and automatic accept price, both at most its price. */
export async function setOfferRules(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  productId: string,
  input: z.output<typeof offerRulesSchema>,
  now: Date = new Date(),
): Promise<OfferRulesView> {
  await notifier.transaction(async (notices) => {
    const listing = await ownListing(notices, seller, productId);
    const listed = listing.resellPriceCents;
    const declineBelowCents =
      input.declineBelow === null ? null : dollarsToCents(input.declineBelow);
    const acceptFromCents = input.acceptFrom === null ? null : dollarsToCents(input.acceptFrom);
    if (declineBelowCents !== null && declineBelowCents > listed) {
      throw badRequest(
        reason('offers.offer.floorAboveListed', { price: money(listed, notifier.currency) }),
        'declineBelow',
      );
    }
    if (acceptFromCents !== null && acceptFromCents > listed) {
      throw badRequest(
        reason('offers.offer.acceptFromAboveListed', { price: money(listed, notifier.currency) }),
        'acceptFrom',
      );
    }
    await saveOfferRules(notices.trx, productId, { declineBelowCents, acceptFromCents });
  });
  return rulesView(db, productId, now);
}

/**
 * "Offer to everyone who saved it": one price below the listed one, sent once per listing per
 * SAVED_OFFER_HOURS, as an offer to each buyer with the listing in their wish list (those who
 * already have an open offer or request for it are skipped). Each hears of it; each may accept
 * or decline it within OFFER_EXPIRY_HOURS.
 */
export async function offerToSavers(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  productId: string,
  input: z.output<typeof savedOfferSchema>,
  now: Date = new Date(),
): Promise<SavedOfferResult> {
  const priceCents = dollarsToCents(input.price);
  const w = valueWriters(db);
  return notifier.transaction(async (notices) => {
    const { trx } = notices;
    const listing = await ownListing(notices, seller, productId);
    refuseUnavailable(listing);
    if (priceCents >= listing.resellPriceCents) {
      throw badRequest(
        reason('offers.offer.savedAboveListed', {
          price: money(listing.resellPriceCents, notifier.currency),
        }),
        'price',
      );
    }
    const savers = await listSavers(trx, productId, listing.sellerId);
    if (savers.length === 0) {
      throw conflict('offers.offer.noSavers');
    }
    const since = new Date(now.getTime() - SAVED_OFFER_HOURS * HOUR_MS);
    if (!(await claimSavedOffer(trx, productId, since, now))) {
      const rules = await findOfferRules(trx, productId);
      const next = readDate(rules!.savedOfferAt!).getTime() + SAVED_OFFER_HOURS * HOUR_MS;
      const seconds = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
      throw tooMany(
        reason('offers.offer.savedOnceEvery', { hours: SAVED_OFFER_HOURS, wait: waitFor(seconds) }),
        seconds,
      );
    }
    let sent = 0;
    for (const buyerId of savers) {
      if (
        (await findOpenOffer(trx, buyerId, productId)) ||
        (await hasOpenRequest(trx, buyerId, productId)) ||
        (await offerConversationBlocked(notices, buyerId, productId))
      ) {
        continue;
      }
      const row = openOffer(w, now, {
        id: crypto.randomUUID(),
        buyerId,
        listing,
        priceCents,
        note: input.note,
        round: 0,
        awaiting: 'buyer',
        source: 'saved',
      });
      await insertOffer(trx, row);
      const conversationId = await recordStep(notices, {
        step: 'saved_offer',
        row,
        listing,
        actorId: seller.id,
        text: input.note,
        now,
      });
      await trx.updateTable('offers').set({ conversationId }).where('id', '=', row.id).execute();
      await notices.notify({
        userId: buyerId,
        kind: 'offer_countered',
        params: { productName: listing.name, priceCents: priceCents, saved: true },
        link: conversationId
          ? paths.dashboard.conversation(conversationId)
          : paths.product(productId),
        dedupeKey: dedupe(row.id, 'saved', buyerId),
        now,
      });
      sent += 1;
    }
    const next = new Date(now.getTime() + SAVED_OFFER_HOURS * HOUR_MS).toISOString();
    return { sent, skipped: savers.length - sent, nextSavedOfferAt: next };
  });
}

/**
 * Expires the open offers not answered within OFFER_EXPIRY_HOURS of their last step; both sides
 * hear of it. Run by the job that expires booking requests; answers how many.
 */
export function expireStaleOffers(db: Db, notifier: Notifier, now: Date = new Date()) {
  return notifier.transaction(async (notices) => {
    const stale = await listStaleOffers(notices.trx, new Date(now.getTime() - EXPIRY_MS));
    let expired = 0;
    for (const row of stale) {
      const listing = row.productId ? await lockListing(notices.trx, row.productId) : undefined;
      const current = await lockOffer(notices.trx, row.id);
      if (current?.status !== 'open') continue;
      await closeOffer(
        notices,
        current,
        listing ?? gone(current),
        'expired',
        'system',
        'expired',
        now,
      );
      expired += 1;
    }
    return expired;
  });
}

/**
 * Closes a listing's open offers once it is reserved for a buyer or sold: none of them can be
 * accepted any more. Each closes as declined by the marketplace, with a card in its conversation
 * saying why, and its buyer hears of it. Called in the transaction that reserves or sells the
 * listing, which holds the listing's lock (as every offer's step takes it first).
 */
export async function closeOffersOfUnavailable(
  notices: Notices,
  listing: Pick<ListingRow, 'id' | 'name' | 'imgUrl'>,
  why: 'reserved' | 'sold',
  now: Date,
): Promise<number> {
  const open = await listOpenOffersOf(notices.trx, listing.id);
  const step: OfferStep = why === 'reserved' ? 'listing_reserved' : 'listing_sold';
  for (const row of open) await closeOffer(notices, row, listing, 'declined', 'system', step, now);
  return open.length;
}
