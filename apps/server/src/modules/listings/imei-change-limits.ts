import type { FastifyInstance } from 'fastify';
import {
  IMEI_CHANGES_PER_LISTING,
  IMEI_CHANGES_PER_SELLER,
  IMEI_POSTS_PER_SELLER,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { waitInWords } from '../../plugins/rate-limit.ts';

/*
 * An IMEI is given when a listing is posted. Changing it afterwards (adding, replacing or
 * removing it) is counted: a typo can be put right, but numbers cannot be tried one after
 * another. Both limits (IMEI_CHANGES_PER_LISTING, IMEI_CHANGES_PER_SELLER) hold for a day from
 * the first change counted.
 */
export { IMEI_CHANGES_PER_LISTING, IMEI_CHANGES_PER_SELLER, IMEI_POSTS_PER_SELLER };
const DAY_S = 24 * 60 * 60;

/** "5 hours", "1 hour", or the minutes and seconds of `waitInWords` under an hour. */
function longWaitInWords(seconds: number): string {
  if (seconds < 60 * 60) return waitInWords(seconds);
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

function refusal(message: string, seconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
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
      return refusal(
        `The IMEI of a listing can be changed ${IMEI_CHANGES_PER_LISTING} times a day. Try again in ${longWaitInWords(listingWait)}.`,
        listingWait,
      );
    }
    const sellerWait = await perSeller.consume(sellerId);
    if (sellerWait !== null) {
      return refusal(
        `You can change IMEIs ${IMEI_CHANGES_PER_SELLER} times a day across your listings. Try again in ${longWaitInWords(sellerWait)}.`,
        sellerWait,
      );
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
    return refusal(
      `You can post ${IMEI_POSTS_PER_SELLER} listings with an IMEI a day. Try again in ${longWaitInWords(wait)}, or post this one without its IMEI now.`,
      wait,
    );
  };
}
