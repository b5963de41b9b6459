import type { Kysely } from 'kysely';
import {
  FAIR_PRICE_MIN_COUNT,
  FAR_BELOW_MEDIAN,
  KNOWN_MODELS,
  inspectionAnswersSchema,
  isId,
  type PhoneHistory,
  NEW_ACCOUNT_DAYS,
  isFarBelowMedian,
  priceFactors,
  MODEL_SUGGESTIONS_MAX,
  matchModels,
  modelFromName,
  priceVerdict,
  type CategoryName,
  type FairPrice,
  type modelsQuerySchema,
} from '@market/shared';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { readDate } from '../../db/dialect.ts';
import { centsToDollars } from '../../lib/money.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findHistoryListing,
  listCheckedSales,
  listEarlierListings,
  listSoldHere,
} from './phone-history.repository.ts';
import type { ImeiHasher, StoredImei } from './imei-hasher.ts';
import {
  duplicateImeiNote,
  fileDuplicateImeiReport,
  fileMarketplaceReport,
  findAccountCreatedAt,
  findListingPrice,
  findOtherActiveListingWithImei,
  holdListing,
  lockImei,
} from './phone-facts.repository.ts';
import {
  STOLEN_IMEI_REASON,
  findActiveStolenReport,
  holdListingsOfStolenImei,
  stolenImeiNote,
} from './stolen-holds.ts';
import {
  findPriceKey,
  findPriceStats,
  listAgedPriceKeys,
  listListedModels,
  listModelComparables,
  PRICE_KEY_COLUMNS,
  priceKeyOf,
  refreshPriceStats,
  type PriceKey,
} from './price-stats.repository.ts';

type Db = Kysely<Database>;

/**
 * What the seller is told while a listing waits for a moderator because of its IMEI: the same
 * words whether it matched someone else's listing or was only changed after posting, so that
 * trying numbers on one's own listing tells nothing about other people's phones.
 */
export const IMEI_CHECK_HELD = 'Waiting for a moderator to check it before it is shown';
/** A match with another listing of the same seller tells them nothing they do not know. */
export const OWN_DUPLICATE_IMEI_HELD =
  'Its IMEI matches another of your listings: a moderator checks it before it is shown';
/** The marketplace's report on a listing whose IMEI changed after posting and matched nothing. */
export const IMEI_CHANGED_REASON = 'imei_changed';

const noImei = { imeiHash: null, imeiLast4: null };

/** The IMEI columns for a given IMEI (null removes it). */
export function imeiColumns(hasher: ImeiHasher, imei: string | null): StoredImei | typeof noImei {
  return imei === null ? noImei : hasher.store(imei);
}

/**
 * A new listing's phone facts: its IMEI as stored, and its model as given or, when left out
 * (as the specification's own call does), the known model its name names.
 */
export function newListingFacts(
  hasher: ImeiHasher,
  fields: { name: string; Category: CategoryName; imei?: string | null; model?: string | null },
) {
  return {
    ...imeiColumns(hasher, fields.imei ?? null),
    model: fields.model === undefined ? modelFromName(fields.name, fields.Category) : fields.model,
  };
}

export interface ListingWritten {
  productId: string;
  sellerId: string;
  /** The IMEI's hash when this write gave the listing one it did not have. */
  newImeiHash: string | null;
  /** True for an edit of a posted listing, false when it is posted. */
  changedAfterPosting: boolean;
  /** The listing's price key before the write; null for a new listing. */
  keyBefore: PriceKey | null;
  /**
   * Whether this write may have put the price far below its median: a new listing, or an edit
   * of its resell price or of what its key is made of (model, storage, network lock).
   */
  priceChanged: boolean;
}

/** The marketplace's report on a far-below price posted by a new account. */
export const PRICE_FAR_BELOW_REASON = 'price_far_below';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What follows a listing's add or change, in its transaction: a listing that shares a new IMEI
 * with another listing not sold is held, with the marketplace's own report for the moderators;
 * so is a posted listing given a new IMEI, match or not (see `holdForImei`); and the medians of
 * the keys it left and joined are counted again.
 */
export async function settlePhoneFacts(db: Db, write: ListingWritten, now: Date): Promise<void> {
  if (write.newImeiHash) {
    await holdForImei(db, write, write.newImeiHash, now);
    await holdIfReportedStolen(db, write.productId, write.newImeiHash, now);
  }
  const keyAfter = await findPriceKey(db, write.productId);
  await refreshPriceStats(db, [write.keyBefore, keyAfter], now);
  if (write.priceChanged) await reportFarBelowFromNewAccount(db, write, now);
}

/**
 * A price more than 35% below its key's median (as the listing page shows it, this listing
 * counted), posted or changed by an account less than NEW_ACCOUNT_DAYS old, goes to the
 * moderators as the marketplace's own report (once while one is open). The listing stays on
 * show: a low price is no proof of anything; the buyer's page says to take care either way.
 */
