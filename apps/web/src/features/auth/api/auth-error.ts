/** The shape Better Auth's client reports failures in. */
export interface AuthClientError {
  message?: string;
  status: number;
  code?: string;
}

/** A message a person can act on, without saying whether the email or the password was wrong. */
export function authErrorMessage(error: AuthClientError, fallback: string): string {
  if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  return error.message || fallback;
}
