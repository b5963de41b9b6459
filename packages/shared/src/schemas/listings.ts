import { z } from '../zod.ts';
import { DESCRIPTION_MAX, PRICE_MAX, YEAR_OF_PURCHASE_MIN, currentYear } from '../constants.ts';
import { categoryNameSchema, conditionSchema, productSchema } from './catalog.ts';
import { listingModerationSchema } from './moderation.ts';
import {
  activationLockOffSchema,
  batteryHealthSchema,
  colourSchema,
  includedSchema,
  listingDetailsSchema,
  networkLockSchema,
  paidOffSchema,
  photosSchema,
  storageGbSchema,
  warrantyUntilSchema,
} from './listing-details.ts';
import { oneLine } from './common.ts';

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
    .max(max, { error: `${label} must be at most ${max} characters` })
    .regex(...oneLine(label));

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

const imgUrlSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, { error: 'Image is required' })
  .max(500);

export const COVER_NOT_FIRST = 'The cover image (imgURL) must be the first of the photos';

/** With both given, the cover is the first photo: the two never disagree. */
function coverIsFirstPhoto(p: { imgURL?: string | undefined; photos?: string[] | undefined }) {
  return p.imgURL === undefined || p.photos === undefined || p.photos[0] === p.imgURL;
}

/**
 * POST /add-product: the spec's fields, the phone's details (optional here, so that the spec's
 * own calls keep working; the form asks for them) and up to 8 photos, the cover first. Without
 * `photos`, the listing's one photo is `imgURL`.
 */
export const newProductSchema = withSensiblePrices(
  productFieldsSchema
    .extend({
      imgURL: imgUrlSchema,
      photos: photosSchema.optional(),
      ...listingDetailsSchema.shape,
    })
    .strict(),
).refine(coverIsFirstPhoto, { error: COVER_NOT_FIRST, path: ['imgURL'] });
export type NewProduct = z.input<typeof newProductSchema>;

const patchFieldsSchema = productFieldsSchema
  .omit({ description: true })
  .partial()
  .extend({
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX, { error: `Description must be at most ${DESCRIPTION_MAX} characters` })
      .optional(),
    imgURL: imgUrlSchema.optional(),
    photos: photosSchema.optional(),
    ...listingDetailsSchema.shape,
  })
  .strict();

/**
 * PATCH /my-products/{id}: any of the fields of adding, each optional; what is left out stays as
 * it is. `photos` replaces the whole list (its first is the cover); `imgURL` alone replaces the
 * cover. When only one price is given, the server checks it against the stored other one.
 */
export const productPatchSchema = patchFieldsSchema
  .refine((p) => Object.keys(p).length > 0, { error: 'Change at least one field' })
  .refine(
    (p) =>
      p.originalPrice === undefined ||
      p.resellPrice === undefined ||
      p.resellPrice <= p.originalPrice,
    { error: RESELL_ABOVE_ORIGINAL, path: ['resellPrice'] },
  )
  .refine(coverIsFirstPhoto, { error: COVER_NOT_FIRST, path: ['imgURL'] });
export type ProductPatch = z.input<typeof productPatchSchema>;

/**
 * The details' rules one by one. The add and edit form asks for each, and needs none of them
 * (the specification's own fields are what a listing needs): what is included may be nothing,
 * and a warranty is optional.
 */
export const requiredDetailsSchema = z.object({
  storageGb: storageGbSchema,
  colour: colourSchema,
  batteryHealth: batteryHealthSchema,
  networkLock: networkLockSchema,
  activationLockOff: activationLockOffSchema,
  paidOff: paidOffSchema,
  included: includedSchema,
  warrantyUntil: warrantyUntilSchema.nullable(),
});

/**
 * A row of GET /my-products: the product, and how many buyers have booked it, so that deleting
 * it can say whose orders it touches.
 */
export const myProductSchema = productSchema.extend({
  buyerCount: z.number().int().min(0),
  /** Why the listing is off show (held, hidden, or the account suspended); null while on show. */
  moderation: listingModerationSchema.nullable(),
  /** What the moderator told the seller. */
  moderationReason: z.string().nullable(),
  /** The seller asked for a review and no moderator has answered yet. */
  reviewRequested: z.boolean(),
});
export type MyProduct = z.infer<typeof myProductSchema>;
