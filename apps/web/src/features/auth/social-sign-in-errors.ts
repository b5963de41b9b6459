/** The words of a failed Google sign-in, by their key in the catalogs' `auth.social` section. */
type SocialSignInProblem =
  | 'auth.social.tryAgain'
  | 'auth.social.interrupted'
  | 'auth.social.noEmail'
  | 'auth.social.otherAccount'
  | 'auth.social.ourSide'
  | 'auth.social.cancelled'
  | 'auth.social.signupDisabled'
  | 'auth.social.notConfigured';

const INTERRUPTED = 'auth.social.interrupted';
const NO_EMAIL = 'auth.social.noEmail';
const OTHER_ACCOUNT = 'auth.social.otherAccount';
const OUR_SIDE = 'auth.social.ourSide';

/**
 * What the codes mean that come back in `?error=` from Google (or any OpenID Connect issuer)
 * through Better Auth's callback.
 */
const MEANINGS: Record<string, SocialSignInProblem> = {
  access_denied: 'auth.social.cancelled',
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
  signup_disabled: 'auth.social.signupDisabled',
  oauth_provider_not_found: 'auth.social.notConfigured',
  unable_to_get_user_info: OUR_SIDE,
  unable_to_create_user: OUR_SIDE,
  unable_to_create_session: OUR_SIDE,
  user_creation_failed: OUR_SIDE,
  internal_server_error: OUR_SIDE,
};

/**
 * The catalog key of the message for a failed Google sign-in, from the code in the log-in page's
 * address. Anyone can put any text in that address, so the page only ever shows one of these
 * fixed messages.
 */
export function socialSignInProblem(code: string): SocialSignInProblem {
  const known = code.toLowerCase();
  return Object.hasOwn(MEANINGS, known) ? MEANINGS[known]! : 'auth.social.tryAgain';
}
