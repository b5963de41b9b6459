import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  BOOKING_EXPIRY_HOURS,
  CANCEL_REASONS_BY_SIDE,
  HANDOVER_CODE_MAX_WRONG,
  HANDOVER_CODE_TRIES,
  HANDOVER_LOCK_HOURS,
  REBOOK_PAUSE_MINUTES,
  cancelReasonText,
  SOLD_REASON,
  formatDayMonthYear,
  type acceptBookingSchema,
  type Booking,
  type BookingAction,
  type BookingState,
  type BookingStatus,
  type InspectionStatus,
  type MarkSold,
  type PaginationQuery,
  type SellerBuyer,
  type ShowUpRecord,
  type cancelBookingSchema,
  type createBookingSchema,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  readBool,
  readDate,
  valueWriters,
} from '../../db/dialect.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  badRequest,
  conflict,
  notFound,
  reason,
  tooMany,
  waitFor,
  type AppError,
  type Reason,
} from '../../lib/errors.ts';
import { centsToDollars } from '../../lib/money.ts';
import { mapPage, type OwnListQuery, type Page } from '../../lib/paging.ts';
import {
  announceBookingChange,
  announceCodeRenewed,
  announceNoShow,
  notifySavedSold,
  type BookingFacts,
  type Notices,
  type Notifier,
} from '../notifications/public.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { refreshListingPriceStats } from '../phone-facts/phone-facts.service.ts';
import { reviewDeadline } from '../reviews/public.ts';
import { reviewsOfDeals } from '../reviews/reviews.service.ts';
import { countCompletedDeal } from '../reviews/public.ts';
import {
  closeOpenRequests,
  expireRequestsBefore,
  findBookingForChange,
  findBookingView,
  insertBooking,
  lastOwnCancelSince,
  listBookings,
  lockProduct,
  updateBookingFrom,
  updateProductStatusFrom,
  type BookingView,
  type ClosedRequest,
} from './bookings.repository.ts';
import { cancelIsNoShow, checkInView } from './check-ins.rules.ts';
import { showUpRecords } from './show-up.ts';
import { findSpotForMeeting, joinedSpot, spotInWords } from '../meeting-spots/public.ts';
import { toInspection } from './inspection-view.ts';
import { checkDone } from './inspection.service.ts';
import { findInspection, markHandedOver } from './inspection.repository.ts';
import { closeOffersOfUnavailable } from '../offers/offers.service.ts';

type Db = Kysely<Database>;
type Side = 'buyer' | 'seller';

const EXPIRY_MS = BOOKING_EXPIRY_HOURS * 60 * 60 * 1000;
export const EXPIRED_REASON = `Not answered within ${BOOKING_EXPIRY_HOURS} hours`;

/** Whom a request's notices go to, and what they name. */
const factsOf = (row: ClosedRequest): BookingFacts => ({
  id: row.id,
  buyerId: row.buyerId,
  sellerId: row.sellerId,
  productName: row.productName,
  buyerName: row.name,
});

const iso = (value: Date | string | null): string | null =>
  value === null ? null : readDate(value).toISOString();

/** What the viewer can do next with a request, by its status and the listing's. */
function actionsFor(side: Side, row: BookingView): BookingAction[] {
  if (side === 'buyer') {
    if (row.status === 'requested') return ['cancel'];
    if (row.status === 'accepted') return ['cancel', 'calendar'];
    return [];
  }
  if (row.status === 'requested') {
    return row.productStatus === 'available' ? ['accept', 'decline'] : ['decline'];
  }
  if (row.status === 'accepted') return ['complete', 'cancel', 'calendar'];
  return [];
}

function stateOf(side: Side, row: BookingView): Omit<BookingState, '_id'> {
  return {
    status: row.status,
    productStatus: row.productStatus,
    proposedAt: iso(row.proposedAt),
    meetingAt: iso(row.meetingAt),
    meetingPlace: row.meetingPlace,
    meetingTimeZone: row.meetingTimeZone,
    meetingSpot: joinedSpot(row),
    reason: row.closeReason,
    closedBy: row.closedBy,
    updatedAt: iso(row.updatedAt) ?? iso(row.createdAt)!,
    actions: actionsFor(side, row),
    checkIn: checkInView(side, row),
  };
}

