import { z } from 'zod';
import { dayMonthYearSchema, idSchema, moneySchema, phoneSchema } from './common.ts';

export const bookingSchema = z.object({
  _id: idSchema,
  productId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  productName: z.string(),
  price: moneySchema,
  imgURL: z.string(),
  date: dayMonthYearSchema,
  /** False once the product was deleted; the order keeps its own copy. */
  productAvailable: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * What a buyer sends. The spec's form also sends name, email, product name, price, image and
 * date: they are accepted and ignored, as the server takes them from the session and the product.
 */
export const createBookingSchema = z.object({
  productId: idSchema,
  phone: phoneSchema,
  location: z
    .string({ error: 'Meeting location is required' })
    .trim()
    .min(1, { error: 'Meeting location is required' })
    .max(200, { error: 'Meeting location must be at most 200 characters' }),
});
export type CreateBooking = z.input<typeof createBookingSchema>;

/** A buyer of one of the seller's products, for My Buyers. */
export const sellerBuyerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  productName: z.string(),
  date: dayMonthYearSchema,
});
export type SellerBuyer = z.infer<typeof sellerBuyerSchema>;
