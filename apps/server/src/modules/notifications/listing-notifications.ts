import type { Kysely, Transaction } from 'kysely';
import { paths } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Notices } from './notify.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who keeps the listing in their wish list. */
async function wishlistUserIds(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wishlistItems')
    .select('userId')
    .distinct()
    .where('productId', '=', productId)
    .execute();
  return rows.map((r) => r.userId);
}

export interface PriceDrop {
  productId: string;
  productName: string;
  fromCents: number;
  toCents: number;
  /** The price history row of this change. */
  changeId: string;
}

/** "2026-11-26": the UTC day a notice belongs to. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A saved listing got cheaper: everyone who saved it hears of it, in the edit's transaction,
 * once a day per listing at most (a seller moving the price up and down sends one notice).
 */
export async function notifyPriceDrop(notices: Notices, drop: PriceDrop, now: Date = new Date()) {
  for (const userId of await wishlistUserIds(notices.trx, drop.productId)) {
    await notices.notify({
      userId,
      kind: 'saved_price_drop',
      params: {
        productName: drop.productName,
        fromCents: drop.fromCents,
        toCents: drop.toCents,
      },
      link: paths.product(drop.productId),
      dedupeKey: `price_drop:${drop.productId}:${userId}:${utcDay(now)}`,
      now,
    });
  }
}

/**
 * A saved listing was sold: everyone who saved it hears of it, but the buyer who bought it.
 * In the transaction of the sale.
 */
export async function notifySavedSold(
  notices: Notices,
  listing: { productId: string; productName: string; buyerId: string | null },
  now: Date = new Date(),
) {
  for (const userId of await wishlistUserIds(notices.trx, listing.productId)) {
    if (userId === listing.buyerId) continue;
    await notices.notify({
      userId,
      kind: 'saved_sold',
      params: { productName: listing.productName },
      link: paths.dashboard.myWishlist,
      dedupeKey: `sold:${listing.productId}:${userId}`,
      now,
    });
  }
}

/**
 * An admin verified the seller: they hear of it, in the same transaction. Only the change from
 * unverified calls this, so each verification (after one taken back, say) is its own notice.
 */
export async function notifySellerVerified(
  notices: Notices,
  sellerId: string,
  now: Date = new Date(),
) {
  await notices.notify({
    userId: sellerId,
    kind: 'seller_verified',
    params: {},
    link: paths.dashboard.myProducts,
    dedupeKey: `seller_verified:${sellerId}:${now.toISOString()}`,
    now,
  });
}
