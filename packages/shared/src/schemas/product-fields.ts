import type { ListingPage } from './listing-page.ts';
import type { NewProduct } from './listings.ts';

/**
 * The fields a seller writes that a listing's page answers as they were written: the add body
 * takes them, the edit form starts from them. A new field of listings is one entry here (and in
 * the server's `productFields`).
 */
export const SELLER_FIELDS = [
  'name',
  'location',
  'yearOfUse',
  'originalPrice',
  'resellPrice',
  'Category',
  'condition',
  'description',
  'imgURL',
  'storageGb',
  'colour',
  'batteryHealth',
  'networkLock',
  'included',
  'warrantyUntil',
  'model',
] as const satisfies readonly (keyof NewProduct & keyof ListingPage)[];

/** A listing as its seller wrote it: what the edit form starts from. */
export function sellerFieldsOf(listing: ListingPage): NewProduct {
  const fields: Partial<Record<(typeof SELLER_FIELDS)[number], unknown>> = {};
  for (const field of SELLER_FIELDS) fields[field] = listing[field];
  return {
    // Each field above is read from the listing under its own name, with the same meaning.
    ...(fields as Pick<ListingPage, (typeof SELLER_FIELDS)[number]>),
    photos: listing.photos.map((photo) => photo.url),
  };
}
