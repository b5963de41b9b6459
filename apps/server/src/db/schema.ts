import type { ColumnType, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DbKind } from './database.ts';
import type {
  BookingClosedBy,
  BookingStatus,
  DataExportStatus,
  ListingModeration,
  MeetingSpotKind,
  NotificationKind,
  OfferStatus,
  ProductStatus,
  ReportStatus,
  Language,
  ReportTargetType,
} from '@market/shared';

/**
 * Timestamps are Date objects in code. On PostgreSQL they are timestamptz; on SQLite they are
 * stored as ISO-8601 text and turned back into Date by the repositories' mappers.
 */
type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** Booleans are 0/1 on SQLite, real booleans on PostgreSQL. */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;

/** Better Auth's user model, with the marketplace's profile fields. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  phone: string | null;
  role: 'buyer' | 'seller' | 'admin';
  isVerifiedUser: Bool;
  /** Set while an administrator has suspended the account: it cannot sign in. */
  suspendedAt: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  suspendedReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's saved area (decision 0033): a place, or a position to two decimals. */
  areaPlaceId: OptionalNumber;
  areaLat: OptionalNumber;
  areaLon: OptionalNumber;
  /** The language the person reads the marketplace in; null until they choose (English). */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}

/** A nullable number a row may be written without (migration 20261128000100_places). */
type OptionalNumber = ColumnType<number | null, number | null | undefined, number | null>;

export interface SessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number | string, number, number>;
}

export interface CategoriesTable {
  id: string;
  name: string;
  img: string;
  sortOrder: number;
  /** Kept current by database triggers on products; never written by the app. */
  productCount: ColumnType<number, never, never>;
  /** Moves on every change to the category's order (same triggers); dates cached page positions. */
  productVersion: ColumnType<number, never, never>;
}