/**
 * Where the buyer's check at hand-over stands, for an accepted or completed request that needs
 * one (or whose buyer began one anyway); null otherwise.
 */
function inspectionStatusOf(row: BookingView): InspectionStatus | null {
  if (row.status !== 'accepted' && row.status !== 'completed') return null;
  const required = readBool(row.inspectionRequired);
  const record =
    row.inspectionAnswers === null || row.inspectionUpdatedAt === null
      ? null
      : {
          answers: row.inspectionAnswers,
          imeiState: row.imeiState ?? 'unchecked',
          imeiTries: row.imeiTries ?? 0,
          completedAt: row.inspectionCompletedAt,
          updatedAt: row.inspectionUpdatedAt,
        };
  if (!required && record === null) return null;
  const listingHasImei = row.listingImeiHash !== null;
  return toInspection({ bookingId: row.id, required, listingHasImei, record }).status;
}

/** An accepted request whose code waits for the buyer's check. */
function inspectionDue(row: BookingView): boolean {
  return (
    row.status === 'accepted' &&
    readBool(row.inspectionRequired) &&
    row.inspectionCompletedAt === null
  );
}

function toBooking(row: BookingView): Booking {
  const accepted = row.status === 'accepted';
  const due = inspectionDue(row);
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    agreedPrice: row.offerId === null ? null : centsToDollars(row.priceCents),
    imgURL: row.imgUrl,
    date: formatDayMonthYear(readDate(row.createdAt)),
    productAvailable: row.productId !== null,
    ...stateOf('buyer', row),
    sellerName: row.sellerName,
    sellerPhone: accepted ? row.sellerPhone : null,
    sellerEmail: accepted ? row.sellerEmail : null,
    handoverCode: accepted && !due ? row.handoverCode : null,
    inspectionStatus: inspectionStatusOf(row),
    inspectionDue: due,
    checkedAtHandover: row.handedOverAt !== null,
    review: null,
    reviewUntil: row.status === 'completed' ? reviewDeadline(row.completedAt) : null,
  };
}

/**
 * A phone number with all but its last two digits hidden ("+************11"); text without
 * digits ("not available") stays as it is.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 2 ? d : '*'));
}

/**
 * A request as the seller sees it in My Buyers. The buyer's phone number and email address stay
 * masked until the seller accepts the request (and after a completed deal, they stay shown):
 * until then, contact goes through conversations, as "Ask the seller" tells the buyer.
 */
function toSellerBuyer(row: BookingView, buyerShowUp: ShowUpRecord | null): SellerBuyer {
  const contactShown = row.status === 'accepted' || row.status === 'completed';
  return {
    _id: row.id,
    name: row.name,
    email: contactShown ? row.email : maskEmail(row.email),
    phone: contactShown ? row.phone : maskPhone(row.phone),
    contactShown,
    location: row.location,
    productName: row.productName,
    price: centsToDollars(row.priceCents),
    agreedPrice: row.offerId === null ? null : centsToDollars(row.priceCents),
    date: formatDayMonthYear(readDate(row.createdAt)),
    productId: row.productId,
    ...stateOf('seller', row),
    codeTriesLeft: row.status === 'accepted' ? HANDOVER_CODE_TRIES - row.codeAttempts : null,
    codeLockedUntil:
      row.status === 'accepted' ? lockedUntil(row.codeLockedUntil, new Date()) : null,
    buyerShowUp,
    inspectionStatus: inspectionStatusOf(row),
    checkedAtHandover: row.handedOverAt !== null,
    listingPlaceId: row.listingPlaceId,
  };
}

/** The end of a hand-over lock still running at `now`, as ISO; null when there is none. */
function lockedUntil(value: Date | string | null, now: Date): string | null {
  if (value === null) return null;
  const until = readDate(value);
  return until > now ? until.toISOString() : null;
}

async function stateFor(db: Db, side: Side, id: string): Promise<BookingState> {
  const row = await findBookingView(db, id);
  if (!row) throw refusalOf('booking.read');
  return { _id: row.id, ...stateOf(side, row) };
}

/** A request as it stands for one of its sides, after a change (check-ins.service.ts). */
export const bookingStateFor = stateFor;

/** What a request is now, as the reason a change is refused ("it was declined"). */
function stateOfRequest(status: BookingStatus): Reason {
  return status === 'expired'
    ? reason('bookings.state.expired', { hours: BOOKING_EXPIRY_HOURS })
    : reason(`bookings.state.${status}`);
}

