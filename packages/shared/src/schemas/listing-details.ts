import { z } from '../zod.ts';
import { imageSrcSet } from '../image-variants.ts';
import { CATEGORIES } from '../constants.ts';
import { imeiSchema, modelSchema } from './phone-facts.ts';
import { oneLine } from './common.ts';
import { PLACE_NOTE_MAX, placeIdSchema } from './places.ts';

/** Storage sizes a listing may name, in GB: the sizes phones are sold with. */
export const STORAGE_OPTIONS_GB = [16, 32, 64, 128, 256, 512, 1024] as const;
/** What may come with the phone. */
export const INCLUDED_ITEMS = ['box', 'charger', 'cable', 'case'] as const;
export type IncludedItem = (typeof INCLUDED_ITEMS)[number];
/** Photos one listing may have; the first is its cover (the spec's imgURL). */
export const PHOTOS_MAX = 8;
export const COLOUR_MAX = 40;
export const CARRIER_MAX = 60;

/**
 * The storage a listing's name speaks of ("iPhone 13 128GB", "S24 Ultra 1 TB" → 128, 1024): the
 * last size in it that phones are sold with; null when it names none.
 */
export function storageFromName(name: string): number | null {
  let found: number | null = null;
  for (const [, amount, unit] of name.matchAll(/(?<![\d.])(\d{1,4})\s*(gb|tb)(?![a-z])/gi)) {
    const gb = Number(amount) * ((unit ?? '').toLowerCase() === 'tb' ? 1024 : 1);
    if ((STORAGE_OPTIONS_GB as readonly number[]).includes(gb)) found = gb;
  }
  return found;
}

export const STORAGE_MESSAGE = `Storage must be one of ${STORAGE_OPTIONS_GB.join(', ')} GB`;
export const BATTERY_MESSAGE = 'Battery health must be a whole number from 1 to 100 (%)';
export const PHOTOS_MAX_MESSAGE = `A listing can have at most ${PHOTOS_MAX} photos`;

export const storageGbSchema = z
  .number({ error: STORAGE_MESSAGE })
  .refine((n) => (STORAGE_OPTIONS_GB as readonly number[]).includes(n), { error: STORAGE_MESSAGE });

export const batteryHealthSchema = z
  .number({ error: BATTERY_MESSAGE })
  .int({ error: BATTERY_MESSAGE })
  .min(1, { error: BATTERY_MESSAGE })
  .max(100, { error: BATTERY_MESSAGE });

export const colourSchema = z
  .string({ error: 'Colour must be text' })
  .trim()
  .min(1, { error: 'Colour is required' })
  .max(COLOUR_MAX, { error: `Colour must be at most ${COLOUR_MAX} characters` });

/** 'unlocked', or the carrier the phone is locked to. */
export const networkLockSchema = z
  .string({ error: 'Network lock must be text' })
  .trim()
  .min(1, { error: 'Say whether the phone is unlocked, or name its carrier' })
  .max(CARRIER_MAX, { error: `The carrier must be at most ${CARRIER_MAX} characters` })
  .regex(...oneLine('The carrier'));

/**
 * "Signed out of Find My / Google account" (true: the activation lock is off), as the seller
 * states it; null on listings posted before it was asked.
 */
export const activationLockOffSchema = z.boolean({
  error: 'Say whether the phone is signed out of Find My / Google account (true or false)',
});

/** Whether the phone is fully paid off, as the seller states it; null: not stated. */
export const paidOffSchema = z.boolean({
  error: 'Say whether the phone is fully paid off (true or false)',
});

export const includedSchema = z
  .array(
    z.enum(INCLUDED_ITEMS, { error: `What is included is some of: ${INCLUDED_ITEMS.join(', ')}` }),
  )
  .max(INCLUDED_ITEMS.length)
  .refine((items) => new Set(items).size === items.length, {
    error: 'Name each included item once',
  });

/** A calendar day, YYYY-MM-DD. */
export const warrantyUntilSchema = z.iso.date({ error: 'Warranty must be a date (YYYY-MM-DD)' });

/**
 * The phone's details as a seller gives them. Listings posted before details existed have none,
 * and the spec's add-product call may leave them out: each is optional (null clears it).
 */
