import { z } from 'zod';
import { DESCRIPTION_MAX, PRICE_MAX, YEAR_OF_PURCHASE_MIN, currentYear } from '../constants.ts';
import { categoryNameSchema, conditionSchema, productSchema } from './catalog.ts';

const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive({ error: `${label} must be more than 0` })
    .max(PRICE_MAX, { error: `${label} must be at most ${PRICE_MAX.toLocaleString('en-US')}` })
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), {
      error: `${label} can have at most two decimals`,
    });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** The fields a seller fills in; shared by the add-product form and POST /add-product. */
export const productFieldsSchema = z.object({
  name: requiredText('Product name', 120),
  location: requiredText('Location', 120),
  yearOfUse: z
    .number({ error: 'Year of purchase must be a number' })
    .int({ error: 'Year of purchase must be a whole year' })
    .min(YEAR_OF_PURCHASE_MIN, {
      error: `Year of purchase must be ${YEAR_OF_PURCHASE_MIN} or later`,
    })
    .refine((y) => y <= currentYear(), { error: 'Year of purchase cannot be in the future' }),
  originalPrice: price('Original price'),
  resellPrice: price('Resell price'),
  Category: categoryNameSchema,
  condition: conditionSchema,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { error: `Description must be at most ${DESCRIPTION_MAX} characters` })
    .optional()
    .default(''),
});

export const RESELL_ABOVE_ORIGINAL = 'Resell price cannot be more than the original price';

const pricesSchema = productFieldsSchema.pick({ originalPrice: true, resellPrice: true });

/**
 * The rule both prices follow together: a used phone is not offered for more than it cost new.
 * One refinement for the product form and POST /add-product; the message goes under the resell
 * price. It runs as soon as both prices are valid, even while other fields are not, so the form
 * shows it together with their messages.
 */
export function withSensiblePrices<T extends z.ZodType<z.output<typeof pricesSchema>>>(
  schema: T,
): T {
  return schema.refine((p) => p.resellPrice <= p.originalPrice, {
    error: RESELL_ABOVE_ORIGINAL,
    path: ['resellPrice'],
    when: (payload) => pricesSchema.safeParse(payload.value).success,
  });
}

export const newProductSchema = withSensiblePrices(
  productFieldsSchema
    .extend({
      imgURL: z
        .string({ error: 'Image is required' })
        .trim()
        .min(1, { error: 'Image is required' })
        .max(500),
    })
    .strict(),
);
export type NewProduct = z.input<typeof newProductSchema>;

/**
 * A row of GET /my-products: the product, and how many buyers have booked it, so that deleting
 * it can say whose orders it touches.
 */
export const myProductSchema = productSchema.extend({ buyerCount: z.number().int().min(0) });
export type MyProduct = z.infer<typeof myProductSchema>;
