import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * Adds to a seller's running figures, making their row on first use. Called inside the
 * transaction of the change it counts; concurrent additions queue on the row.
 */
async function addToStats(
  db: Db,
  sellerId: string,
  change: {
    ratingSum?: number;
    ratingCount?: number;
    completedDeals?: number;
    checkedDeals?: number;
  },
): Promise<void> {
  const ratingSum = change.ratingSum ?? 0;
  const ratingCount = change.ratingCount ?? 0;
  const completedDeals = change.completedDeals ?? 0;
  const checkedDeals = change.checkedDeals ?? 0;
  await db
    .insertInto('seller_stats')
    .values({ sellerId, ratingSum, ratingCount, completedDeals, checkedDeals })
    .onConflict((oc) =>
      oc.column('sellerId').doUpdateSet((eb) => ({
        ratingSum: eb('seller_stats.ratingSum', '+', ratingSum),
        ratingCount: eb('seller_stats.ratingCount', '+', ratingCount),
        completedDeals: eb('seller_stats.completedDeals', '+', completedDeals),
        checkedDeals: eb('seller_stats.checkedDeals', '+', checkedDeals),
      })),
    )
    .execute();
}

/** A deal of the seller's was completed: counted in the deal's own transaction. */
export function countCompletedDeal(db: Db, sellerId: string, checked = false): Promise<void> {
  return addToStats(db, sellerId, { completedDeals: 1, checkedDeals: checked ? 1 : 0 });
}

/** A new review's stars. */
export function countRating(db: Db, sellerId: string, rating: number): Promise<void> {
  return addToStats(db, sellerId, { ratingSum: rating, ratingCount: 1 });
}

/** A review's stars changed from `before` to `after`. */
export function recountRating(
  db: Db,
  sellerId: string,
  before: number,
  after: number,
): Promise<void> {
  return addToStats(db, sellerId, { ratingSum: after - before });
}

export function findSellerStats(db: Db, sellerId: string) {
  return db
    .selectFrom('seller_stats')
    .select(['ratingSum', 'ratingCount', 'completedDeals', 'checkedDeals'])
    .where('sellerId', '=', sellerId)
    .executeTakeFirst();
}
