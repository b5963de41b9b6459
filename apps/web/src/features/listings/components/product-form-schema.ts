import { z } from '@market/shared/zod';
import {
  CARRIER_MAX,
  CATEGORIES,
  COLOUR_MAX,
  CONDITIONS,
  MODEL_MAX,
  batteryHealthSchema,
  imeiSchema,
  normalizeModel,
  oneLine,
  listingDetailsSchema,
  photosSchema,
  productFieldsSchema,
  requiredDetailsSchema,
  storageGbSchema,
  withSensiblePrices,
} from '@market/shared';

/** How the form asks about the network lock: a choice, and the carrier's name when locked. */
export const LOCK_KINDS = ['unlocked', 'carrier'] as const;

/** A yes/no the seller states with two radios; no choice is "not stated". */
export const YES_NO = ['yes', 'no'] as const;

/** A stated yes/no as the API takes it: true, false, or null when not stated. */
export const statedOf = (answer: 'yes' | 'no' | null | undefined): boolean | null =>
  answer === 'yes' ? true : answer === 'no' ? false : null;

/** The radios' value for a stated yes/no (undefined: no choice). */
export const answerOf = (stated: boolean | null | undefined): 'yes' | 'no' | undefined =>
  stated === true ? 'yes' : stated === false ? 'no' : undefined;

/**
 * The product form: the shared product rules (prices included), the phone's details, and the
 * uploaded photos (the cover first). The specification's fields are required; the phone's
 * details are not (the form asks for them): a detail left empty is null, none given.
 */
export function productFormSchema() {
  return withSensiblePrices(
    productFieldsSchema.extend({
      // The selects start empty; these messages read better than the enum's default one.
      Category: z.enum(CATEGORIES, { error: 'Category is required' }),
      condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
      photos: photosSchema,
      // The area picked from the suggestions; null when the location is typed text only.
      placeId: listingDetailsSchema.shape.placeId,
      locationNote: listingDetailsSchema.shape.locationNote,
      // Empty selects and fields give undefined (see the form's registrations).
      storageGb: storageGbSchema.optional().transform((gb) => gb ?? null),
      colour: z
        .string()
        .trim()
        .max(COLOUR_MAX, { error: `Colour must be at most ${COLOUR_MAX} characters` })
        .optional()
        .transform((typed) => (typed ? typed : null)),
      batteryHealth: batteryHealthSchema.optional().transform((percent) => percent ?? null),
      // No choice yet: an unchecked radio group is null.
      lockKind: z.enum(LOCK_KINDS).nullish(),
      carrier: z
        .string()
        .trim()
        .max(CARRIER_MAX, { error: `The carrier must be at most ${CARRIER_MAX} characters` })
        .regex(...oneLine('The carrier')),
      // Signed out of Find My / Google account, and fully paid off: no choice is not stated.
      activationLockOff: z.enum(YES_NO).nullish(),
      paidOff: z.enum(YES_NO).nullish(),
      included: requiredDetailsSchema.shape.included,
      // Chosen as day, month and year: a partial choice is ''.
      warrantyUntil: z.iso
        .date({ error: 'Choose the day, month and year the warranty runs until' })
        .nullable(),
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
