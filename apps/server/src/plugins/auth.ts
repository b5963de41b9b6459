import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, pathInLanguage, paths, type Language } from '@market/shared';
import { serverTexts } from '@market/shared/texts';
import type { Actor } from '../lib/actor.ts';
import { forbidden } from '../lib/errors.ts';
import { createMailer } from '../lib/mailer.ts';
import { renderPasswordResetMail } from './auth/password-reset-mail.ts';
import { createAccessTokens, type AccessTokens } from './auth/access-token.ts';
import { bearerToken, createActorResolver } from './auth/actor-resolver.ts';
import { wrongOrigin as wrongOriginRefusal } from './auth/auth-errors.ts';
import { createAuthLimits } from './auth/auth-limits.ts';
import { ownOrigin, registerAuthRoutes } from './auth/auth-routes.ts';
import { createAuth, type Auth } from './auth/better-auth.ts';
import type { ResolvedSession } from './auth/session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth, mounted at /api/auth. */
    auth: Auth;
    /** Issues and checks the spec's `accessToken` (GET /api/jwt). */
    accessTokens: AccessTokens;
    /**
     * Ends the user's cached sessions on this instance at once (log-out, reset, deletion), and
     * the live event streams of the sessions that ended.
     */
    forgetUserSessions(userId: string): Promise<void>;
    /** The session a request acts under (resolved once per request), or null when anonymous. */
    requestSession(request: FastifyRequest): Promise<ResolvedSession | null>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** What the sign-in needs from the modules, handed in by app.ts. */
export interface AuthModules {
  /** Removes what a user owns before the account goes (accounts). */
  deleteOwnBelongings(db: FastifyInstance['db'], userId: string): Promise<void>;
  /** The user's suspension, if any: a suspended user cannot sign in (moderation). */
  findSuspension(
    db: FastifyInstance['db'],
    userId: string,
  ): Promise<{ reason: string | null } | null>;
  /** The language the user reads in, for the password reset email (accounts). */
  findLanguage(db: FastifyInstance['db'], userId: string): Promise<Language | null>;
}

/**
 * Accounts and sessions: Better Auth at /api/auth, `request.getActor()` for every route, and a
 * cross-site check on the API's own state-changing calls made with the session cookie.
 */
export async function registerAuth(app: FastifyInstance, modules: AuthModules): Promise<void> {
  const { config } = app;
  const limits = createAuthLimits(app.rateLimiter);
  const mailer = createMailer(config, app.log, app.metrics.mail);
  const accessTokens = createAccessTokens(config.authSecret, config.publicUrl);

  let forgetUser: (userId: string) => void = () => {};
  const auth = createAuth({
    config,
    db: app.db,
    dbKind: app.dbKind,
    limits,
    imageUrls: app.imageUrls,
    log: app.log,
    hooks: {
      forgetUser: (userId) => forgetUser(userId),
      deleteBelongings: (userId) => modules.deleteOwnBelongings(app.db, userId),
      suspension: (userId) => modules.findSuspension(app.db, userId),
      sendResetLink(to, token) {
        void (async () => {
          // In the person's language: the email, and the page its link opens.
          const language = (await modules.findLanguage(app.db, to.id)) ?? DEFAULT_LANGUAGE;
          const page = pathInLanguage(paths.resetPassword, language);
          const link = `${config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
          const s = serverTexts(language, config.currency);
          await mailer.send({ to: to.email, ...renderPasswordResetMail(s, to.name, link) });
        })().catch((err: unknown) =>
          app.log.error({ err }, 'could not send the password reset mail'),
        );
      },
    },
  });
  const context = await auth.$context;
  const resolver = createActorResolver({
    db: app.db,
    tokens: accessTokens,
    sessionCookieName: context.authCookies.sessionToken.name,
    cookieSecret: context.secret,
  });
  forgetUser = (userId) => {
    resolver.forgetUser(userId);
    // Better Auth calls this after its transaction: the ended session is gone for every reader.
    void app.liveStreams.recheckUser(userId);
  };

  app.decorate('auth', auth);
  app.decorate('accessTokens', accessTokens);
  app.decorate('forgetUserSessions', async (userId: string) => {
    resolver.forgetUser(userId);
    await app.liveStreams.recheckUser(userId);
  });
  // Resolved on first use, so routes that never ask for the actor cost nothing.
  const resolvedSessions = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();
  const requestSession = (request: FastifyRequest): Promise<ResolvedSession | null> => {
    let session = resolvedSessions.get(request);
    if (!session) {
      session = resolver.resolve(request);
      resolvedSessions.set(request, session);
    }
    return session;
  };
  app.decorate('requestSession', requestSession);
  app.decorateRequest('getActor', function getActor(this: FastifyRequest): Promise<Actor | null> {
    return requestSession(this).then((session) => session?.actor ?? null);
  });

  const configuredOrigin = config.publicUrlConfigured ? new URL(config.publicUrl).origin : null;
  const wrongOrigin = wrongOriginRefusal(config.publicUrlConfigured ? config.publicUrl : null);
  /** Why a state-changing API call made with the session cookie is refused, if it is. */
  const crossSiteRefusal = (request: FastifyRequest): Error | undefined => {
    if (SAFE_METHODS.has(request.method)) return undefined;
    // OAuth providers may post their answer back from their own site (response_mode=form_post).
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/callback/')) {
      return undefined;
    }
    // A browser never attaches a bearer token on its own, so those requests cannot be forged.
    if (bearerToken(request) || !resolver.hasSessionCookie(request)) return undefined;
    if (request.headers['sec-fetch-site'] === 'cross-site') return forbidden(wrongOrigin);
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    // Without PUBLIC_URL, the address the request was sent to is ours (the same rule Better
    // Auth applies to its own calls).
    if (origin && origin !== (configuredOrigin ?? ownOrigin(request)))
      return forbidden(wrongOrigin);
    return undefined;
  };
  // A callback hook: it runs on every request, and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => done(crossSiteRefusal(request)));

  app.addHook('onClose', async () => {
    resolver.clear();
    mailer.close();
  });

  await registerAuthRoutes(app, { auth, limits });
}
