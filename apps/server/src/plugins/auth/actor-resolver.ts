import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccessTokens } from './access-token.ts';
import { SessionCache } from './session-cache.ts';
import { readCookie, verifySignedCookieValue } from './session-cookie.ts';
import { findSessionById, findSessionByToken, type ResolvedSession } from './session-lookup.ts';

export interface ActorResolverOptions {
  db: Kysely<Database>;
  tokens: AccessTokens;
  sessionCookieName: string;
  cookieSecret: string;
}

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !/^bearer /i.test(header)) return null;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : null;
}

/**
 * Finds the session a request acts under: a bearer access token first, else Better Auth's
 * signed session cookie. Both end in one indexed lookup, cached for a few seconds.
 */
export function createActorResolver(options: ActorResolverOptions) {
  const cache = new SessionCache();
  const inFlight = new Map<string, Promise<ResolvedSession | null>>();
  // Bumped by every forget: a lookup that started before it must not refill the cache.
  let forgetEpoch = 0;

  function lookup(key: string, load: () => Promise<ResolvedSession | null>) {
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const epoch = forgetEpoch;
    const promise = load()
      .then((session) => {
        if (session && epoch === forgetEpoch) cache.set(key, session);
        return session;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
      const bearer = bearerToken(request);
      if (bearer) {
        const claims = await options.tokens.verify(bearer);
        if (!claims) return null;
        return lookup(`sid:${claims.sid}`, () =>
          findSessionById(options.db, claims.sid, claims.sub),
        );
      }
      const cookie = readCookie(request.headers.cookie, options.sessionCookieName);
      if (!cookie) return null;
      // Keyed by the signed value: only a cookie whose signature was checked ever enters the
      // cache, so a hit needs no second check.
      return lookup(`cookie:${cookie}`, async () => {
        const token = verifySignedCookieValue(cookie, options.cookieSecret);
        return token ? findSessionByToken(options.db, token) : null;
      });
    },

    /** True when the request carries the session cookie (valid or not). */
    hasSessionCookie(request: FastifyRequest): boolean {
      return readCookie(request.headers.cookie, options.sessionCookieName) !== null;
    },

    forgetUser(userId: string): void {
      forgetEpoch += 1;
      cache.forgetUser(userId);
    },

    clear(): void {
      cache.clear();
    },
  };
}

export type ActorResolver = ReturnType<typeof createActorResolver>;
