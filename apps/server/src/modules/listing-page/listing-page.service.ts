import type { Kysely } from 'kysely';
import {
  SIMILAR_LISTINGS,
  formatDayMonthYear,
  isId,
  toListingPhoto,
  type ListingPage,
  type SimilarListings,
  paths,
} from '@market/shared';
import { readBool, readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { centsToDollars } from '../../lib/money.ts';
import { toProduct } from '../products/public.ts';
import { fairPriceOf } from '../phone-facts/phone-facts.service.ts';
import {
  countOpenListings,
  findListing,
  findListingKind,
  listOnShow,
  listPhotos,
  listPriceHistory,
} from './listing-page.repository.ts';

/** Whether an error is the answer about a listing that moderation took off show. */
export function isUnavailableListing(err: unknown): err is AppError {
  return err instanceof AppError && err.reason === 'common.listing.unavailable';
}

/**
 * Phones like a listing, for its page once it is no longer available: the same model first, then
 * the same brand, newest first. An id the site does not know gets the newest phones on show.
 */
export async function getSimilarListings(
  db: Kysely<Database>,
  id: string,
): Promise<SimilarListings> {
  const kind = isId(id) ? await findListingKind(db, id) : undefined;
  if (!kind) {
    const newest = await listOnShow(db, {}, SIMILAR_LISTINGS);
    return { model: null, brand: null, listings: newest.map(toProduct) };
  }
  const sameModel =
    kind.model === null
      ? []
      : await listOnShow(
          db,
          { category: kind.category, model: kind.model, except: id },
          SIMILAR_LISTINGS,
        );
  const sameBrand =
    sameModel.length < SIMILAR_LISTINGS
      ? await listOnShow(db, { category: kind.category, except: id }, SIMILAR_LISTINGS * 2)
      : [];
  const seen = new Set(sameModel.map((row) => row.id));
  const rows = [...sameModel, ...sameBrand.filter((row) => !seen.has(row.id))];
  return {
    model: kind.model,
    brand: kind.category,
    listings: rows.slice(0, SIMILAR_LISTINGS).map(toProduct),
  };
}

/**
 * Everything a listing's page shows, for anyone (the page is public so that links can be
 * shared). A sold listing stays readable; a deleted one is not found. A held or hidden one (or
 * one of a suspended seller) is unavailable to everyone but its seller and admins, who see it
 * with the reason: pass the `viewer` for that.
 */
export async function getListingPage(
  db: Kysely<Database>,
  id: string,
  publicUrl: string,
  viewer: Actor | null = null,
): Promise<ListingPage> {
  // An address with something longer than an id, or blank, names no listing.
  const row = isId(id) ? await findListing(db, id) : undefined;
  if (!row) throw notFound('common.listing.noSuch');
  const maySeeModerated =
    viewer !== null && (viewer.role === 'admin' || viewer.id === row.sellerId);
  if (row.moderation !== null && !maySeeModerated) {
    throw notFound('common.listing.unavailable');
  }
  const [photos, history, listingCount, fairPrice] = await Promise.all([
    listPhotos(db, id),
    listPriceHistory(db, id),
    countOpenListings(db, row.sellerId),
    fairPriceOf(db, row),
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
    pageUrl: new URL(paths.product(row.id), publicUrl).href,
    coverUrl: new URL(urls[0] ?? row.imgUrl, publicUrl).href,
    model: row.model,
    imeiGiven: row.imeiHash !== null,
    fairPrice,
    ...(row.moderation === null
      ? {}
      : { moderation: { state: row.moderation, reason: row.moderationReason } }),
  };
}
