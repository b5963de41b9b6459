import { z } from '../zod.ts';
import { categoryNameSchema, productStatusSchema } from './catalog.ts';
import { idSchema, moneySchema } from './common.ts';

export const wishlistItemSchema = z.object({
  _id: idSchema,
  productId: idSchema,
  productName: z.string(),
  userEmail: z.string(),
  /** The product's original price, as the spec sends it. */
  price: moneySchema,
  /** The price an order would carry; lets Buy show it before booking. */
  resellPrice: moneySchema,
  /** The resell price before its last drop, while it stands ("was $X"); null otherwise. */
  previousResellPrice: moneySchema.nullable(),
  Category: categoryNameSchema,
  imgURL: z.string(),
  location: z.string(),
  /** Where the phone stands in its sale: only an available one can be bought. */
  status: productStatusSchema,
  /** Taken down by a moderator (or its seller is suspended): it cannot be bought or opened. */
  unavailable: z.boolean(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** Other spec fields may be sent and are ignored: the entry is built from the product. */
export const addWishlistSchema = z.object({ productId: idSchema });
export type AddWishlist = z.input<typeof addWishlistSchema>;
