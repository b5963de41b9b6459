import { z } from 'zod';
import {
  CARRIER_MAX,
  CATEGORIES,
  CONDITIONS,
  MODEL_MAX,
  imeiSchema,
  normalizeModel,
  photosSchema,
  productFieldsSchema,
  requiredDetailsSchema,
  withSensiblePrices,
} from '@market/shared';

/** How the form asks about the network lock: a choice, and the carrier's name when locked. */
export const LOCK_KINDS = ['unlocked', 'carrier'] as const;

/**
 * The product form: the shared product rules (prices included), the phone's details as a new
 * listing needs them, and the uploaded photos (the cover first).
 */
export function productFormSchema() {
  return withSensiblePrices(
    productFieldsSchema.extend({
      // The selects start empty; these messages read better than the enum's default one.
      Category: z.enum(CATEGORIES, { error: 'Category is required' }),
      condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
      photos: photosSchema,
      storageGb: requiredDetailsSchema.shape.storageGb,
      colour: requiredDetailsSchema.shape.colour,
      batteryHealth: requiredDetailsSchema.shape.batteryHealth,
      lockKind: z.enum(LOCK_KINDS, { error: 'Say whether the phone is unlocked' }),
      carrier: z
        .string()
        .trim()
        .max(CARRIER_MAX, { error: `The carrier must be at most ${CARRIER_MAX} characters` }),
      included: requiredDetailsSchema.shape.included,
      warrantyUntil: requiredDetailsSchema.shape.warrantyUntil,
      // Empty: none (the form proposes one from the name as it is typed).
      model: z
        .string()
        .trim()
        .max(MODEL_MAX, { error: `The model must be at most ${MODEL_MAX} characters` })
        .transform((typed) => (typed === '' ? null : normalizeModel(typed))),
      // Empty: none on a new listing, the one on file on a listing being changed.
      imei: z
        .string()
        .optional()
        .transform((typed) => (typed?.trim() ? typed : undefined))
        .pipe(imeiSchema.optional()),
    }),
  ).refine((form) => form.lockKind !== 'carrier' || form.carrier.length > 0, {
    error: 'Name the carrier the phone is locked to',
    path: ['carrier'],
  });
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormInput = z.input<ProductFormSchema>;
export type ProductFormOutput = z.output<ProductFormSchema>;
