import { z } from 'zod';
import { IMAGE_URL_PATH } from './images.ts';

/** Storage sizes a listing may name, in GB: the sizes phones are sold with. */
export const STORAGE_OPTIONS_GB = [16, 32, 64, 128, 256, 512, 1024] as const;
/** What may come with the phone. */
export const INCLUDED_ITEMS = ['box', 'charger', 'cable', 'case'] as const;
export type IncludedItem = (typeof INCLUDED_ITEMS)[number];
/** The network lock of a phone that works with any carrier; anything else names the carrier. */
export const NETWORK_UNLOCKED = 'unlocked';
/** Photos one listing may have; the first is its cover (the spec's imgURL). */
export const PHOTOS_MAX = 8;
export const COLOUR_MAX = 40;
export const CARRIER_MAX = 60;

export const STORAGE_MESSAGE = `Storage must be one of ${STORAGE_OPTIONS_GB.join(', ')} GB`;
export const BATTERY_MESSAGE = 'Battery health must be a whole number from 1 to 100 (%)';
export const PHOTOS_MAX_MESSAGE = `A listing can have at most ${PHOTOS_MAX} photos`;

/** "1 TB" for 1024, "128 GB" otherwise. */
export function formatStorage(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}

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
  .max(CARRIER_MAX, { error: `The carrier must be at most ${CARRIER_MAX} characters` });

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
  included: includedSchema.optional(),
  warrantyUntil: warrantyUntilSchema.nullable().optional(),
});
export type ListingDetailsInput = z.input<typeof listingDetailsSchema>;

/** The details as the API answers them: null where the seller gave none. */
export const listingDetailsViewSchema = z.object({
  storageGb: z.number().int().nullable(),
  colour: z.string().nullable(),
  batteryHealth: z.number().int().nullable(),
  networkLock: z.string().nullable(),
  included: z.array(z.enum(INCLUDED_ITEMS)),
  warrantyUntil: z.string().nullable(),
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

/**
 * The widths, in pixels, an uploaded image is also stored at (`<hash>-<width>.webp`), so that a
 * card or a thumbnail never downloads the full-size photo. Only these exist.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

const UPLOAD_NAME = /^([0-9a-f]{64})\.webp$/;

/** The hash of an uploaded image's full-size URL (relative or with an origin), or null. */
function uploadHash(url: string): string | null {
  const at = url.indexOf(IMAGE_URL_PATH);
  if (at < 0) return null;
  return UPLOAD_NAME.exec(url.slice(at + IMAGE_URL_PATH.length))?.[1] ?? null;
}

/** The URL of an upload's stored variant of this width; other images have none (null). */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  const hash = uploadHash(url);
  return hash
    ? `${url.slice(0, url.indexOf(IMAGE_URL_PATH))}${IMAGE_URL_PATH}${hash}-${width}.webp`
    : null;
}

/**
 * The `srcset` of an image: its stored widths, and the full size (1600 px on the long edge)
 * unless `full` is false (a card, which must never download it). Undefined for images stored in
 * one size only (the demo photos, 600 px), which need none.
 */
export function imageSrcSet(
  url: string,
  { full = true }: { full?: boolean } = {},
): string | undefined {
  if (!uploadHash(url)) return undefined;
  const variants = IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`);
  return (full ? [...variants, `${url} 1600w`] : variants).join(', ');
}

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
