import { z } from '../zod.ts';
import { productSchema, sellerRatingSchema } from './catalog.ts';
import { dayMonthYearSchema, idSchema, paginationQuerySchema } from './common.ts';
import { showUpRecordSchema } from './check-ins.ts';

/*
 * Reviews of sellers, written by the buyers of completed deals (one per deal), and the public
 * seller profile they add up to.
 */

export const REVIEW_TEXT_MAX = 1_000;
export const REVIEW_REPLY_MAX = 1_000;
/** A deal can be reviewed for this long after its hand-over. */
export const REVIEW_WINDOW_DAYS = 30;
/** A review can be changed for this long after it was written. */
export const REVIEW_EDIT_HOURS = 48;
/** Reviews on one page of a seller's profile. */
export const REVIEWS_PAGE_SIZE = 10;
/** Listings a seller's profile shows; the rest are counted. */
export const SELLER_PROFILE_LISTINGS = 24;
/** Replies needed before a seller's usual reply time is shown: fewer say little. */
export const REPLY_TIME_MIN_REPLIES = 3;
/** How far back the reply time looks. */
export const REPLY_TIME_WINDOW_DAYS = 30;

const STARS_MESSAGE = 'Choose 1 to 5 stars';

export const reviewRatingSchema = z
  .number({ error: STARS_MESSAGE })
  .int({ error: STARS_MESSAGE })
  .min(1, { error: STARS_MESSAGE })
  .max(5, { error: STARS_MESSAGE });

export const reviewTextSchema = z
  .string({ error: 'The review must be text' })
  .trim()
  .max(REVIEW_TEXT_MAX, {
    error: `Keep the review to ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters or fewer`,
  });

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A review as anyone reads it. */
export const sellerReviewSchema = z.object({
  _id: idSchema,
  sellerId: idSchema,
  rating: z.number().int().min(1).max(5),
  /** May be empty: a rating alone is a review too. */
  text: z.string(),
  /** The buyer's first name and the initial of the last ("Amina R."); "A former member" once gone. */
  reviewerName: z.string(),
  /** The phone that was bought, as the order kept it; null once the order is gone. */
  productName: z.string().nullable(),
  /** The price agreed in an accepted offer for the deal; null at the listed price or once gone. */
  agreedPrice: z.number().nullable(),
  createdAt: isoDateTimeSchema,
  editedAt: isoDateTimeSchema.nullable(),
  /** Until when its author may change it. */
  editableUntil: isoDateTimeSchema,
  reply: z.string().nullable(),
  repliedAt: isoDateTimeSchema.nullable(),
  /** The deal's phone was checked by the buyer at the hand-over; false once the order is gone. */
  checkedAtHandover: z.boolean(),
});
export type SellerReview = z.infer<typeof sellerReviewSchema>;

/** POST /api/seller-reviews: the buyer of a completed deal rates its seller. */
export const createSellerReviewSchema = z.object({
  bookingId: idSchema,
  rating: reviewRatingSchema,
  text: reviewTextSchema.default(''),
});
export type CreateSellerReview = z.input<typeof createSellerReviewSchema>;

/** PUT /api/seller-reviews/{id}: its author changes it, within REVIEW_EDIT_HOURS. */
export const editSellerReviewSchema = z.object({
  rating: reviewRatingSchema,
  text: reviewTextSchema.default(''),
});
export type EditSellerReview = z.input<typeof editSellerReviewSchema>;

/** POST /api/seller-reviews/{id}/reply: the reviewed seller answers, once. */
export const replySellerReviewSchema = z.object({
  text: z
    .string({ error: 'The reply must be text' })
    .trim()
    .min(1, { error: 'Write a reply' })
    .max(REVIEW_REPLY_MAX, {
      error: `Keep the reply to ${REVIEW_REPLY_MAX.toLocaleString('en-US')} characters or fewer`,
    }),
});
export type ReplySellerReview = z.input<typeof replySellerReviewSchema>;

/** GET /api/sellers/{id}/reviews: newest first, the total in X-Total-Count. */
export const sellerReviewsQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(REVIEWS_PAGE_SIZE),
});
export type SellerReviewsQuery = z.input<typeof sellerReviewsQuerySchema>;

/** GET /api/sellers/{id}: a seller's public profile. */
export const sellerProfileSchema = z.object({
  _id: idSchema,
  name: z.string().nullable(),
  img: z.string().nullable(),
  verified: z.boolean(),
  /** DD-MM-YYYY: when the account was made. */
  memberSince: dayMonthYearSchema,
  /** Deals completed here with the buyer's hand-over code. */
  completedDeals: z.number().int().min(0),
  /** Of those, the deals whose phone the buyer checked at the hand-over. */
  checkedDeals: z.number().int().min(0),
  /** Null until the first review. */
  rating: sellerRatingSchema.nullable(),
  /**
   * The median time, in minutes, from a buyer's message to the seller's first answer after it,
   * over the last REPLY_TIME_WINDOW_DAYS; null with fewer than REPLY_TIME_MIN_REPLIES answers.
   */
  replyMinutes: z.number().int().min(0).nullable(),
  /** "Showed up to N of M meetings" as a seller, once M ≥ SHOW_UP_MIN_MEETINGS; null before. */
  showUp: showUpRecordSchema.nullable(),
  /** The first listings on offer (or reserved), newest first, as category pages show them. */
  listings: z.array(productSchema),
  /** All their listings on offer or reserved. */
  listingCount: z.number().int().min(0),
  /** The profile's address at the site's public origin, for link previews. */
  pageUrl: z.string(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;
