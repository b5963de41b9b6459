import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Every query of a person's data export. Each reads only rows that are the person's own, or
 * that they are a party to, and names its columns: secrets (password hashes, session tokens,
 * keyed IMEI hashes, possession codes, hand-over codes) are never selected.
 */

export function findProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'emailVerified',
      'phone',
      'image',
      'role',
      'isVerifiedUser',
      'createdAt',
      'updatedAt',
      'suspendedAt',
      'suspendedReason',
      'areaPlaceId',
      'areaLat',
      'areaLon',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** How the person signs in (email and password, Google...), without any token or hash. */
export function listSignInMethods(db: Db, userId: string) {
  return db
    .selectFrom('accounts')
    .select(['providerId', 'createdAt', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** The person's signed-in devices, without their tokens. */
export function listSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export function listNotificationSettings(db: Db, userId: string) {
  return db
    .selectFrom('notification_settings')
    .select(['kind', 'email'])
    .where('userId', '=', userId)
    .execute();
}

export function listListings(db: Db, userId: string) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'sellerId',
      'category',
      'name',
      'imgUrl',
      'originalPriceCents',
      'resellPriceCents',
      'previousResellPriceCents',
      'yearOfPurchase',
      'condition',
      'description',
      'location',
      'locationNote',
      'placeId',
      'advertised',
      'postedAt',
      'status',
      'soldAt',
      'model',
      'storageGb',
      'colour',
      'batteryHealth',
      'networkLock',
      'activationLockOff',
      'paidOff',
      'included',
      'warrantyUntil',
      'imeiLast4',
      'moderation',
      'moderationReason',
    ])
    .where('sellerId', '=', userId)
    .orderBy('postedAt')
    .execute();
}

export function listListingPhotos(db: Db, userId: string) {
  return db
    .selectFrom('productPhotos as ph')
    .innerJoin('products as p', 'p.id', 'ph.productId')
    .select(['ph.productId', 'ph.position', 'ph.url'])
    .where('p.sellerId', '=', userId)
    .orderBy('ph.productId')
    .orderBy('ph.position')
    .execute();
}

export function listListingPrices(db: Db, userId: string) {
  return db
    .selectFrom('productPriceHistory as h')
    .innerJoin('products as p', 'p.id', 'h.productId')
    .select(['h.productId', 'h.originalPriceCents', 'h.resellPriceCents', 'h.changedAt'])
    .where('p.sellerId', '=', userId)
    .orderBy('h.changedAt')
    .execute();
}

/** The state of each listing's proof of possession: never its code or photo. */
export function listPossessionStates(db: Db, userId: string) {
  return db
    .selectFrom('possession_proofs as pp')
    .innerJoin('products as p', 'p.id', 'pp.productId')
    .select(['pp.productId', 'pp.status', 'pp.submittedAt', 'pp.reviewedAt', 'pp.rejectReason'])
    .where('p.sellerId', '=', userId)
    .execute();
}

export function listOfferRules(db: Db, userId: string) {
  return db
    .selectFrom('offer_rules as r')
    .innerJoin('products as p', 'p.id', 'r.productId')
    .select(['r.productId', 'r.declineBelowCents', 'r.acceptFromCents', 'r.savedOfferAt'])
    .where('p.sellerId', '=', userId)
    .execute();
}

const DEAL_COLUMNS = [
  'b.id',
  'b.buyerId',
  'b.sellerId',
  'b.productId',
  'b.productName',
  'b.priceCents',
  'b.offerId',
  'b.imgUrl',
  'b.name',
  'b.email',
  'b.phone',
  'b.location',
  'b.status',
  'b.createdAt',
  'b.updatedAt',
  'b.proposedAt',
  'b.respondedAt',
  'b.completedAt',
  'b.meetingAt',
  'b.meetingPlace',
  'b.meetingTimeZone',
  'b.closeReason',
  'b.closedBy',
  'b.buyerCheckedInAt',
  'b.sellerCheckedInAt',
  'b.noShowSide',
  'b.noShowAt',
  'b.noShowReason',
] as const;

/** The person's requests and deals as a buyer (My Orders), with the seller's public name. */
export function listDealsAsBuyer(db: Db, userId: string) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('users as s', 's.id', 'b.sellerId')
    .select(DEAL_COLUMNS)
    .select('s.name as sellerName')
    .where('b.buyerId', '=', userId)
    .orderBy('b.createdAt')
    .execute();
}

