import type { Kysely } from 'kysely';
import { formatDayMonthYear, toListingPhoto, type ListingPage } from '@market/shared';
import { readBool, readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { centsToDollars } from '../../lib/money.ts';
import { toProduct } from '../catalog/product-view.ts';
import {
  countOpenListings,
  findListing,
  listPhotos,
  listPriceHistory,
} from './listing-page.repository.ts';

export const NO_SUCH_LISTING = 'No such listing: it may have been deleted';

/**
 * Everything a listing's page shows, for anyone (the page is public so that links can be
 * shared). A sold listing stays readable; a deleted one is not found.
 */
export async function getListingPage(
  db: Kysely<Database>,
  id: string,
  publicUrl: string,
): Promise<ListingPage> {
  const row = await findListing(db, id);
  if (!row) throw notFound(NO_SUCH_LISTING);
  const [photos, history, listingCount] = await Promise.all([
    listPhotos(db, id),
    listPriceHistory(db, id),
    countOpenListings(db, row.sellerId),
  ]);
  const urls = photos.length > 0 ? photos.map((p) => p.url) : [row.imgUrl];
  return {
    ...toProduct(row),
    photos: urls.map(toListingPhoto),
    priceHistory: history.map((h) => ({
      originalPrice: centsToDollars(h.originalPriceCents),
      resellPrice: centsToDollars(h.resellPriceCents),
      changedAt: readDate(h.changedAt).toISOString(),
    })),
    seller: {
      name: row.sellerName,
      verified: readBool(row.sellerVerified),
      memberSince: formatDayMonthYear(readDate(row.sellerSince)),
      listingCount,
    },
    postedAt: readDate(row.postedAt).toISOString(),
    pageUrl: new URL(`/product/${encodeURIComponent(row.id)}`, publicUrl).href,
    coverUrl: new URL(urls[0] ?? row.imgUrl, publicUrl).href,
  };
}