export interface ProductsTable {
  id: string;
  sellerId: string;
  category: string;
  name: string;
  imgUrl: string;
  originalPriceCents: number;
  resellPriceCents: number;
  yearOfPurchase: number;
  condition: 'excellent' | 'good' | 'fair';
  description: string;
  location: string;
  advertised: Bool;
  postedAt: Timestamp;
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  /** When the listing was handed over (or marked sold); null while it is not sold. */
  soldAt: Timestamp | null;
  /** The phone's details: null (or '' for `included`) on listings posted without them. */
  storageGb: ColumnType<number | null, number | null | undefined, number | null>;
  colour: ColumnType<string | null, string | null | undefined, string | null>;
  batteryHealth: ColumnType<number | null, number | null | undefined, number | null>;
  networkLock: ColumnType<string | null, string | null | undefined, string | null>;
  /** Signed out of Find My / Google account, as the seller states it; null: not stated. */
  activationLockOff: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  /** Fully paid off, as the seller states it; null: not stated. */
  paidOff: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  /** Comma-separated included items ('box,charger'). */
  included: ColumnType<string, string | undefined, string>;
  /** YYYY-MM-DD. */
  warrantyUntil: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resell price before the last change while that change lowered it ("was $X"). */
  previousResellPriceCents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Null while the listing is on show; 'held' while it waits for a moderator, 'hidden' once a
   * moderator took it down, 'suspended' while its seller's account is. Any value keeps it out of
   * every list, search and count.
   */
  moderation: ColumnType<
    ListingModeration | null,
    ListingModeration | null | undefined,
    ListingModeration | null
  >;
  /** Why it was held or hidden, as its seller is told. */
  moderationReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** HMAC-SHA256 (hex) of the IMEI's digits under a key derived from the auth secret. */
  imeiHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IMEI's last four digits, the only ones ever shown. */
  imeiLast4: ColumnType<string | null, string | null | undefined, string | null>;
  /** The model as every spelling of it agrees ("iPhone 13"). */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  /** The listing's area as a place and that place's centre (decision 0033); null: text only. */
  placeId: OptionalNumber;
  placeLat: OptionalNumber;
  placeLon: OptionalNumber;
  /** The seller's note on the area ("near the Gulshan 2 circle"). */
  locationNote: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A listing's photos; position 0 is the cover, which products.imgUrl repeats. */
export interface ProductPhotosTable {
  productId: string;
  position: number;
  url: string;
}

/** Each price a listing has had, from its posting on. */
export interface ProductPriceHistoryTable {
  id: string;
  productId: string;
  originalPriceCents: number;
  resellPriceCents: number;
  changedAt: Timestamp;
}

export interface BookingsTable {
  id: string;
  buyerId: string;
  productId: string | null;
  sellerId: string | null;
  name: string;
  email: string;
  phone: string;
  location: string;
  productName: string;
  priceCents: number;
  imgUrl: string;
  createdAt: Timestamp;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  /** The meeting time the buyer proposed, if any. */
  proposedAt: Timestamp | null;
  /** The meeting the seller set on accepting, and the time zone it was set in. */
  meetingAt: Timestamp | null;
  meetingPlace: string | null;
  meetingTimeZone: string | null;
  /** Why it was declined, cancelled or expired. */
  closeReason: string | null;
  closedBy: BookingClosedBy | null;
  /** The buyer's hand-over code while the request is accepted. */
  handoverCode: string | null;
  /** Wrong codes entered since the code was made. */
  codeAttempts: ColumnType<number, number | undefined, number>;
  /** Wrong codes entered in all, across renewed codes. */
  codeWrongTotal: ColumnType<number, number | undefined, number>;
  /** Completing is refused until then, after too many wrong codes. */
  codeLockedUntil: Timestamp | null;
  respondedAt: Timestamp | null;
  completedAt: Timestamp | null;
  updatedAt: Timestamp;
  /** When each side pressed "I'm here" within the meeting window (decision 0032). */
  buyerCheckedInAt: Timestamp | null;
  sellerCheckedInAt: Timestamp | null;
  /** The side recorded absent from the meeting, once, when; and the reason they added. */
  noShowSide: 'buyer' | 'seller' | null;
  noShowAt: Timestamp | null;
  noShowReason: string | null;
  /** The buyer checks the phone before the code is shown (false: accepted before checks began). */
  inspectionRequired: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** The accepted offer this request came from: `priceCents` is the agreed price (0035). */
  offerId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The safe meeting spot the seller chose on accepting; null for a place typed in. */
  meetingSpotId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A deal's inspection record: the buyer's check of the phone at the hand-over. */
export interface BookingInspectionsTable {
  id: string;
  /** Null once the order is gone; the record stays with its listing for the phone's history. */
  bookingId: string | null;
  productId: string | null;
  /** The buyer's answers (inspectionAnswersSchema) as JSON. */
  answers: string;
  /** 'unchecked', 'matches', 'does_not_match' or 'skipped'. */
  imeiState: ColumnType<string, string | undefined, string>;
  /** IMEIs tried that did not match. */
  imeiTries: ColumnType<number, number | undefined, number>;
  /** When the buyer took the phone (the code is shown from then). */
  completedAt: Timestamp | null;
  /** When the deal completed after the check: "checked at hand-over". */
  handedOverAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WishlistItemsTable {
  id: string;
  userId: string;
  productId: string;
  createdAt: Timestamp;
}

export interface ReviewsTable {
  id: string;
  name: string;
  img: string;
  reviewText: string;
  sortOrder: number;
}

export interface BlogsTable {
  id: string;
  qn: string;
  ans: string;
  sortOrder: number;
}

export interface ImagesTable {
  /** Content hash of the stored WebP. */
  id: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** A buyer's saved search: its validated filters as JSON, and up to when its matches were seen. */
export interface SavedSearchesTable {
  id: string;
  userId: string;
  name: string;
  filters: string;
  createdAt: Timestamp;
  /** The newest matching listing's posting time when saved; later ones are new to it. */
  seenUntil: Timestamp;
  /**
   * Where its buyer last opened it: later matches count as new on the saved searches page. Null
   * (a row written without it) reads as `seenUntil`.
   */
  viewedUntil: ColumnType<Date | string | null, Date | string | null | undefined, Date | string>;
  /** What the bell last told of: later matches are told under the bell (null: `seenUntil`). */
  alertedUntil: ColumnType<Date | string | null, Date | string | null | undefined, Date | string>;
}

/** A buyer's conversation with the seller of one listing (a copy of its name and cover kept). */
export interface ConversationsTable {
  id: string;
  productId: string | null;
  buyerId: string;
  sellerId: string;
  productName: string;
  productImage: string;
  createdAt: Timestamp;
  /** The time of the last message. */
  updatedAt: Timestamp;
  buyerLastReadAt: Timestamp | null;
  sellerLastReadAt: Timestamp | null;
  /** The party who blocked the other; null while open. */
  blockedBy: string | null;
}

export interface MessagesTable {
  id: string;
  conversationId: string;
  senderId: string;
  /** As typed: contact details are masked when read, never in storage. */
  text: string;
  createdAt: Timestamp;
  /** When the other party read it. */
  readAt: Timestamp | null;
  /** The scam rules it matched when sent, split by spaces; null when none (decision 0036). */
  scamFlags: ColumnType<string | null, string | null | undefined, string | null>;
  /** A step of an offer, shown as an event card (0035). */
  offerId: ColumnType<string | null, string | null | undefined, string | null>;
  offerStep: ColumnType<string | null, string | null | undefined, string | null>;
  offerPriceCents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A buyer's price for a listing, or its seller's to everyone who saved it (0035). */
export interface OffersTable {
  id: string;
  productId: string | null;
  buyerId: string;
  sellerId: string | null;
  productName: string;
  offeredPriceCents: number;
  priceCents: number;
  note: string;
  round: number;
  status: OfferStatus;
  awaiting: 'buyer' | 'seller' | null;
  source: 'buyer' | 'saved';
  closedBy: 'buyer' | 'seller' | 'system' | null;
  bookingId: string | null;
  conversationId: string | null;
  farBelowMedian: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A listing's automatic answers to offers (0035). */
export interface OfferRulesTable {
  productId: string;
  declineBelowCents: number | null;
  acceptFromCents: number | null;
  savedOfferAt: Timestamp | null;
}

/** Each user's log of live events; the id is the position a browser's Last-Event-ID names. */
export interface LiveEventsTable {
  id: ColumnType<number, never, never>;
  userId: string;
  type: string;
  /** The whole event as JSON. */
  payload: string;
  createdAt: Timestamp;
}

/** Something a user must hear about; `dedupeKey` names its cause, so it is recorded once. */
export interface NotificationsTable {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
  dedupeKey: string;
}

/** A kind of notification a user turned on or off by email; no row means on. */
export interface NotificationSettingsTable {
  userId: string;
  kind: NotificationKind;
  email: Bool;
  /** Whether this kind also comes by push; null means yes. */
  push: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
}

/** A device that turned push on: the push service's address and the browser's keys. */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  /** The session it was made in: signing out on that device removes it. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceLabel: string;
  createdAt: Timestamp;
}

/** A push to send to one device, written with its notification; the worker sends it once. */
export interface PushDeliveriesTable {
  id: string;
  dedupeKey: string;
  subscriptionId: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  link: string;
  notBefore: Timestamp;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  lockedUntil: Timestamp | null;
}

/** An email to send, written in the transaction of its cause; the worker sends it once. */
export interface OutboxTable {
  id: string;
  dedupeKey: string;
  kind: NotificationKind;
  userId: string;
  toEmail: string;
  subject: string;
  text: string;
  html: string;
  /** Not sent before this time (a message email waits to see whether it is read). */
  notBefore: Timestamp;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  /** A worker claimed it until then; another may take it over afterwards. */
  lockedUntil: Timestamp | null;
  /** Past its recipient's hourly cap: sent in one digest with the others due then. */
  folded: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

/** A report about a listing, user, conversation or message; no reporter when filed automatically. */
export interface ReportsTable {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reporterId: string | null;
  reason: string;
  note: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  /** What was done about it, as the reporter is told. */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  resolvedBy: ColumnType<string | null, string | null | undefined, string | null>;
  resolvedAt: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  createdAt: Timestamp;
}

/** What an administrator did, to what and why; rows are only ever added. */
export interface AuditLogTable {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  /** JSON. */
  details: string | null;
  createdAt: Timestamp;
}

/** A buyer's review of the seller of one completed deal. */
export interface SellerReviewsTable {
  id: string;
  /** The deal; null once its order went with the buyer's account. */
  bookingId: string | null;
  sellerId: string;
  /** Null once the buyer's account is gone. */
  buyerId: string | null;
  /** 1 to 5. */
  rating: number;
  text: string;
  createdAt: Timestamp;
  editedAt: Timestamp | null;
  reply: string | null;
  repliedAt: Timestamp | null;
}

/** A seller's running figures, kept in the transaction of each review and completed deal. */
export interface SellerStatsTable {
  sellerId: string;
  ratingSum: ColumnType<number, number | undefined, number>;
  ratingCount: ColumnType<number, number | undefined, number>;
  completedDeals: ColumnType<number, number | undefined, number>;
  /** Of those, the deals checked at the hand-over. */
  checkedDeals: ColumnType<number, number | undefined, number>;
}

/**
 * One listing on show in the search index, with the values the filters read. `docid` is the
 * posting time in whole seconds times 2^21 plus a number within that second: newest first is
 * descending docid. Kept by triggers on products (migrations 20261124001100, 20261126001002).
 */
export interface SearchDocsTable {
  docid: number;
  /** products.id */
  product: string;
  category: string;
  price: number;
  condition: string;
  storage: number | null;
  battery: number | null;
  seller: string;
}

/** What changed in the search index, for the servers' in-memory copies (migration 20261124001200). */
export interface SearchLogTable {
  seq: ColumnType<number, never, never>;
  /** A document added or removed; with `card`, a listing whose card changed. */
  docid: number | null;
  card: ColumnType<boolean | number, never, never>;
  /** A seller whose verification, name or review figures changed. */
  seller: string | null;
}

/** The median price of the listings of one category, model and storage (see price-stats). */
export interface PriceStatsTable {
  category: string;
  model: string;
  storageGb: number;
  /** The lock group: the phone is locked to a carrier (unlocked and not stated are the other). */
  locked: Bool;
  medianCents: number;
  count: number;
  /** The earliest sale counted: the key is counted again when it leaves the 90-day window. */
  oldestSaleAt: Timestamp | null;
  updatedAt: Timestamp;
}

/** A timestamp that stays null until something happens. */
type LaterTimestamp = ColumnType<
  Date | string | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** A text column that stays null until something happens. */
type LaterText = ColumnType<string | null, string | null | undefined, string | null>;
type StolenReportStatus = 'active' | 'withdrawn' | 'cleared';
type PossessionStatus = 'none' | 'pending' | 'verified' | 'rejected';

/** An owner's report that the phone with an IMEI was stolen (decision 0031). */
export interface StolenReportsTable {
  id: string;
  reporterId: string;
  imeiHash: string;
  imeiLast4: string;
  /** YYYY-MM-DD. */
  stolenOn: string;
  policeReport: string | null;
  status: ColumnType<StolenReportStatus, StolenReportStatus | undefined, StolenReportStatus>;
  createdAt: Timestamp;
  closedAt: LaterTimestamp;
  clearedBy: LaterText;
  clearedOutcome: ColumnType<
    'recovered' | 'mistaken' | null,
    'recovered' | 'mistaken' | null | undefined,
    'recovered' | 'mistaken' | null
  >;
  clearedReason: LaterText;
}

/** A listing's proof-of-possession code and photo (decision 0031). */
export interface PossessionProofsTable {
  productId: string;
  code: string;
  photoKey: LaterText;
  status: ColumnType<PossessionStatus, PossessionStatus | undefined, PossessionStatus>;
  submittedAt: LaterTimestamp;
  reviewedBy: LaterText;
  reviewedAt: LaterTimestamp;
  rejectReason: LaterText;
  clearedAt: LaterTimestamp;
  clearedBecause: LaterText;
  createdAt: Timestamp;
}

/** A public place the admins list for meetings (decision 0034). */
export interface MeetingSpotsTable {
  id: string;
  name: string;
  address: string;
  /** The gazetteer place it is in, and that place's name as shown. */
  placeId: number;
  area: string;
  /** The spot's own coordinates: a public place, never a person's position. */
  lat: number;
  lon: number;
  openingHours: string;
  kind: MeetingSpotKind;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  removedAt: LaterTimestamp;
}

/** A party's link to their meeting plan for someone they trust (decision 0034). */
export interface MeetingPlanSharesTable {
  id: string;
  bookingId: string;
  userId: string;
  createdAt: Timestamp;
  revokedAt: LaterTimestamp;
}

/** A person's "Your data" zip (decision 0040); userId is null once their account is gone. */
export interface DataExportsTable {
  id: string;
  userId: string | null;
  status: ColumnType<DataExportStatus, DataExportStatus | undefined, DataExportStatus>;
  createdAt: Timestamp;
  /** A worker claimed it until then; another may take it over afterwards. */
  lockedUntil: LaterTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  readyAt: LaterTimestamp;
  expiresAt: LaterTimestamp;
  /** The zip's name in the export storage, while it is kept. */
  fileKey: LaterText;
  sizeBytes: ColumnType<number | null, number | null | undefined, number | null>;
  lastError: LaterText;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rateLimits: RateLimitsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  productPhotos: ProductPhotosTable;
  productPriceHistory: ProductPriceHistoryTable;
  bookings: BookingsTable;
  booking_inspections: BookingInspectionsTable;
  wishlistItems: WishlistItemsTable;
  reviews: ReviewsTable;
  blogs: BlogsTable;
  images: ImagesTable;
  savedSearches: SavedSearchesTable;
  search_docs: SearchDocsTable;
  search_log: SearchLogTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  live_events: LiveEventsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  outbox: OutboxTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  seller_reviews: SellerReviewsTable;
  seller_stats: SellerStatsTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  price_stats: PriceStatsTable;
  stolen_reports: StolenReportsTable;
  possession_proofs: PossessionProofsTable;
  offers: OffersTable;
  offer_rules: OfferRulesTable;
  meeting_spots: MeetingSpotsTable;
  meeting_plan_shares: MeetingPlanSharesTable;
  data_exports: DataExportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type ProductUpdate = Updateable<ProductsTable>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every module reads and writes through. */
    db: Kysely<Database>;
    dbKind: DbKind;
  }
}