/** Requests for the person's listings (My Buyers). */
export function listDealsAsSeller(db: Db, userId: string) {
  return db
    .selectFrom('bookings as b')
    .select(DEAL_COLUMNS)
    .where('b.sellerId', '=', userId)
    .orderBy('b.createdAt')
    .execute();
}

/** The buyer's own answers at the hand-over checks of their deals. */
export function listInspectionsAsBuyer(db: Db, userId: string) {
  return db
    .selectFrom('booking_inspections as i')
    .innerJoin('bookings as b', 'b.id', 'i.bookingId')
    .select(['i.bookingId', 'i.answers', 'i.imeiState', 'i.completedAt', 'i.handedOverAt'])
    .where('b.buyerId', '=', userId)
    .execute();
}

export function listMeetingPlanShares(db: Db, userId: string) {
  return db
    .selectFrom('meeting_plan_shares')
    .select(['bookingId', 'createdAt', 'revokedAt'])
    .where('userId', '=', userId)
    .execute();
}

export function listMessagesOf(db: Db, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages as m')
    .select([
      'm.id',
      'm.conversationId',
      'm.senderId',
      'm.text',
      'm.createdAt',
      'm.readAt',
      'm.scamFlags',
      'm.offerId',
      'm.offerStep',
      'm.offerPriceCents',
    ])
    .where('m.conversationId', 'in', conversationIds)
    .orderBy('m.conversationId')
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .execute();
}

export function listOffers(db: Db, userId: string) {
  return db
    .selectFrom('offers')
    .select([
      'id',
      'productId',
      'buyerId',
      'sellerId',
      'productName',
      'offeredPriceCents',
      'priceCents',
      'note',
      'round',
      'status',
      'source',
      'closedBy',
      'bookingId',
      'createdAt',
      'updatedAt',
    ])
    .where((eb) => eb.or([eb('buyerId', '=', userId), eb('sellerId', '=', userId)]))
    .orderBy('createdAt')
    .execute();
}

/** Reviews the person wrote, with the seller's public name. */
export function listReviewsGiven(db: Db, userId: string) {
  return db
    .selectFrom('seller_reviews as r')
    .leftJoin('users as s', 's.id', 'r.sellerId')
    .select([
      'r.id',
      'r.bookingId',
      'r.buyerId',
      'r.sellerId',
      's.name as sellerName',
      'r.rating',
      'r.text',
      'r.createdAt',
      'r.editedAt',
      'r.reply',
      'r.repliedAt',
    ])
    .where('r.buyerId', '=', userId)
    .orderBy('r.createdAt')
    .execute();
}

/** Reviews of the person as a seller (their authors are left out, as on no page of theirs). */
export function listReviewsReceived(db: Db, userId: string) {
  return db
    .selectFrom('seller_reviews')
    .select([
      'id',
      'bookingId',
      'sellerId',
      'rating',
      'text',
      'createdAt',
      'editedAt',
      'reply',
      'repliedAt',
    ])
    .where('sellerId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export function listNotifications(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'userId', 'kind', 'title', 'body', 'link', 'createdAt', 'readAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** The emails sent (or to be sent) to the person. */
export function listEmails(db: Db, userId: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'userId', 'kind', 'toEmail', 'subject', 'text', 'createdAt', 'sentAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export function listReportsMade(db: Db, userId: string) {
  return db
    .selectFrom('reports')
    .select([
      'id',
      'reporterId',
      'targetType',
      'targetId',
      'reason',
      'note',
      'status',
      'outcome',
      'createdAt',
      'resolvedAt',
    ])
    .where('reporterId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** The person's stolen-phone reports: the IMEI's last four digits only, never its hash. */
export function listStolenReports(db: Db, userId: string) {
  return db
    .selectFrom('stolen_reports')
    .select([
      'id',
      'reporterId',
      'imeiLast4',
      'stolenOn',
      'policeReport',
      'status',
      'createdAt',
      'closedAt',
      'clearedOutcome',
      'clearedReason',
    ])
    .where('reporterId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

export function listWishlist(db: Db, userId: string) {
  return db
    .selectFrom('wishlistItems as w')
    .leftJoin('products as p', 'p.id', 'w.productId')
    .select(['w.id', 'w.userId', 'w.productId', 'p.name as productName', 'w.createdAt'])
    .where('w.userId', '=', userId)
    .orderBy('w.createdAt')
    .execute();
}

export function listSavedSearches(db: Db, userId: string) {
  return db
    .selectFrom('savedSearches')
    .select(['id', 'userId', 'name', 'filters', 'createdAt', 'viewedUntil'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}