/** 409 for a change the request's current state does not allow, saying what it is now. */
function stateConflict(
  change: 'accepted' | 'declined' | 'cancelled' | 'completed',
  status: BookingStatus,
): AppError {
  return conflict(reason(`bookings.cannot.${change}`, { state: stateOfRequest(status) }));
}

/** "42 seconds", "60 minutes": the pause before a cancelled request may be made again. */
function waitInMinutes(seconds: number): Reason {
  return seconds < 60
    ? reason('common.wait.seconds', { count: seconds })
    : reason('common.wait.minutes', { count: Math.ceil(seconds / 60) });
}

function newHandoverCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function sameCode(given: string, kept: string | null): boolean {
  if (kept === null || kept.length !== given.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(kept));
}

type BookingPermission = 'booking.answer' | 'booking.complete' | 'booking.cancel';

/**
 * The booking once the permission lets the caller act on it, with the caller's side of it.
 * Other people's bookings answer 404 as missing ones do, so that they stay private.
 */
async function bookingFor(db: Db, actor: Actor, permission: BookingPermission, id: string) {
  await requireAccess(db, actor, permission, id);
  const row = await findBookingForChange(db, id);
  // Gone since (the buyer's account was deleted).
  if (!row) throw refusalOf(permission);
  const side: Side = row.sellerId === actor.id ? 'seller' : 'buyer';
  return { row, side };
}

/**
 * Only the product, the phone, the meeting place and a proposed time come from the buyer. The
 * buyer's name and email come from the session; the product's name, resell price and image from
 * the product. Only an available listing takes requests, one open request per buyer.
 */
export async function createBooking(
  db: Db,
  notifier: Notifier,
  buyer: Actor,
  input: z.output<typeof createBookingSchema>,
  now: Date = new Date(),
): Promise<Booking> {
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  await notifier
    .transaction(async (notices) => {
      const { trx } = notices;
      const product = await lockProduct(trx, input.productId);
      if (!product) throw notFound('common.listing.noLonger');
      await requireAccess(trx, buyer, 'product.book', product);
      const own = await trx
        .selectFrom('bookings')
        .select('status')
        .where('buyerId', '=', buyer.id)
        .where('productId', '=', product.id)
        .where('status', 'in', ['requested', 'accepted'])
        .executeTakeFirst();
      if (own) throw alreadyRequested();
      const pauseMs = REBOOK_PAUSE_MINUTES * 60 * 1000;
      const cancelled = await lastOwnCancelSince(
        trx,
        buyer.id,
        product.id,
        w.date(new Date(now.getTime() - pauseMs)),
      );
      if (cancelled !== null) {
        const seconds = Math.max(
          1,
          Math.ceil((readDate(cancelled).getTime() + pauseMs - now.getTime()) / 1000),
        );
        throw tooMany(reason('bookings.rebookPause', { wait: waitInMinutes(seconds) }), seconds);
      }
      if (product.moderation) throw conflict('common.listing.unavailable');
      if (product.status === 'sold') throw conflict('common.listing.sold');
      if (product.status === 'reserved') throw conflict('common.listing.reserved');
      await insertBooking(trx, {
        id,
        buyerId: buyer.id,
        productId: product.id,
        sellerId: product.sellerId,
        name: buyer.name,
        email: buyer.email,
        phone: input.phone,
        location: input.location,
        productName: product.name,
        priceCents: product.resellPriceCents,
        imgUrl: product.imgUrl,
        createdAt: w.date(now),
        updatedAt: w.date(now),
        status: 'requested',
        proposedAt: input.proposedAt ? w.date(new Date(input.proposedAt)) : null,
      });
      const facts: BookingFacts = {
        id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        productName: product.name,
        buyerName: buyer.name,
      };
      await announceBookingChange(notices, facts, { status: 'requested' }, now);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw alreadyRequested();
      if (isForeignKeyViolation(err)) throw notFound('common.listing.noLonger');
      throw err;
    });
  const booking = await findBookingView(db, id);
  if (!booking) throw notFound('common.listing.noLonger');
  return toBooking(booking);
}

