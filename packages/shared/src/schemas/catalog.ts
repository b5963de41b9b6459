import { z } from '../zod.ts';
import { CATEGORIES, CONDITIONS, PRODUCT_STATUSES } from '../constants.ts';
import { dayMonthYearSchema, idSchema, moneySchema, paginationQuerySchema } from './common.ts';
import { listingDetailsViewSchema } from './listing-details.ts';

export const categoryNameSchema = z.enum(CATEGORIES);
export const conditionSchema = z.enum(CONDITIONS);
export const productStatusSchema = z.enum(PRODUCT_STATUSES);

export const categorySchema = z.object({
  _id: idSchema,
  name: categoryNameSchema,
  img: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** A seller's stars: the mean of their reviews (one decimal) and how many there are. */
export const sellerRatingSchema = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().min(1),
});
export type SellerRating = z.infer<typeof sellerRatingSchema>;

export const productSchema = z.object({
  _id: idSchema,
  Category: categoryNameSchema,
  name: z.string(),
  imgURL: z.string(),
  originalPrice: moneySchema,
  resellPrice: moneySchema,
  /** Year of purchase. */
  yearOfUse: z.number().int(),
  postedDate: dayMonthYearSchema,
  postedTime: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  condition: conditionSchema,
  description: z.string(),
  location: z.string(),
  /**
   * The specification's key, masked ("s***@example.com") in every public answer, page and card;
   * in full only in the seller's own lists (a buyer gets it in My Orders once accepted).
   */
  userEmail: z
    .string()
    .describe('The seller\'s email, masked ("s***@example.com"); in full only in their own lists'),
  userName: z.string().nullable(),
  /** The spec's advertisement flag. */
  available: z.boolean(),
  sellerVerified: z.boolean(),
  /**
   * "Photo verified": a moderator saw a photo of the phone beside the listing's code (decision
   * 0031). Not that it is unlocked, paid off or not stolen.
   */
  photoVerified: z.boolean(),
  /** The seller's account, whose public profile is /seller/{sellerId}. */
  sellerId: idSchema,
  /** The seller's stars from buyers' reviews; null before the first review. */
  sellerRating: sellerRatingSchema.nullable(),
  /** Where the listing stands in its sale (not the spec's `available`, which means advertised). */
  status: productStatusSchema,
  /** The resell price before its last change, when that change lowered it: shown as "was $X". */
  previousResellPrice: moneySchema.nullable(),
  ...listingDetailsViewSchema.shape,
});
export type Product = z.infer<typeof productSchema>;

export const categoryParamsSchema = z.object({ categoryName: z.string().trim().min(1).max(40) });

/**
 * A category page: `page` works on its own; `cursor` (from the previous page's X-Next-Cursor
 * header) continues from the previous page and stays fast however deep the list goes.
 */
export const categoryProductsQuerySchema = paginationQuerySchema.extend({
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type CategoryProductsQuery = z.input<typeof categoryProductsQuerySchema>;

export const advertisementSchema = z.object({
  _id: idSchema,
  name: z.string(),
  Category: categoryNameSchema,
  description: z.string(),
  imgURL: z.string(),
  originalPrice: moneySchema,
  resellPrice: moneySchema,
});
export type Advertisement = z.infer<typeof advertisementSchema>;
