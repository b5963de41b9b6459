import { z } from '../zod.ts';
import { CATEGORIES } from '../constants.ts';
import { PRICE_FACTORS, PRICE_VERDICTS } from '../fair-price.ts';
import {
  IMEI_CHECK_DIGIT_MESSAGE,
  IMEI_LENGTH,
  IMEI_LENGTH_MESSAGE,
  hasValidImeiCheckDigit,
  imeiDigits,
} from '../imei.ts';
import { normalizeModel } from '../phone-models.ts';
import { moneySchema } from './common.ts';

/*
 * Facts about the phone itself: its IMEI (kept only as a keyed hash and its last four digits),
 * its model, and how its price compares with the same model's other listings.
 */

/** Room for the digits and the spaces or dashes people group them with. */
const IMEI_TYPED_MAX = 40;

/** An IMEI as typed: spaces and dashes are dropped, then 15 digits with a valid check digit. */
export const imeiSchema = z
  .string({ error: IMEI_LENGTH_MESSAGE })
  .max(IMEI_TYPED_MAX, { error: IMEI_LENGTH_MESSAGE })
  .transform(imeiDigits)
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{${IMEI_LENGTH}}$`), { error: IMEI_LENGTH_MESSAGE })
      .refine(hasValidImeiCheckDigit, { error: IMEI_CHECK_DIGIT_MESSAGE }),
  );

export const MODEL_MAX = 60;

/** A model as typed, stored the way every spelling of it agrees on ("iphone13" → "iPhone 13"). */
export const modelSchema = z
  .string({ error: 'The model must be text' })
  .trim()
  .min(1, { error: 'Name the model, or leave it empty' })
  .max(MODEL_MAX, { error: `The model must be at most ${MODEL_MAX} characters` })
  .transform(normalizeModel);

/** GET /api/models: suggestions for the product form's model field. */
export const modelsQuerySchema = z.object({
  category: z
    .enum(CATEGORIES, { error: `The category must be one of ${CATEGORIES.join(', ')}` })
    .optional(),
  q: z
    .string()
    .trim()
    .max(MODEL_MAX, { error: `The text must be at most ${MODEL_MAX} characters` })
    .optional()
    .default(''),
});
export type ModelsQuery = z.input<typeof modelsQuerySchema>;

export const MODEL_SUGGESTIONS_MAX = 10;

export const modelSuggestionsSchema = z.object({
  models: z.array(z.string()).max(MODEL_SUGGESTIONS_MAX),
});
export type ModelSuggestions = z.infer<typeof modelSuggestionsSchema>;

/**
 * How a listing's price compares with comparable listings (same category, model and storage, and
 * locked to a carrier or not, on offer or sold here within 90 days): their median, how many there are, and whether this price is
 * low, fair or high (more than 20% from the median). Each seller counts once, with the median of
 * their own comparable listings; a listing marked sold outside the site does not count.
 */
export const fairPriceSchema = z.object({
  median: moneySchema,
  /** How many sellers the median is made of. */
  count: z.number().int().min(1),
  verdict: z.enum(PRICE_VERDICTS),
  /** More than 35% below the median: the page asks the buyer to take care. */
  farBelow: z.boolean(),
  /**
   * What moves this phone's price against the same model's other listings, each with its effect
   * in whole dollars (see `priceFactors`); only the factors with enough listings on each side.
   */
  factors: z.array(
    z.object({
      factor: z.enum(PRICE_FACTORS),
      label: z.string(),
      effect: z.number().int(),
      inBand: z.number().int().min(1),
      others: z.number().int().min(1),
    }),
  ),
});
export type FairPrice = z.infer<typeof fairPriceSchema>;
