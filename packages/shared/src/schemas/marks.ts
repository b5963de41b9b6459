import { z } from '../zod.ts';
import { PAGE_SIZE_MAX } from '../constants.ts';
import { idSchema } from './common.ts';

/**
 * GET /api/me/marks: the products of one page, by id, comma-separated (as many as a page of a
 * list holds), so the answer stays as small as the page.
 */
export const marksQuerySchema = z.object({
  productIds: z
    .string({ error: 'Name the products: productIds=<id>,<id>,...' })
    .describe(`Product ids, comma-separated, at most ${PAGE_SIZE_MAX}`)
    .transform((ids) => [...new Set(ids.split(','))])
    .pipe(
      z
        .array(idSchema, { error: 'Each product id must be 1 to 64 characters' })
        .max(PAGE_SIZE_MAX, { error: `At most ${PAGE_SIZE_MAX} products at a time` }),
    ),
});
export type MarksQuery = z.input<typeof marksQuerySchema>;

/**
 * What the signed-in buyer has done with those products: which are on their wish list (with the
 * entry's id, which removes it), which they have an open request for, and which are reserved for them. The personal part of a page, asked
 * for in one call after the page itself.
 */
export const marksSchema = z.object({
  wishlist: z.array(z.object({ productId: idSchema, itemId: idSchema })),
  /** Products the buyer has an open request for (requested or accepted). */
  booked: z.array(idSchema),
  /** Of those, the ones whose request the seller accepted: reserved for this buyer. */
  reserved: z.array(idSchema),
});
export type Marks = z.infer<typeof marksSchema>;
