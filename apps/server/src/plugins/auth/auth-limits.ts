import type { LimitKey } from '../../lib/errors.ts';
import { addressKey, consumeInTurn, type RateLimiter, type RateRule } from '../rate-limit.ts';

type Rule = Omit<RateRule, 'name'>;

/**
 * Attempts per client address and per account email, by what Better Auth does with the request.
 * An address is often shared (an office, a carrier), so it gets room for many accounts; one
 * account from one address gets little. The per-email cap stops guessing one password from
 * many addresses, and lasts a minute, so nobody can keep an owner out for long.
 */
export const AUTH_LIMITS = {
  passwordCheck: {
    perAddressAndEmail: { max: 5, windowSeconds: 60 },
    perAddress: { max: 30, windowSeconds: 60 },
    perEmail: { max: 20, windowSeconds: 60 },
  },
  // Each one mails the owner a working link, so a cap on one email locks nobody out.
  resetRequest: {
    perAddress: { max: 10, windowSeconds: 10 * 60 },
    perEmail: { max: 3, windowSeconds: 10 * 60 },
  },
  signUp: { perAddress: { max: 5, windowSeconds: 60 } },
  resetPassword: { perAddress: { max: 5, windowSeconds: 60 } },
  /** Every other state-changing call under /api/auth. */
  anyWrite: { perAddress: { max: 100, windowSeconds: 60 } },
} satisfies Record<string, Record<string, Rule>>;

/** Better Auth's endpoints that check a password, by their path. */
export const PASSWORD_CHECKS = new Set([
  '/sign-in/email',
  '/verify-password',
  '/change-password',
  '/delete-user',
]);
/** Of those, the ones where the account comes from the session, not the body. */
export const SESSION_PASSWORD_CHECKS = new Set([
  '/verify-password',
  '/change-password',
  '/delete-user',
]);

export interface AuthAttempt {
  /** Better Auth's endpoint path (`/sign-in/email`), not the URL as spelled. */
  path: string;
  address: string;
  /** The account the attempt is about, lower case; null when the request names none. */
  email: string | null;
}

export interface AuthRefusal {
  seconds: number;
  what: LimitKey;
}

export function createAuthLimits(limiter: (rule: RateRule) => RateLimiter) {
  const make = (name: string, rule: Rule) => limiter({ name, ...rule });
  const password = {
    perAddressAndEmail: make(
      'password-address-email',
      AUTH_LIMITS.passwordCheck.perAddressAndEmail,
    ),
    perAddress: make('password-address', AUTH_LIMITS.passwordCheck.perAddress),
    perEmail: make('password-email', AUTH_LIMITS.passwordCheck.perEmail),
  };
  const reset = {
    perAddress: make('reset-request-address', AUTH_LIMITS.resetRequest.perAddress),
    perEmail: make('reset-request-email', AUTH_LIMITS.resetRequest.perEmail),
  };
  const signUp = make('sign-up-address', AUTH_LIMITS.signUp.perAddress);
  const resetPassword = make('reset-password-address', AUTH_LIMITS.resetPassword.perAddress);
  const anyWrite = make('auth-address', AUTH_LIMITS.anyWrite.perAddress);

  const refusal = async (what: LimitKey, checks: Array<readonly [RateLimiter, string]>) => {
    const seconds = await consumeInTurn(checks);
    return seconds === null ? null : { seconds, what };
  };

  return {
    /** Any state-changing request under /api/auth, whatever it turns out to be. */
    anyWrite(ip: string): Promise<AuthRefusal | null> {
      return refusal('requests', [[anyWrite, addressKey(ip)]]);
    },

    /** The attempt as Better Auth is about to handle it. */
    attempt({ path, address, email }: AuthAttempt): Promise<AuthRefusal | null> {
      const ip = addressKey(address);
      if (PASSWORD_CHECKS.has(path)) {
        const what = path === '/sign-in/email' ? 'signIns' : 'passwords';
        return refusal(what, [
          [password.perAddress, ip],
          ...(email
            ? ([
                [password.perAddressAndEmail, `${ip}|${email}`],
                [password.perEmail, email],
              ] as const)
            : []),
        ]);
      }
      if (path === '/request-password-reset') {
        return refusal('resetRequests', [
          [reset.perAddress, ip],
          ...(email ? ([[reset.perEmail, email]] as const) : []),
        ]);
      }
      if (path === '/sign-up/email') return refusal('signUps', [[signUp, ip]]);
      if (path === '/reset-password') return refusal('passwordResets', [[resetPassword, ip]]);
      return Promise.resolve(null);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** The email a request body names, as Better Auth will look it up; null when it names none. */
export function emailIn(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('email' in body)) return null;
  const { email } = body as { email: unknown };
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