/**
 * An accepted offer becomes the buyer's booking request at the agreed price (decision 0035): a
 * new request with the buyer's name, email and phone from their account and the listing's place
 * (the seller sets the meeting's time and place on accepting, as for any request), or, when the
 * buyer already has a waiting request for the listing, that request at the agreed price. In the
 * offer's transaction, the listing already locked and available. The seller hears of it through
 * the offer's notice. Answers the request's id.
 */
export async function openAgreedRequest(
  notices: Notices,
  input: {
    offerId: string;
    buyerId: string;
    product: { id: string; sellerId: string; name: string; imgUrl: string; location: string };
    priceCents: number;
    now: Date;
  },
): Promise<string> {
  const { trx } = notices;
  const w = valueWriters(trx);
  const { offerId, buyerId, product, priceCents, now } = input;
  const waiting = await trx
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('buyerId', '=', buyerId)
    .where('productId', '=', product.id)
    .where('status', 'in', ['requested', 'accepted'])
    .executeTakeFirst();
  if (waiting?.status === 'accepted') throw alreadyRequested();
  if (waiting) {
    await updateBookingFrom(trx, waiting.id, ['requested'], {
      priceCents,
      offerId,
      updatedAt: w.date(now),
    });
  } else {
    const buyer = await trx
      .selectFrom('users')
      .select(['name', 'email', 'phone'])
      .where('id', '=', buyerId)
      .executeTakeFirstOrThrow();
    await insertBooking(trx, {
      id: crypto.randomUUID(),
      buyerId,
      productId: product.id,
      sellerId: product.sellerId,
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone ?? NO_PHONE,
      location: product.location,
      productName: product.name,
      priceCents,
      imgUrl: product.imgUrl,
      createdAt: w.date(now),
      updatedAt: w.date(now),
      status: 'requested',
      proposedAt: null,
      offerId,
    });
  }
  const row = await trx
    .selectFrom('bookings')
    .select('id')
    .where('buyerId', '=', buyerId)
    .where('productId', '=', product.id)
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  for (const party of [buyerId, product.sellerId]) {
    await notices.record(party, { type: 'booking', bookingId: row.id, status: 'requested' });
  }
  return row.id;
}

/** A request from an accepted offer by a buyer whose account has no phone number. */
const NO_PHONE = 'not given';

const alreadyRequested = () => conflict('common.listing.openRequest');

/** The buyer's own orders: `query.email` must be theirs. */
export async function getBuyerBookings(
  db: Db,
  buyer: Actor,
  query: OwnListQuery,
): Promise<Page<Booking>> {
  await requireAccess(db, buyer, 'account.read', query.email);
  const page = await listBookings(db, 'buyerId', buyer.id, query);
  const reviews = await reviewsOfDeals(
    db,
    page.items.filter((row) => row.status === 'completed').map((row) => row.id),
  );
  return mapPage(page, (row) => ({ ...toBooking(row), review: reviews.get(row.id) ?? null }));
}

export async function getSellerBuyers(
  db: Db,
  seller: Actor,
  page: PaginationQuery,
): Promise<Page<SellerBuyer>> {
  const rows = await listBookings(db, 'sellerId', seller.id, page);
  const records = await showUpRecords(
    db,
    'buyer',
    rows.items.map((row) => row.buyerId),
  );
  return mapPage(rows, (row) => toSellerBuyer(row, records.get(row.buyerId) ?? null));
}

/**
 * The seller accepts a waiting request with a meeting: the listing becomes reserved for this
 * buyer. Another request of the same listing can be accepted only once this one is cancelled.
 */
