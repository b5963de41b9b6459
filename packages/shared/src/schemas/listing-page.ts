import { z } from '../zod.ts';
import { productSchema } from './catalog.ts';
import { dayMonthYearSchema, moneySchema } from './common.ts';
import { listingPhotoSchema } from './listing-details.ts';
import { fairPriceSchema } from './phone-facts.ts';
import { listingModerationSchema } from './moderation.ts';

/** One change of a listing's prices, oldest first; the first is the price it was posted at. */
export const priceChangeSchema = z.object({
  originalPrice: moneySchema,
  resellPrice: moneySchema,
  /** ISO 8601. */
  changedAt: z.string(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const sellerSummarySchema = z.object({
  name: z.string().nullable(),
  verified: z.boolean(),
  /** DD-MM-YYYY: when the seller's account was made. */
  memberSince: dayMonthYearSchema,
  /** Their listings still on offer or reserved (sold ones are not counted). */
  listingCount: z.number().int().min(0),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

/**
 * GET /product/{id}: everything a listing's page shows. The card's fields, the photos in order
 * (the cover first) with their widths for `srcset`, the price history and the seller.
 */
export const listingPageSchema = productSchema.extend({
  photos: z.array(listingPhotoSchema).min(1),
  priceHistory: z.array(priceChangeSchema),
  seller: sellerSummarySchema,
  /** ISO 8601, for the page's structured data. */
  postedAt: z.string(),
  /** The page's address at the site's public origin, for link previews and structured data. */
  pageUrl: z.string(),
  /** The cover photo's absolute address at the public origin (a preview's image). */
  coverUrl: z.string(),
  /** The phone's model as stored ("iPhone 13"); null when the seller named none. */
  model: z.string().nullable(),
  /**
   * Whether the seller gave the phone's IMEI ("IMEI given"). No digit of it is ever shown: the
   * last four, with a model's type code, left few enough guesses to find the rest.
   */
  imeiGiven: z.boolean(),
  /** Its price against comparable listings; null with fewer than 3 or without model or storage. */
  fairPrice: fairPriceSchema.nullable(),
  /** Only for its seller and admins, while moderation keeps the listing off show. */
  moderation: z
    .object({ state: listingModerationSchema, reason: z.string().nullable() })
    .optional(),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

/** How many phones the page of a listing that is no longer available offers instead. */
export const SIMILAR_LISTINGS = 8;

/**
 * GET /product/{id}/similar: phones on show like the listing, for the page of a listing that is
 * gone or off show. Same model first, then the same brand (category), newest first; for an id
 * the site does not know (a deleted listing), the newest phones on show.
 */
export const similarListingsSchema = z.object({
  /** The listing's model and brand, when the site still has the listing. */
  model: z.string().nullable(),
  brand: z.string().nullable(),
  listings: z.array(productSchema),
});
export type SimilarListings = z.infer<typeof similarListingsSchema>;
