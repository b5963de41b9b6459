import { z } from '../zod.ts';
import { ID_MAX_LENGTH, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';

export const idSchema = z.string().trim().min(1).max(ID_MAX_LENGTH);
export const idParamsSchema = z.object({ id: idSchema });
/**
 * The id of a public page's address (a listing, a seller): any text. One that cannot be an id
 * (longer than an id, or blank) is simply not found (404), as a shared link to a page should be.
 */
export const lookupIdParamsSchema = z.object({ id: z.string() });

/**
 * One-line text (a name, a place) holds no line breaks or other control characters: they would
 * reach calendar files, email subjects and logs as they are.
 */
export const oneLine = (label: string) =>
  [/^\P{Cc}*$/u, { error: `${label} must be one line, without control characters` }] as const;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));

export const emailQuerySchema = z.object({ email: emailSchema });
export const emailParamsSchema = z.object({ email: emailSchema });

/** Digits with an optional leading +, as people type phone numbers. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .regex(/^\+?[0-9]{6,15}$/, { error: 'Phone must be 6 to 15 digits, with an optional leading +' });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** The spec's `?email=` lists (my products, orders, wish list), paged like every list. */
export const emailPageQuerySchema = emailQuerySchema.extend(paginationQuerySchema.shape);
export type EmailPageQuery = z.input<typeof emailPageQuerySchema>;

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
export const acknowledgedSchema = z.object({ acknowledged: z.boolean() });
export type Acknowledged = z.infer<typeof acknowledgedSchema>;

/** A price in dollars, at most two decimals. */
export const moneySchema = z.number();

/** DD-MM-YYYY, the spec's date format. */
export const dayMonthYearSchema = z.string().regex(/^\d{2}-\d{2}-\d{4}$/);
