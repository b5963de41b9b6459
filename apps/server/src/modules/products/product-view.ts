import type { Kysely } from 'kysely';
import { formatDayMonthYear, formatTime, type Product, type SellerRating } from '@market/shared';
import { readBool, readDate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { centsToDollars } from '../../lib/money.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { readFields } from './product-fields.ts';

/**
 * Products as every list shows them: the product row plus the seller's name, email and
 * verification, and their rating's running figures (a primary-key lookup in seller_stats), so a
 * card needs no further call. Shared by the catalog and the seller's own listings. The
 * possession proof (one primary-key lookup) says whether the card shows "Photo verified".
 */
export function selectProductViews(db: Kysely<Database>) {
  return db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.sellerId')
    .leftJoin('seller_stats as ss', 'ss.sellerId', 'p.sellerId')
    .leftJoin('possession_proofs as pp', 'pp.productId', 'p.id')
    .select([
      'p.id',
      'p.sellerId',
      'p.category',
      'p.name',
      'p.imgUrl',
      'p.originalPriceCents',
      'p.resellPriceCents',
      'p.yearOfPurchase',
      'p.condition',
      'p.description',
      'p.location',
      'p.advertised',
      'p.postedAt',
      'p.status',
      'p.previousResellPriceCents',
      'p.storageGb',
      'p.colour',
      'p.batteryHealth',
      'p.networkLock',
      'p.activationLockOff',
      'p.paidOff',
      'p.included',
      'p.warrantyUntil',
      'p.placeId',
      'p.placeLat',
      'p.placeLon',
      'p.locationNote',
      'u.email as sellerEmail',
      'u.name as sellerName',
      'u.isVerifiedUser as sellerVerified',
      'ss.ratingSum as sellerRatingSum',
      'ss.ratingCount as sellerRatingCount',
      'pp.status as possessionStatus',
    ]);
}

export type ProductViewRow = Awaited<
  ReturnType<ReturnType<typeof selectProductViews>['executeTakeFirstOrThrow']>
>;

/**
 * A product as anyone may see it. The seller's address is masked ("s***@example.com"): public
 * answers, pages and cards are shared by every viewer, and nobody reads another person's email
 * address (a buyer gets it in My Orders once the seller accepted their request). The seller's
 * own lists use `ownProduct`.
 */
export function toProduct(row: ProductViewRow): Product {
  return { ...ownProduct(row), userEmail: maskEmail(row.sellerEmail) };
}

/** A product as its seller sees it in their own lists: with their own address in full. */
export function ownProduct(row: ProductViewRow): Product {
  const postedAt = readDate(row.postedAt);
  return {
    _id: row.id,
    ...readFields(row),
    placeLat: row.placeLat,
    placeLon: row.placeLon,
    postedDate: formatDayMonthYear(postedAt),
    postedTime: formatTime(postedAt),
    userEmail: row.sellerEmail,
    userName: row.sellerName,
    available: readBool(row.advertised),
    sellerVerified: readBool(row.sellerVerified),
    photoVerified: row.possessionStatus === 'verified',
    sellerId: row.sellerId,
    sellerRating: sellerRating(row.sellerRatingSum, row.sellerRatingCount),
    status: row.status,
    previousResellPrice:
      row.previousResellPriceCents === null ? null : centsToDollars(row.previousResellPriceCents),
  };
}

/** A seller's stars from their running figures: null before the first review. */
export function sellerRating(sum: number | null, count: number | null): SellerRating | null {
  if (!sum || !count) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}