export async function acceptBooking(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  id: string,
  input: z.output<typeof acceptBookingSchema>,
  now: Date = new Date(),
): Promise<BookingState> {
  const { row } = await bookingFor(db, seller, 'booking.answer', id);
  const w = valueWriters(db);
  const expired = await notifier.transaction(async (notices) => {
    const { trx } = notices;
    // A chosen spot is the place, in its own words; a removed or unknown one is refused.
    const spot = input.meetingSpotId ? await findSpotForMeeting(trx, input.meetingSpotId) : null;
    const place = spot ? spotInWords(spot) : (input.meetingPlace ?? '');
    const product = row.productId ? await lockProduct(trx, row.productId) : undefined;
    const current = await findBookingForChange(trx, id);
    if (!current) throw refusalOf('booking.answer');
    if (current.status !== 'requested') throw stateConflict('accepted', current.status);
    if (now.getTime() - readDate(current.createdAt).getTime() >= EXPIRY_MS) {
      if (await updateBookingFrom(trx, id, ['requested'], expiredChange(w, now))) {
        await announceBookingChange(notices, factsOf(current), { status: 'expired' }, now);
      }
      return true;
    }
    if (!product) throw conflict('common.listing.noLonger');
    if (product.moderation) throw conflict('common.listing.unavailable');
    if (product.status === 'reserved') throw conflict('bookings.alreadyReserved');
    if (product.status === 'sold') throw conflict('common.listing.sold');
    const reserved = await updateProductStatusFrom(
      trx,
      product.id,
      ['available'],
      'reserved',
      null,
    );
    const accepted = await updateBookingFrom(trx, id, ['requested'], {
      status: 'accepted',
      meetingAt: w.date(new Date(input.meetingAt)),
      meetingPlace: place,
      meetingSpotId: spot?.id ?? null,
      meetingTimeZone: input.timeZone,
      handoverCode: newHandoverCode(),
      codeAttempts: 0,
      inspectionRequired: w.bool(true),
      respondedAt: w.date(now),
      updatedAt: w.date(now),
    });
    if (!reserved || !accepted) throw conflict('common.changedMeanwhile');
    const meeting = {
      at: new Date(input.meetingAt),
      place,
      timeZone: input.timeZone,
    };
    await announceBookingChange(notices, factsOf(current), { status: 'accepted', meeting }, now);
    await closeOffersOfUnavailable(notices, product, 'reserved', now);
    return false;
  });
  if (expired) throw stateConflict('accepted', 'expired');
  return stateFor(db, 'seller', id);
}

function expiredChange(w: ReturnType<typeof valueWriters>, now: Date) {
  return {
    status: 'expired' as const,
    closeReason: EXPIRED_REASON,
    closedBy: 'system' as const,
    updatedAt: w.date(now),
  };
}

/** The seller declines a waiting request, with a reason the buyer sees if one is given. */
export async function declineBooking(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  id: string,
  reason: string | undefined,
  now: Date = new Date(),
): Promise<BookingState> {
  const { row } = await bookingFor(db, seller, 'booking.answer', id);
  const w = valueWriters(db);
  const declined = await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const changed = await updateBookingFrom(trx, id, ['requested'], {
      status: 'declined',
      closeReason: reason ? reason : null,
      closedBy: 'seller',
      respondedAt: w.date(now),
      updatedAt: w.date(now),
    });
    if (changed) {
      const change = { status: 'declined' as const, reason: reason ? reason : null };
      await announceBookingChange(notices, factsOf(row), change, now);
    }
    return changed;
  });
  if (!declined) {
    const current = await findBookingForChange(db, id);
    throw stateConflict('declined', current?.status ?? 'cancelled');
  }
  return stateFor(db, 'seller', id);
}

/**
 * Either side cancels an open request, saying why. Cancelling an accepted request makes the
 * listing available again.
 */
export async function cancelBooking(
  db: Db,
  notifier: Notifier,
  actor: Actor,
  id: string,
  input: z.output<typeof cancelBookingSchema>,
  now: Date = new Date(),
): Promise<BookingState> {
  const { row, side } = await bookingFor(db, actor, 'booking.cancel', id);
  if (input.preset && !CANCEL_REASONS_BY_SIDE[side].includes(input.preset)) {
    throw badRequest('bookings.cancelReason', 'preset');
  }
  const reason = cancelReasonText(input);
  const w = valueWriters(db);
  await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const product = row.productId ? await lockProduct(trx, row.productId) : undefined;
    const current = await findBookingForChange(trx, id);
    if (!current) throw refusalOf('booking.cancel');
    if (current.status !== 'requested' && current.status !== 'accepted') {
      throw stateConflict('cancelled', current.status);
    }
    // A late cancel after the other side said "I'm here" is the canceller's no-show (0032).
    const noShow = cancelIsNoShow(current, side, now);
    const cancelled = await updateBookingFrom(trx, id, [current.status], {
      status: 'cancelled',
      closeReason: reason,
      closedBy: side,
      handoverCode: null,
      updatedAt: w.date(now),
      ...(noShow ? { noShowSide: side, noShowAt: w.date(now) } : {}),
    });
    if (!cancelled) throw conflict('common.changedMeanwhile');
    if (current.status === 'accepted' && product) {
      await updateProductStatusFrom(trx, product.id, ['reserved'], 'available', null);
    }
    await announceBookingChange(
      notices,
      factsOf(current),
      { status: 'cancelled', by: side, reason, ...(input.preset ? { preset: input.preset } : {}) },
      now,
    );
    if (noShow) await announceNoShow(notices, factsOf(current), side, 'cancelled', now);
  });
  return stateFor(db, side, id);
}