async function reportFarBelowFromNewAccount(
  db: Db,
  write: ListingWritten,
  now: Date,
): Promise<void> {
  const listing = await findListingPrice(db, write.productId);
  const key = listing ? priceKeyOf(listing) : null;
  if (!listing || !key) return;
  const stats = await findPriceStats(db, key);
  if (!stats || stats.count < FAIR_PRICE_MIN_COUNT) return;
  if (!isFarBelowMedian(listing.resellPriceCents, stats.medianCents)) return;
  const account = await findAccountCreatedAt(db, write.sellerId);
  if (!account) return;
  const age = now.getTime() - readDate(account.createdAt).getTime();
  if (age >= NEW_ACCOUNT_DAYS * DAY_MS) return;
  const below = Math.round((1 - listing.resellPriceCents / stats.medianCents) * 100);
  await fileMarketplaceReport(
    db,
    write.productId,
    PRICE_FAR_BELOW_REASON,
    `Priced $${centsToDollars(listing.resellPriceCents)}, ${below}% below the median of ` +
      `$${centsToDollars(stats.medianCents)} (${stats.count} sellers; more than ` +
      `${Math.round((1 - FAR_BELOW_MEDIAN) * 100)}% below is reported) by an account ` +
      `${Math.floor(age / DAY_MS)} days old`,
    now,
  );
}

/**
 * A new listing is held when another listing not sold has its IMEI. A posted listing given a
 * new IMEI is held either way: were only matches held, a seller could try numbers on their own
 * listing and learn from its state which one another seller's phone has. The seller reads the
 * same words for both, unless the match is with their own listing.
 */
async function holdForImei(
  db: Db,
  write: ListingWritten,
  imeiHash: string,
  now: Date,
): Promise<void> {
  const { productId } = write;
  await lockImei(db, imeiHash);
  const other = await findOtherActiveListingWithImei(db, imeiHash, productId);
  if (other) {
    const own = other.sellerId === write.sellerId;
    await holdListing(db, productId, own ? OWN_DUPLICATE_IMEI_HELD : IMEI_CHECK_HELD);
    await fileDuplicateImeiReport(db, productId, duplicateImeiNote(other.id), now);
  } else if (write.changedAfterPosting && (await holdListing(db, productId, IMEI_CHECK_HELD))) {
    await fileMarketplaceReport(
      db,
      productId,
      IMEI_CHANGED_REASON,
      'The seller changed the IMEI after posting; it matches no other listing',
      now,
    );
  }
}

/**
 * A listing given an IMEI an owner reported stolen waits for a moderator, with the
 * marketplace's report naming the stolen-phone report; its seller reads the same words as for
 * any IMEI check (decision 0031).
 */
async function holdIfReportedStolen(
  db: Db,
  productId: string,
  imeiHash: string,
  now: Date,
): Promise<void> {
  const stolen = await findActiveStolenReport(db, imeiHash);
  if (!stolen) return;
  await holdListing(db, productId, IMEI_CHECK_HELD);
  await fileMarketplaceReport(db, productId, STOLEN_IMEI_REASON, stolenImeiNote(stolen.id), now);
}

/**
 * Holds every listing of a phone just reported stolen that is not sold, in the report's
 * transaction (after `lockImei`); answers their ids.
 */
export function holdListingsReportedStolen(
  db: Db,
  imeiHash: string,
  stolenReportId: string,
  now: Date,
): Promise<string[]> {
  return holdListingsOfStolenImei(db, imeiHash, stolenReportId, IMEI_CHECK_HELD, now);
}

/**
 * Counts the listing's median again after a change that moves it in or out of the count (a
 * sale, moderation), in that change's transaction.
 */
export async function refreshListingPriceStats(
  db: Db,
  productId: string,
  now: Date = new Date(),
): Promise<void> {
  await refreshPriceStats(db, [await findPriceKey(db, productId)], now);
}

/**
 * Counts again the medians of every model a seller lists, after a change that moves all their
 * listings in or out of the count (a suspension, or its end), in that change's transaction.
 */
export async function refreshSellerPriceStats(
  db: Db,
  sellerId: string,
  now: Date = new Date(),
): Promise<void> {
  const rows = await db
    .selectFrom('products')
    .select(PRICE_KEY_COLUMNS)
    .distinct()
    .where('sellerId', '=', sellerId)
    .execute();
  await refreshPriceStats(db, rows.map(priceKeyOf), now);
}

/**
 * How the listing's price compares with its key's median, whether it is far below it, and what
 * moves its price against the model's other listings (`priceFactors`); null without enough to
 * compare.
 */
export async function fairPriceOf(
  db: Db,
  listing: {
    id: string;
    category: string;
    model: string | null;
    storageGb: number | null;
    networkLock: string | null;
    batteryHealth: number | null;
    condition: string;
    resellPriceCents: number;
  },
  now: Date = new Date(),
): Promise<FairPrice | null> {
  const key = priceKeyOf(listing);
  if (!key) return null;
  const stats = await findPriceStats(db, key);
  if (!stats || stats.count < FAIR_PRICE_MIN_COUNT) return null;
  const pool = await listModelComparables(db, key, listing.id, now);
  return {
    median: centsToDollars(stats.medianCents),
    count: stats.count,
    verdict: priceVerdict(listing.resellPriceCents, stats.medianCents),
    farBelow: isFarBelowMedian(listing.resellPriceCents, stats.medianCents),
    factors: priceFactors({ ...listing, priceCents: listing.resellPriceCents }, pool),
  };
}

