import { MESSAGES } from '@market/shared';

const TRY_AGAIN = 'Google sign-in did not complete. Please try again.';
const INTERRUPTED =
  'Google sign-in was interrupted or took too long. Please start it again from this page.';
const NO_EMAIL =
  'Google did not share a verified email address with us, so no account could be opened. Log in with your email and password instead.';
const OTHER_ACCOUNT = 'This email already has an account here. Log in with its email and password.';
const OUR_SIDE = 'Google sign-in failed on our side. Please try again in a moment.';

/**
 * What the codes mean that come back in `?error=` from Google (or any OpenID Connect issuer)
 * through Better Auth's callback.
 */
const MEANINGS: Record<string, string> = {
  access_denied: 'You cancelled the Google sign-in. Log in another way, or try Google again.',
  state_not_found: INTERRUPTED,
  state_mismatch: INTERRUPTED,
  please_restart_the_process: INTERRUPTED,
  invalid_callback_request: INTERRUPTED,
  payload_expired: INTERRUPTED,
  no_code: INTERRUPTED,
  invalid_code: INTERRUPTED,
  email_not_found: NO_EMAIL,
  email_not_verified: NO_EMAIL,
  account_not_linked: OTHER_ACCOUNT,
  unable_to_link_account: OTHER_ACCOUNT,
  account_already_linked_to_different_user: OTHER_ACCOUNT,
  email_does_not_match: OTHER_ACCOUNT,
  signup_disabled: 'New accounts cannot be opened with Google at the moment.',
  oauth_provider_not_found: MESSAGES.googleNotConfigured,
  unable_to_get_user_info: OUR_SIDE,
  unable_to_create_user: OUR_SIDE,
  unable_to_create_session: OUR_SIDE,
  user_creation_failed: OUR_SIDE,
  internal_server_error: OUR_SIDE,
};

/**
 * The message for a failed Google sign-in, from the code in the log-in page's address. Anyone can
 * put any text in that address, so the page only ever shows one of these fixed messages.
 */
export function socialSignInProblem(code: string): string {
  const known = code.toLowerCase();
  return Object.hasOwn(MEANINGS, known) ? MEANINGS[known]! : TRY_AGAIN;
}