/**
 * The seller enters the code the buyer gave at the meeting. The right code completes the deal:
 * the listing is sold and its other open requests are declined as sold. Each wrong code counts;
 * after HANDOVER_CODE_TRIES the code is renewed (the buyer is told, and sees the new one in My
 * Orders) and the seller must ask the buyer again. The wrong codes of a request also count in
 * all, across renewals: after HANDOVER_CODE_MAX_WRONG completing is locked for
 * HANDOVER_LOCK_HOURS, with a new code, and the buyer is told. So nobody can guess a code: one
 * request takes at most HANDOVER_CODE_MAX_WRONG guesses per lock.
 */
export async function completeBooking(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  id: string,
  code: string,
  now: Date = new Date(),
): Promise<BookingState> {
  const { row } = await bookingFor(db, seller, 'booking.complete', id);
  const w = valueWriters(db);
  const wrong = await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const product = row.productId ? await lockProduct(trx, row.productId) : undefined;
    const current = await findBookingForChange(trx, id);
    if (!current) throw refusalOf('booking.complete');
    if (current.status !== 'accepted') throw stateConflict('completed', current.status);
    if (!product) throw conflict('common.listing.noLonger');
    const locked = lockedUntil(current.codeLockedUntil, now);
    if (locked) return { locked: new Date(locked), renewed: false, triesLeft: 0 };
    const inspection = await findInspection(trx, id);
    if (!checkDone(readBool(current.inspectionRequired), inspection)) {
      throw conflict('bookings.checkNotFinished');
    }
    if (!sameCode(code, current.handoverCode)) {
      const attempts = current.codeAttempts + 1;
      const total = current.codeWrongTotal + 1;
      const lock =
        total % HANDOVER_CODE_MAX_WRONG === 0
          ? new Date(now.getTime() + HANDOVER_LOCK_HOURS * 60 * 60 * 1000)
          : null;
      const renew = lock !== null || attempts >= HANDOVER_CODE_TRIES;
      await updateBookingFrom(trx, id, ['accepted'], {
        codeAttempts: renew ? 0 : attempts,
        codeWrongTotal: total,
        ...(renew ? { handoverCode: newHandoverCode() } : {}),
        ...(lock ? { codeLockedUntil: w.date(lock) } : {}),
        updatedAt: w.date(now),
      });
      if (renew) await announceCodeRenewed(notices, factsOf(current), total, lock, now);
      return { locked: lock, renewed: renew, triesLeft: HANDOVER_CODE_TRIES - attempts };
    }
    const sold = await updateProductStatusFrom(trx, product.id, ['reserved'], 'sold', w.date(now));
    const completed = await updateBookingFrom(trx, id, ['accepted'], {
      status: 'completed',
      handoverCode: null,
      codeLockedUntil: null,
      completedAt: w.date(now),
      updatedAt: w.date(now),
    });
    if (!sold || !completed) throw conflict('common.changedMeanwhile');
    const checked = (inspection?.completedAt ?? null) !== null;
    if (checked) await markHandedOver(trx, id, w.date(now));
    await refreshListingPriceStats(trx, product.id, now);
    if (current.sellerId) await countCompletedDeal(trx, current.sellerId, checked);
    const others = await closeOpenRequests(trx, product.id, id, soldChange(w, now));
    await announceBookingChange(notices, factsOf(current), { status: 'completed' }, now);
    await announceSoldOut(notices, others, now);
    await closeOffersOfUnavailable(notices, product, 'sold', now);
    const listing = { productId: product.id, productName: product.name, buyerId: current.buyerId };
    await notifySavedSold(notices, listing, now);
    return null;
  });
  if (wrong?.locked) {
    const seconds = Math.max(1, Math.ceil((wrong.locked.getTime() - now.getTime()) / 1000));
    const until = wrong.locked;
    const locked = reason('bookings.codeLocked', {
      until: (texts) => texts.utcTime(until),
      wait: waitFor(seconds),
    });
    throw tooMany(locked, seconds);
  }
  if (wrong) {
    const refusal = !wrong.renewed
      ? reason('bookings.wrongCode', { count: wrong.triesLeft })
      : reason('bookings.codeRenewed', { tries: HANDOVER_CODE_TRIES });
    throw badRequest(refusal, 'code');
  }
  return stateFor(db, 'seller', id);
}

