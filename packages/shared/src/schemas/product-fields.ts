import { listingPageSchema, type ListingPage } from './listing-page.ts';
import { newProductSchema, type NewProduct } from './listings.ts';

/**
 * The fields a seller writes that a listing's page answers as they were written: the fields of
 * the add body that the listing page has too (the photos aside: the page answers them with their
 * sizes). A field added to both schemas is one of them without more.
 */
export const SELLER_FIELDS = Object.keys(newProductSchema.shape).filter(
  (field) => field !== 'photos' && field in listingPageSchema.shape,
) as (keyof NewProduct & keyof ListingPage)[];

/** A listing as its seller wrote it: what the edit form starts from. */
export function sellerFieldsOf(listing: ListingPage): NewProduct {
  const fields = Object.fromEntries(SELLER_FIELDS.map((field) => [field, listing[field]]));
  return {
    // Each field is read from the listing under its own name, with the same meaning.
    ...(fields as Omit<Pick<ListingPage, keyof NewProduct & keyof ListingPage>, 'photos'>),
    photos: listing.photos.map((photo) => photo.url),
  };
}
