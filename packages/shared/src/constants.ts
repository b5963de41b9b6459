export const CATEGORIES = ['iPhone', 'samsung', 'xiaomi', 'realme'] as const;
export type CategoryName = (typeof CATEGORIES)[number];

export const CONDITIONS = ['excellent', 'good', 'fair'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * Where a listing stands in its one sale: open to booking requests, held for the buyer whose
 * request the seller accepted, or handed over (it then leaves every list).
 */
export const PRODUCT_STATUSES = ['available', 'reserved', 'sold'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ROLES = ['buyer', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose for themselves; admins come only from the operator's settings. */
export const ACCOUNT_TYPES = ['buyer', 'seller'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PRICE_MAX = 1_000_000;
export const YEAR_OF_PURCHASE_MIN = 2007;
export const DESCRIPTION_MAX = 2_000;
export const AD_DESCRIPTION_PREVIEW = 250;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Beside a search's X-Total-Count: "eq" when the count is exact, "gte" when the search stopped
 * counting at SEARCH_COUNT_LIMIT matches and the total is at least that.
 */
export const TOTAL_COUNT_RELATION_HEADER = 'X-Total-Count-Relation';
/** Search counts matches up to this many; past it, totals and facet counts are lower bounds. */
export const SEARCH_COUNT_LIMIT = 1000;
/** Opaque keyset cursor of the next page of a category list; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const TOAST_AUTO_CLOSE_MS = 3000;
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;

/** Phone of an account created by a social sign-in (spec section 3). */
export const PHONE_NOT_AVAILABLE = 'not available';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * How long an upload may wait for a listing or a profile to use it before it is removed; a
 * product draft's photos older than this are gone.
 */
export const UNUSED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** The current calendar year, the upper bound for a year of purchase. */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** Where uploaded images are served; stored URLs start with it (relative or with an origin). */
export const IMAGE_URL_PATH = '/api/images/';

/** Request bodies nest objects and lists at most this deep (ours need a handful of levels). */
export const JSON_MAX_DEPTH = 32;
export const DEEP_BODY_MESSAGE = `The request is nested too deeply: at most ${JSON_MAX_DEPTH} levels of objects and lists`;

/** The longest id an address or a body may carry. */
export const ID_MAX_LENGTH = 64;
/** Whether text from an address can be an id at all (pages check it before they ask). */
export const isId = (id: string) => id.trim() !== '' && id.length <= ID_MAX_LENGTH;