/**
 * Whether a price agreed for the listing is far below the fair median of its comparables (an
 * accepted offer reminds both sides to meet and check the phone); false without a median.
 */
export async function isFarBelowListingMedian(
  db: Db,
  productId: string,
  priceCents: number,
): Promise<boolean> {
  const key = await findPriceKey(db, productId);
  if (!key) return false;
  const stats = await findPriceStats(db, key);
  if (!stats || stats.count < FAIR_PRICE_MIN_COUNT) return false;
  return isFarBelowMedian(priceCents, stats.medianCents);
}

/** The median of a key for the product form; null without enough listings to compare. */
export async function priceMedian(
  db: Db,
  key: PriceKey,
): Promise<{ median: number; count: number } | null> {
  const stats = await findPriceStats(db, key);
  if (!stats || stats.count < FAIR_PRICE_MIN_COUNT) return null;
  return { median: centsToDollars(stats.medianCents), count: stats.count };
}

/** A model listed this often is suggested to other sellers (once could be a typo). */
export const LISTED_MODEL_MIN_COUNT = 2;
const LISTED_MODELS_READ = 200;

/**
 * Models to suggest for what a seller typed: the models already listed (most listed first),
 * then the known models of the category (or of every category).
 */
export async function suggestModels(
  db: Db,
  query: z.output<typeof modelsQuerySchema>,
): Promise<string[]> {
  const listed = await listListedModels(
    db,
    query.category,
    LISTED_MODEL_MIN_COUNT,
    LISTED_MODELS_READ,
  );
  const known = query.category ? KNOWN_MODELS[query.category] : Object.values(KNOWN_MODELS).flat();
  return matchModels(query.q, [...listed, ...known], MODEL_SUGGESTIONS_MAX);
}

const AGED_BATCH = 100;
const AGED_BATCHES_MAX = 100;

/**
 * Counts again the keys whose earliest counted sale has left the window since their last
 * change; answers how many. Each key in its own short transaction.
 */
export async function refreshAgedPriceStats(db: Db, now: Date = new Date()): Promise<number> {
  let refreshed = 0;
  for (let batch = 0; batch < AGED_BATCHES_MAX; batch++) {
    const keys = await listAgedPriceKeys(db, now, AGED_BATCH);
    for (const key of keys) {
      await db.transaction().execute((trx) => refreshPriceStats(trx, [key], now));
    }
    refreshed += keys.length;
    if (keys.length < AGED_BATCH) break;
  }
  return refreshed;
}

/** "2026-03" of a stored time. */
function monthOf(value: Date | string): string {
  return readDate(value).toISOString().slice(0, 7);
}

function batteryOf(answersJson: string | undefined): number | null {
  if (!answersJson) return null;
  const parsed = inspectionAnswersSchema.safeParse(JSON.parse(answersJson));
  return parsed.success ? parsed.data.batteryHealth : null;
}

/**
 * The listing asked about, for its phone's history: its IMEI's keyed hash and posting time.
 * 404 for a listing that is gone or off show, as its page answers anyone but its seller.
 */
export async function findHistoryKey(
  db: Db,
  productId: string,
): Promise<{ productId: string; imeiHash: string | null; postedAt: Date | string }> {
  const listing = isId(productId) ? await findHistoryListing(db, productId) : undefined;
  if (!listing) throw notFound('common.listing.noSuchProduct');
  if (listing.moderation !== null) throw notFound('common.listing.unavailable');
  return { productId: listing.id, imeiHash: listing.imeiHash, postedAt: listing.postedAt };
}

/**
 * What the marketplace knows of the phone from its earlier listings here (by the IMEI's keyed
 * hash): when each was listed and sold (month and year), its condition and battery health, and
 * whether it was checked at the hand-over or held by moderators. Nothing of any person: no
 * names, ids, places or prices. A listing without an IMEI has no history.
 */
export async function getPhoneHistory(
  db: Db,
  key: { productId: string; imeiHash: string | null; postedAt: Date | string },
): Promise<PhoneHistory> {
  if (key.imeiHash === null) return { imeiGiven: false, entries: [] };
  const listings = await listEarlierListings(db, key.imeiHash, key.productId, key.postedAt);
  const ids = listings.map((l) => l.id);
  const [soldHere, checked] = await Promise.all([listSoldHere(db, ids), listCheckedSales(db, ids)]);
  return {
    imeiGiven: true,
    entries: listings.map((l) => ({
      listed: monthOf(l.postedAt),
      sold: l.status === 'sold' && l.soldAt !== null ? monthOf(l.soldAt) : null,
      soldHere: soldHere.has(l.id),
      condition: l.condition,
      batteryHealth: l.batteryHealth,
      batteryAtHandover: batteryOf(checked.get(l.id)),
      checkedAtHandover: checked.has(l.id),
      held: l.moderation === 'held' || l.moderation === 'hidden',
    })),
  };
}
