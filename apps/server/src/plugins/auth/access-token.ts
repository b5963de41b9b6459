import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** The spec's `accessToken`: valid for at most one hour. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface AccessTokenClaims {
  /** User id. */
  sub: string;
  /** The session the token was issued from: signing out ends the token too. */
  sid: string;
}

/**
 * HS256 access tokens for `Authorization: Bearer`. The key is derived from AUTH_SECRET, so it is
 * never the same bytes Better Auth signs its cookies with.
 */
export function createAccessTokens(authSecret: string, publicUrl: string) {
  const key = crypto.createHmac('sha256', authSecret).update('market access token v1').digest();
  const issuer = publicUrl;
  const audience = `${publicUrl}/api`;

  return {
    async issue(claims: AccessTokenClaims, now: Date = new Date()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    /** The claims of a valid, unexpired token, or null. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer,
          audience,
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
