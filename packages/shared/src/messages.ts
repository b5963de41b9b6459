import type { RefusalKey } from './texts/catalog.ts';

/** Every text the specification quotes, written once. */
export const MESSAGES = {
  loginSuccess: 'Login successfully!!',
  socialLoginSuccess: 'login successfully!!',
  registrationSuccess: 'Registration successfully!!',
  productAdded: 'Product Added successfully!!',
  advertisementAdded: 'Advertisement added successfully',
  sellerVerified: 'user verified has been completed',
  logoutSuccess: 'logOut successfully',
  bookingCompleted: 'Booking completed!!',
  wishlistAdded: 'product added to wishlist',
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  confirmButton: 'Yes, delete it!',
  deletedTitle: 'Deleted!',
  deletedText: 'Your Product has been deleted.',
  wishlistRemoved: 'Wish Product remove successfully',
  notFoundTitle: 'Oppps!! 404 error',
  backToHomepage: 'Back to homepage',
  noBuyers: 'No Buyers available',
  checkoutTitle: 'checkout Your Product',
  noName: 'no name',
  loading: 'Loading...',
  invalidCredentials: 'Invalid email or password',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  passwordResetSent:
    'If an account exists for that email, a link to reset the password is on its way. It is valid for one hour.',
} as const;

/** The line under 'Booking completed!!': a request was sent, not a purchase made. */
export const BOOKING_SENT_NEXT = 'The seller has 72 hours to answer; follow it in My Orders';
/** On the checkout page 'Buy Now' leads to: nothing is paid on the site. */
export const PAYMENT_IN_PERSON =
  'Payment happens in person at the meeting. Nothing is paid on this site.';

/**
 * What everyone but its seller and admins is told about a listing off show (the error page shows
 * it too, so it lives here, away from any schema module).
 */
export const LISTING_UNAVAILABLE = 'This listing is unavailable';
/** The reason an error answer names for a listing off show, in whatever language it is worded. */
export const LISTING_UNAVAILABLE_REASON = 'common.listing.unavailable' satisfies RefusalKey;
