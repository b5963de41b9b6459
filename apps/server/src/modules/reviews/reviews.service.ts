import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  REVIEW_EDIT_HOURS,
  REVIEW_WINDOW_DAYS,
  type PaginationQuery,
  type SellerReview,
  type createSellerReviewSchema,
  type editSellerReviewSchema,
  paths,
} from '@market/shared';
import { isForeignKeyViolation, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { refusalOf, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound, reason } from '../../lib/errors.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Notifier } from '../notifications/public.ts';
import { EDIT_WINDOW_MS, REVIEW_WINDOW_MS, reviewerName, toSellerReview } from './review-view.ts';
import {
  findDealForReview,
  findReviewOfDeal,
  findReviewView,
  insertReview,
  listSellerReviews,
  lockReview,
  selectReviewViews,
  setReplyOnce,
  updateReview,
} from './reviews.repository.ts';
import { countRating, recountRating } from './seller-stats.repository.ts';
import { requireSeller } from './seller-profile.service.ts';

type Db = Kysely<Database>;

const MY_REVIEWS = paths.dashboard.myReviews;
const alreadyReviewed = () => conflict('accounts.reviews.alreadyReviewed');

async function readReview(db: Db, id: string): Promise<SellerReview> {
  const row = await findReviewView(db, id);
  if (!row) throw notFound('common.noSuch.reviewOfYours');
  return toSellerReview(row);
}

/**
 * The buyer of a completed deal rates its seller: once per deal, within REVIEW_WINDOW_DAYS of
 * the hand-over. The review, the seller's figures and the seller's notification are written
 * together. Someone else's deal answers 404, as a missing one.
 */
export async function createReview(
  db: Db,
  notifier: Notifier,
  buyer: Actor,
  input: z.output<typeof createSellerReviewSchema>,
  now: Date = new Date(),
): Promise<SellerReview> {
  await requireAccess(db, buyer, 'review.write', input.bookingId);
  const deal = await findDealForReview(db, input.bookingId);
  if (!deal) throw refusalOf('review.write');
  if (deal.status !== 'completed' || deal.completedAt === null) {
    throw conflict('accounts.reviews.notCompleted');
  }
  const sellerId = deal.sellerId;
  if (sellerId === null) throw conflict('accounts.reviews.sellerGone');
  const completedAt = readDate(deal.completedAt);
  if (now.getTime() - completedAt.getTime() > REVIEW_WINDOW_MS) {
    throw forbidden(
      reason('accounts.reviews.writeWindow', {
        days: REVIEW_WINDOW_DAYS,
        completed: (texts) => texts.format.dayMonthYear(completedAt),
      }),
    );
  }
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  await notifier
    .transaction(async ({ trx, notify }) => {
      if (await findReviewOfDeal(trx, deal.id)) throw alreadyReviewed();
      await insertReview(trx, {
        id,
        bookingId: deal.id,
        sellerId,
        buyerId: buyer.id,
        rating: input.rating,
        text: input.text,
        createdAt: w.date(now),
        editedAt: null,
        reply: null,
        repliedAt: null,
      });
      await countRating(trx, sellerId, input.rating);
      await notify({
        userId: sellerId,
        kind: 'new_review',
        params: {
          reviewer: reviewerName(buyer.name),
          rating: input.rating,
          productName: deal.productName,
          text: input.text,
        },
        link: MY_REVIEWS,
        dedupeKey: `review:${id}:${sellerId}`,
        now,
      });
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw alreadyReviewed();
      // The order went with the buyer's account meanwhile.
      if (isForeignKeyViolation(err)) throw refusalOf('review.write');
      throw err;
    });
  return readReview(db, id);
}

/** Its author changes a review, within REVIEW_EDIT_HOURS of writing it. */
export async function editReview(
  db: Db,
  buyer: Actor,
  id: string,
  input: z.output<typeof editSellerReviewSchema>,
  now: Date = new Date(),
): Promise<SellerReview> {
  await requireAccess(db, buyer, 'review.edit', id);
  const w = valueWriters(db);
  await db.transaction().execute(async (trx) => {
    const review = await lockReview(trx, id);
    if (!review) throw refusalOf('review.edit');
    if (now.getTime() - readDate(review.createdAt).getTime() > EDIT_WINDOW_MS) {
      throw forbidden(reason('accounts.reviews.editWindow', { hours: REVIEW_EDIT_HOURS }));
    }
    await updateReview(trx, id, { rating: input.rating, text: input.text, editedAt: w.date(now) });
    await recountRating(trx, review.sellerId, review.rating, input.rating);
  });
  return readReview(db, id);
}

/** The reviewed seller answers a review, once. Other sellers are told it does not exist. */
export async function replyToReview(
  db: Db,
  seller: Actor,
  id: string,
  text: string,
  now: Date = new Date(),
): Promise<SellerReview> {
  await requireAccess(db, seller, 'review.reply', id);
  const w = valueWriters(db);
  if (!(await setReplyOnce(db, id, text, w.date(now)))) {
    throw conflict('accounts.reviews.alreadyReplied');
  }
  return readReview(db, id);
}

/** A seller's reviews, newest first; 404 for an account that is not a seller. */
export async function getSellerReviews(
  db: Db,
  sellerId: string,
  page: PaginationQuery,
): Promise<Page<SellerReview>> {
  await requireSeller(db, sellerId);
  return mapPage(await listSellerReviews(db, sellerId, page), toSellerReview);
}

/** The reviews of these deals (a page of a buyer's orders), by deal. */
export async function reviewsOfDeals(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, SellerReview>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await selectReviewViews(db)
    .select('r.bookingId')
    .where('r.bookingId', 'in', bookingIds)
    .execute();
  return new Map(rows.map((row) => [row.bookingId ?? '', toSellerReview(row)]));
}
