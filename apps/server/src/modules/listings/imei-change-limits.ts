import type { FastifyInstance } from 'fastify';
import {
  IMEI_CHANGES_PER_LISTING,
  IMEI_CHANGES_PER_SELLER,
  IMEI_POSTS_PER_SELLER,
} from '@market/shared';
import { reason, tooMany, waitFor, type AppError } from '../../lib/errors.ts';

/*
 * An IMEI is given when a listing is posted. Changing it afterwards (adding, replacing or
 * removing it) is counted: a typo can be put right, but numbers cannot be tried one after
 * another. Both limits (IMEI_CHANGES_PER_LISTING, IMEI_CHANGES_PER_SELLER) hold for a day from
 * the first change counted.
 */
export { IMEI_CHANGES_PER_LISTING, IMEI_CHANGES_PER_SELLER, IMEI_POSTS_PER_SELLER };
const DAY_S = 24 * 60 * 60;

/** 429 saying the day's limit `max` and how long to wait. */
function refusal(
  key: 'perListing' | 'perSeller' | 'posts',
  max: number,
  seconds: number,
): AppError {
  return tooMany(reason(`bookings.imei.${key}`, { max, wait: waitFor(seconds) }), seconds);
}

/** Counts one change of a listing's IMEI: null when allowed, else the 429 to answer. */
export type ImeiChangeLimit = (productId: string, sellerId: string) => Promise<AppError | null>;

export function createImeiChangeLimit(app: FastifyInstance): ImeiChangeLimit {
  const perListing = app.rateLimiter({
    name: 'imei-changes-listing',
    max: IMEI_CHANGES_PER_LISTING,
    windowSeconds: DAY_S,
  });
  const perSeller = app.rateLimiter({
    name: 'imei-changes-seller',
    max: IMEI_CHANGES_PER_SELLER,
    windowSeconds: DAY_S,
  });
  return async (productId, sellerId) => {
    const listingWait = await perListing.consume(productId);
    if (listingWait !== null) {
      return refusal('perListing', IMEI_CHANGES_PER_LISTING, listingWait);
    }
    const sellerWait = await perSeller.consume(sellerId);
    if (sellerWait !== null) {
      return refusal('perSeller', IMEI_CHANGES_PER_SELLER, sellerWait);
    }
    return null;
  };
}

/** Counts one new listing posted with an IMEI: null when allowed, else the 429 to answer. */
export type ImeiPostLimit = (sellerId: string) => Promise<AppError | null>;

export function createImeiPostLimit(app: FastifyInstance): ImeiPostLimit {
  const perSeller = app.rateLimiter({
    name: 'imei-posts-seller',
    max: IMEI_POSTS_PER_SELLER,
    windowSeconds: DAY_S,
  });
  return async (sellerId) => {
    const wait = await perSeller.consume(sellerId);
    if (wait === null) return null;
    return refusal('posts', IMEI_POSTS_PER_SELLER, wait);
  };
}
