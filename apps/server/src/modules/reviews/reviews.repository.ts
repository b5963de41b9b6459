import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, SellerReviewsTable } from '../../db/schema.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';

type Db = Kysely<Database>;

/** Reviews as they are read: with their author's name and the phone of their deal. */
export function selectReviewViews(db: Db) {
  return db
    .selectFrom('seller_reviews as r')
    .leftJoin('users as a', 'a.id', 'r.buyerId')
    .leftJoin('bookings as b', 'b.id', 'r.bookingId')
    .leftJoin('booking_inspections as i', 'i.bookingId', 'r.bookingId')
    .select([
      'r.id',
      'r.sellerId',
      'r.rating',
      'r.text',
      'r.createdAt',
      'r.editedAt',
      'r.reply',
      'r.repliedAt',
      'a.name as authorName',
      'b.productName',
      'i.handedOverAt',
      // The price agreed in an offer shows with the review of its deal (0035).
      'b.priceCents as dealPriceCents',
      'b.offerId as dealOfferId',
    ]);
}

export type ReviewView = NonNullable<Awaited<ReturnType<typeof findReviewView>>>;

export function findReviewView(db: Db, id: string) {
  return selectReviewViews(db).where('r.id', '=', id).executeTakeFirst();
}

/** A seller's reviews, newest first, a page at a time. */
export function listSellerReviews(db: Db, sellerId: string, page: PaginationQuery) {
  const rows = newestFirst(
    selectReviewViews(db).where('r.sellerId', '=', sellerId),
    'r.createdAt',
    'r.id',
  );
  const all = db.selectFrom('seller_reviews').where('sellerId', '=', sellerId);
  return listPage(rows, all, page);
}

/** The deal a review is about, as its rules need it. */
export function findDealForReview(db: Db, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'buyerId', 'sellerId', 'status', 'completedAt', 'productName'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

/** The deal's review, if it has one. */
export function findReviewOfDeal(db: Db, bookingId: string) {
  return db
    .selectFrom('seller_reviews')
    .select('id')
    .where('bookingId', '=', bookingId)
    .executeTakeFirst();
}

/**
 * A review, read inside the transaction that is about to change it. On PostgreSQL the row stays
 * locked until the transaction ends, so two changes of one review run one after the other and
 * the second adjusts the seller's figures from what the first wrote.
 */
export function lockReview(db: Db, id: string) {
  const query = db
    .selectFrom('seller_reviews')
    .select(['id', 'sellerId', 'buyerId', 'rating', 'createdAt', 'reply'])
    .where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertReview(db: Db, row: Insertable<SellerReviewsTable>): Promise<void> {
  await db.insertInto('seller_reviews').values(row).execute();
}

export async function updateReview(
  db: Db,
  id: string,
  change: Updateable<SellerReviewsTable>,
): Promise<void> {
  await db.updateTable('seller_reviews').set(change).where('id', '=', id).execute();
}

/** Sets the seller's reply unless there already is one; answers whether it did. */
export async function setReplyOnce(
  db: Db,
  id: string,
  reply: string,
  repliedAt: Date | string,
): Promise<boolean> {
  const result = await db
    .updateTable('seller_reviews')
    .set({ reply, repliedAt })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