export const listingDetailsSchema = z.object({
  storageGb: storageGbSchema.nullable().optional(),
  colour: colourSchema.nullable().optional(),
  batteryHealth: batteryHealthSchema.nullable().optional(),
  networkLock: networkLockSchema.nullable().optional(),
  activationLockOff: activationLockOffSchema.nullable().optional(),
  paidOff: paidOffSchema.nullable().optional(),
  included: includedSchema.optional(),
  warrantyUntil: warrantyUntilSchema.nullable().optional(),
  /** Kept only as a keyed hash and its last four digits; null removes it. */
  imei: imeiSchema.nullable().optional(),
  /** Left out when adding: proposed from the name. */
  model: modelSchema.nullable().optional(),
  /**
   * The listing's area, chosen from the place suggestions (decision 0033): its name becomes the
   * location shown and its centre (never the seller's position) is what distance is measured
   * from. Null removes it (the location text stays).
   */
  placeId: placeIdSchema.nullable().optional(),
  /** A few words on where in the area ("near the Gulshan 2 circle"); null removes them. */
  locationNote: z
    .string({ error: 'The note on the area must be text' })
    .trim()
    .max(PLACE_NOTE_MAX, {
      error: `The note on the area must be at most ${PLACE_NOTE_MAX} characters`,
    })
    .regex(...oneLine('The note on the area'))
    .transform((note) => (note === '' ? null : note))
    .nullable()
    .optional(),
});
export type ListingDetailsInput = z.input<typeof listingDetailsSchema>;

/** The details as the API answers them: null where the seller gave none. */
export const listingDetailsViewSchema = z.object({
  storageGb: z.number().int().nullable(),
  colour: z.string().nullable(),
  batteryHealth: z.number().int().nullable(),
  networkLock: z.string().nullable(),
  /** Signed out of Find My / Google account; null: not stated. */
  activationLockOff: z.boolean().nullable(),
  /** Fully paid off; null: not stated. */
  paidOff: z.boolean().nullable(),
  included: z.array(z.enum(INCLUDED_ITEMS)),
  warrantyUntil: z.string().nullable(),
  /** The area's place and its centre (two decimals); null for a location given as text only. */
  placeId: z.number().int().nullable(),
  placeLat: z.number().nullable(),
  placeLon: z.number().nullable(),
  locationNote: z.string().nullable(),
});
export type ListingDetails = z.infer<typeof listingDetailsViewSchema>;

export const photoUrlSchema = z
  .string({ error: 'A photo must be the URL of an uploaded image' })
  .trim()
  .min(1, { error: 'A photo must be the URL of an uploaded image' })
  .max(500);

/** The listing's photos in order, the cover first; each appears once. */
export const photosSchema = z
  .array(photoUrlSchema, { error: 'Photos must be a list of image URLs' })
  .min(1, { error: 'Add at least one photo' })
  .max(PHOTOS_MAX, { error: PHOTOS_MAX_MESSAGE })
  .refine((urls) => new Set(urls).size === urls.length, { error: 'Each photo can appear once' });

export const listingPhotoSchema = z.object({
  url: z.string(),
  /** Widths of the same photo for `srcset`; absent for a photo stored in one size. */
  srcset: z.string().optional(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

export function toListingPhoto(url: string): ListingPhoto {
  const srcset = imageSrcSet(url);
  return srcset ? { url, srcset } : { url };
}

/**
 * GET /api/price-median: what the product form compares the typed price with, for the model
 * and storage the seller chose, and whether the phone is locked to a carrier (a locked phone is
 * compared with locked ones only; left out: not locked).
 */
export const priceMedianQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: `The category must be one of ${CATEGORIES.join(', ')}` }),
  model: modelSchema,
  storageGb: z.coerce.number({ error: STORAGE_MESSAGE }).pipe(storageGbSchema),
  locked: z
    .enum(['true', 'false'], { error: 'locked must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
export type PriceMedianQuery = z.output<typeof priceMedianQuerySchema>;

/**
 * The median resell price of comparable listings (same category, model and storage, on offer
 * or sold within 90 days) and how many there are; null while fewer than the listing page needs.
 */
export const priceMedianSchema = z.object({
  median: z.object({ median: z.number(), count: z.number().int().min(1) }).nullable(),
});
export type PriceMedian = z.infer<typeof priceMedianSchema>;
