/**
 * Every route path of the web app, once: its router and links, and the server's links in mails,
 * notifications and page addresses.
 */
export const paths = {
  home: '/',
  homeAlias: '/home',
  categories: '/categories',
  category: (name: string) => `/category/${encodeURIComponent(name)}`,
  categoryPattern: '/category/:categoryName',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  productPattern: '/product/:productId',
  /** A seller's public profile: figures, listings on offer and reviews. */
  seller: (id: string) => `/seller/${encodeURIComponent(id)}`,
  sellerPattern: '/seller/:sellerId',
  blog: '/blog',
  /** Help and contact: the support address (SUPPORT_EMAIL) and what to do when stuck. */
  help: '/help',
  search: '/search',
  /**
   * The search results page for an address's parameters (`q`, filters, sort, cursor): a query
   * string, or anything that writes one (URLSearchParams).
   */
  searchResults: (params: { toString(): string } | string = '') => {
    const query = params.toString().replace(/^\?/, '');
    return query ? `/search?${query}` : '/search';
  },
  /** Safe places to meet, listed by area (public). */
  meetingSpots: '/meeting-spots',
  /** A meeting plan shared by one of its parties, opened from the link (signed out). */
  meetingPlan: (token: string) => `/meeting-plan/${encodeURIComponent(token)}`,
  meetingPlanPattern: '/meeting-plan/:token',
  logIn: '/log-in',
  registration: '/registration',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: {
    root: '/dashboard',
    myOrders: '/dashboard/my-orders',
    /** The buyer's check of the phone at the hand-over, step by step, then the code. */
    checkPhone: (id: string) => `/dashboard/my-orders/${encodeURIComponent(id)}/check`,
    checkPhonePattern: '/dashboard/my-orders/:bookingId/check',
    myWishlist: '/dashboard/my-wishlist',
    savedSearches: '/dashboard/saved-searches',
    checkout: '/dashboard/checkout',
    myProducts: '/dashboard/my-products',
    myBuyers: '/dashboard/my-buyers',
    myReviews: '/dashboard/my-reviews',
    addProduct: '/dashboard/add-product',
    editProduct: (id: string) => `/dashboard/edit-product/${encodeURIComponent(id)}`,
    editProductPattern: '/dashboard/edit-product/:productId',
    allSellers: '/dashboard/all-sellers',
    allBuyers: '/dashboard/all-buyers',
    /** The moderation queue: open reports, grouped by what they are about. */
    reports: '/dashboard/reports',
    /** What administrators did, and why. */
    audit: '/dashboard/audit',
    profile: '/dashboard/profile',
    messages: '/dashboard/messages',
    conversation: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
    conversationPattern: '/dashboard/messages/:conversationId',
    notifications: '/dashboard/notifications',
    notificationSettings: '/dashboard/settings/notifications',
    /** Reporting a stolen phone, and one's own reports (any signed-in person). */
    stolenPhones: '/dashboard/stolen-phones',
    /** Stolen-phone reports for moderators, with the clear action. */
    stolenReports: '/dashboard/stolen-reports',
    /** Proof-of-possession photos waiting for a moderator. */
    possessionPhotos: '/dashboard/possession-photos',
    /** The safe meeting spots admins keep. */
    meetingSpots: '/dashboard/meeting-spots',
  },
  /** Turning one kind of email off from the link in that email (works signed out). */
  unsubscribe: '/unsubscribe',
} as const;

/** The log-in page, remembering where the person wanted to go. */
export function logInPath(from?: string): string {
  return from && from !== paths.logIn
    ? `${paths.logIn}?from=${encodeURIComponent(from)}`
    : paths.logIn;
}

/** The registration page, remembering where the person wanted to go. */
export function registrationPath(from?: string | null): string {
  return from ? `${paths.registration}?from=${encodeURIComponent(from)}` : paths.registration;
}
