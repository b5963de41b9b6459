import type { Kysely } from 'kysely';
import {
  REPLY_TIME_MIN_REPLIES,
  REPLY_TIME_WINDOW_DAYS,
  SELLER_PROFILE_LISTINGS,
  formatDayMonthYear,
  isId,
  type SellerProfile,
  paths,
} from '@market/shared';
import { readBool, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { sellerRating, toProduct } from '../products/public.ts';
import { median, replyWaits } from './reply-time.ts';
import {
  countOfferedListings,
  findSellerAccount,
  listOfferedListings,
  listRecentMessages,
} from './seller-profile.repository.ts';
import { findSellerStats } from './seller-stats.repository.ts';
import { sellerShowUp } from '../bookings/check-ins.service.ts';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many recent messages are read to measure a reply time. */
const REPLY_TIME_MESSAGES_MAX = 5_000;

/** The seller's account; 404 for an unknown id and for accounts that are not sellers. */
export async function requireSeller(db: Db, id: string) {
  // An address with something longer than an id, or blank, names no seller.
  const account = isId(id) ? await findSellerAccount(db, id) : undefined;
  if (!account || account.role !== 'seller') throw notFound('accounts.reviews.noSuchSeller');
  return account;
}

/** The median minutes the seller took to answer a waiting buyer lately; null with few answers. */
export async function medianReplyMinutes(
  db: Db,
  sellerId: string,
  now: Date = new Date(),
): Promise<number | null> {
  const since = valueWriters(db).date(new Date(now.getTime() - REPLY_TIME_WINDOW_DAYS * DAY_MS));
  const messages = await listRecentMessages(db, sellerId, since, REPLY_TIME_MESSAGES_MAX);
  const waits = replyWaits(messages, sellerId);
  if (waits.length < REPLY_TIME_MIN_REPLIES) return null;
  return Math.round((median(waits) ?? 0) / 60_000);
}

/**
 * A seller's public profile: who they are, their figures (completed deals, stars, how fast they
 * answer) and their first listings on offer. For anyone, so that it can be shared.
 */
export async function getSellerProfile(
  db: Db,
  id: string,
  publicUrl: string,
  now: Date = new Date(),
): Promise<SellerProfile> {
  const seller = await requireSeller(db, id);
  const [stats, listings, listingCount, replyMinutes, showUp] = await Promise.all([
    findSellerStats(db, id),
    listOfferedListings(db, id, SELLER_PROFILE_LISTINGS),
    countOfferedListings(db, id),
    medianReplyMinutes(db, id, now),
    sellerShowUp(db, id),
  ]);
  return {
    _id: seller.id,
    name: seller.name || null,
    img: seller.image,
    verified: readBool(seller.isVerifiedUser),
    memberSince: formatDayMonthYear(readDate(seller.createdAt)),
    completedDeals: stats?.completedDeals ?? 0,
    checkedDeals: stats?.checkedDeals ?? 0,
    rating: sellerRating(stats?.ratingSum ?? null, stats?.ratingCount ?? null),
    replyMinutes,
    showUp,
    listings: listings.map(toProduct),
    listingCount,
    pageUrl: new URL(paths.seller(seller.id), publicUrl).href,
  };
}
