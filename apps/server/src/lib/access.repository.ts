import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * The relations between a user and a thing that access rules are made of. Each is one indexed
 * lookup that answers only whether the relation holds.
 */

async function holds<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
): Promise<boolean> {
  const row = await query
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function isSellerOfProduct(db: Kysely<Database>, userId: string, productId: string) {
  return holds(
    db.selectFrom('products').where('id', '=', productId).where('sellerId', '=', userId),
  );
}

/** The buyer who booked, or the seller whose product was booked. */
export function isPartyToBooking(db: Kysely<Database>, userId: string, bookingId: string) {
  return holds(
    db
      .selectFrom('bookings')
      .where('id', '=', bookingId)
      .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)])),
  );
}

/** The buyer who booked. */
export function isBuyerOfBooking(db: Kysely<Database>, userId: string, bookingId: string) {
  return holds(db.selectFrom('bookings').where('id', '=', bookingId).where('buyerId', '=', userId));
}

/** The seller whose product was booked. */
export function isSellerOfBooking(db: Kysely<Database>, userId: string, bookingId: string) {
  return holds(
    db.selectFrom('bookings').where('id', '=', bookingId).where('sellerId', '=', userId),
  );
}

/** The buyer who asked, or the seller who was asked. */
export function isPartyToConversation(
  db: Kysely<Database>,
  userId: string,
  conversationId: string,
) {
  return holds(
    db
      .selectFrom('conversations')
      .where('id', '=', conversationId)
      .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)])),
  );
}

/** Either party of the conversation the message was written in. */
export function isPartyToMessage(db: Kysely<Database>, userId: string, messageId: string) {
  return holds(
    db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversationId')
      .where('messages.id', '=', messageId)
      .where((eb) =>
        eb.or([
          eb('conversations.buyerId', '=', userId),
          eb('conversations.sellerId', '=', userId),
        ]),
      ),
  );
}

/** The buyer who wrote the review. */
export function isAuthorOfReview(db: Kysely<Database>, userId: string, reviewId: string) {
  return holds(
    db.selectFrom('seller_reviews').where('id', '=', reviewId).where('buyerId', '=', userId),
  );
}

/** The seller the review is about. */
export function isSubjectOfReview(db: Kysely<Database>, userId: string, reviewId: string) {
  return holds(
    db.selectFrom('seller_reviews').where('id', '=', reviewId).where('sellerId', '=', userId),
  );
}

/** Those of the notifications that were sent to the user. */
export async function notificationsOf(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', 'in', ids)
    .where('userId', '=', userId)
    .execute();
  return rows.map((row) => row.id);
}

export function isOwnerOfSavedSearch(db: Kysely<Database>, userId: string, id: string) {
  return holds(db.selectFrom('savedSearches').where('id', '=', id).where('userId', '=', userId));
}

/** The person who made a stolen-phone report. */
export function isOwnerOfStolenReport(db: Kysely<Database>, userId: string, id: string) {
  return holds(
    db.selectFrom('stolen_reports').where('id', '=', id).where('reporterId', '=', userId),
  );
}

export function isOwnerOfWishlistItem(db: Kysely<Database>, userId: string, itemId: string) {
  return holds(
    db.selectFrom('wishlistItems').where('id', '=', itemId).where('userId', '=', userId),
  );
}

/** The buyer who made (or got) the offer, or the seller of its listing. */
export function isPartyToOffer(db: Kysely<Database>, userId: string, offerId: string) {
  return holds(
    db
      .selectFrom('offers')
      .where('id', '=', offerId)
      .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)])),
  );
}
