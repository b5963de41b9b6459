import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { BookingClosedBy, BookingStatus, ProductStatus } from '@market/shared';

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
}

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
  /** Comma-separated included items ('box,charger'). */
  included: ColumnType<string, string | undefined, string>;
  /** YYYY-MM-DD. */
  warrantyUntil: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resell price before the last change while that change lowered it ("was $X"). */
  previousResellPriceCents: ColumnType<number | null, number | null | undefined, number | null>;
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
  respondedAt: Timestamp | null;
  completedAt: Timestamp | null;
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
  wishlistItems: WishlistItemsTable;
  reviews: ReviewsTable;
  blogs: BlogsTable;
  images: ImagesTable;
  savedSearches: SavedSearchesTable;
}

export type UserRow = Selectable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