/** The other requests of a listing that was sold are declined as sold; their buyers hear so. */
async function announceSoldOut(
  notices: Notices,
  closed: ClosedRequest[],
  now: Date,
): Promise<void> {
  for (const request of closed) {
    await announceBookingChange(
      notices,
      factsOf(request),
      { status: 'declined', reason: SOLD_REASON },
      now,
    );
  }
}

function soldChange(w: ReturnType<typeof valueWriters>, now: Date) {
  return {
    status: 'declined' as const,
    closeReason: SOLD_REASON,
    closedBy: 'seller' as const,
    handoverCode: null,
    respondedAt: w.date(now),
    updatedAt: w.date(now),
  };
}

/**
 * The seller sold the phone outside the site: the listing is sold and its open requests are
 * declined as sold, as when a deal completes here.
 */
export async function markProductSold(
  db: Db,
  notifier: Notifier,
  seller: Actor,
  productId: string,
  now: Date = new Date(),
): Promise<MarkSold> {
  const w = valueWriters(db);
  const closedRequests = await notifier.transaction(async (notices) => {
    const { trx } = notices;
    const product = await lockProduct(trx, productId);
    if (!product) throw refusalOf('product.manage');
    await requireAccess(trx, seller, 'product.manage', product);
    if (product.status === 'sold') throw conflict('bookings.alreadySold');
    const sold = await updateProductStatusFrom(
      trx,
      productId,
      ['available', 'reserved'],
      'sold',
      w.date(now),
    );
    if (!sold) throw conflict('bookings.listingChanged');
    await refreshListingPriceStats(trx, productId, now);
    const closed = await closeOpenRequests(trx, productId, null, soldChange(w, now));
    await announceSoldOut(notices, closed, now);
    await closeOffersOfUnavailable(notices, product, 'sold', now);
    await notifySavedSold(notices, { productId, productName: product.name, buyerId: null }, now);
    return closed.length;
  });
  return { productId, status: 'sold', closedRequests };
}

/** Expires the requests not answered within the time limit; answers how many. */
export function expireStaleRequests(
  db: Db,
  notifier: Notifier,
  now: Date = new Date(),
): Promise<number> {
  const w = valueWriters(db);
  return notifier.transaction(async (notices) => {
    const { trx } = notices;
    const before = w.date(new Date(now.getTime() - EXPIRY_MS));
    const expired = await expireRequestsBefore(trx, before, expiredChange(w, now));
    for (const request of expired) {
      await announceBookingChange(notices, factsOf(request), { status: 'expired' }, now);
    }
    return expired.length;
  });
}

/** An accepted request's meeting, for the calendar file of either side. */
export async function getMeeting(db: Db, actor: Actor, id: string) {
  await requireAccess(db, actor, 'booking.read', id);
  const row = await findBookingView(db, id);
  if (!row) throw refusalOf('booking.read');
  const side: Side = row.sellerId === actor.id ? 'seller' : 'buyer';
  if (row.status !== 'accepted' || row.meetingAt === null) {
    throw conflict('bookings.noMeetingToAdd');
  }
  return {
    id: row.id,
    side,
    productName: row.productName,
    priceCents: row.priceCents,
    /** The price was agreed in an offer (0035). */
    agreed: row.offerId !== null,
    meetingAt: readDate(row.meetingAt),
    meetingPlace: row.meetingPlace ?? row.location,
    /** A spot is a public place: the calendar file carries its coordinates. */
    meetingSpot: joinedSpot(row),
    timeZone: row.meetingTimeZone ?? 'UTC',
    buyerName: row.name,
    buyerPhone: row.phone,
    sellerName: row.sellerName,
    sellerPhone: row.sellerPhone,
    updatedAt: readDate(row.updatedAt),
  };
}
export type Meeting = Awaited<ReturnType<typeof getMeeting>>;
