import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigSchema,
  emailParamsSchema,
  emailQuerySchema,
  errorResponseSchema,
  isAdminSchema,
  isBuyerSchema,
  isSellerSchema,
  jwtResponseSchema,
  languageChoiceSchema,
  languageCookie,
  putUserSchema,
  sellerRoleSchema,
  sessionStateSchema,
  userSchema,
} from '@market/shared';
import { requireAccess, signedIn } from '../../lib/access.ts';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from '../../plugins/auth/better-auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import {
  appConfigFor,
  becomeBuyer,
  becomeSeller,
  ensureConfiguredAdmin,
  getUser,
  hasRole,
  saveOwnProfile,
  sellerVerification,
} from './accounts.service.ts';
import { saveLanguage } from './accounts.repository.ts';

function isDueForRenewal(expiresAt: number, now = Date.now()): boolean {
  return expiresAt - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
}

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Lets Better Auth extend the session and set the refreshed cookie on this answer. */
  async function renewSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const res = await app.auth.api.getSession({ headers, asResponse: true });
    const cookies = res.headers.getSetCookie();
    if (cookies.length) void reply.header('set-cookie', cookies);
  }

  if (app.config.admin) {
    const { created } = await ensureConfiguredAdmin(app.db, app.config.admin);
    app.log.info({ email: app.config.admin.email, created }, 'admin account from ADMIN_EMAIL');
  }

  app.get(
    '/jwt',
    {
      preValidation: signedIn(),
      schema: {
        tags: ['accounts'],
        summary: 'An access token (at most one hour) for the signed-in user, for their own email',
        querystring: emailQuerySchema,
        response: { 200: jwtResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAccess(app.db, request.actor, 'account.read', request.query.email);
      // The guard resolved it: this is the same session, read again from this request.
      const session = await app.requestSession(request);
      if (!session) throw unauthorized();
      const accessToken = await app.accessTokens.issue({
        sub: session.actor.id,
        sid: session.sessionId,
      });
      return { accessToken };
    },
  );

  app.get(
    '/me',
    {
      preValidation: signedIn(),
      schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request) => getUser(app.db, request.actor.id),
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, or null: how the web app learns who is signed in',
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      const session = await app.requestSession(request);
      if (!session) return { user: null };
      // The fast session path never extends a session; the web app asks here on every load,
      // so an active user's session is renewed (cookie included) once it is a day old.
      if (isDueForRenewal(session.expiresAt)) await renewSession(request, reply);
      return { user: await getUser(app.db, session.actor.id) };
    },
  );

  app.put(
    '/users',
    {
      preValidation: signedIn(),
      // Sellers' names show on their product cards.
      config: { changes: ['catalog'] },
      schema: {
        tags: ['accounts'],
        summary: "Save the signed-in user's own profile (name, phone, image)",
        body: app.imageUrls.refine(putUserSchema, 'img'),
        response: { 200: userSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await saveOwnProfile(app.db, request.actor, request.body);
      await app.forgetUserSessions(request.actor.id);
      return user;
    },
  );

  app.put(
    '/me/language',
    {
      preValidation: signedIn(),
      // Nothing cached shows it: it is the account's own, and pages follow the cookie.
      config: { changes: [] },
      schema: {
        tags: ['accounts'],
        summary:
          'Save the language the signed-in user reads the marketplace in: their notifications, emails and calendar files come in it, and signing in on a device opens the site in it',
        body: languageChoiceSchema,
        response: { 200: languageChoiceSchema },
      },
    },
    async (request, reply) => {
      const { language } = request.body;
      await saveLanguage(app.db, request.actor.id, language);
      // This device reads the site in it from now on, as the language switch remembers it.
      void reply.header(
        'set-cookie',
        languageCookie(language, app.config.publicUrl.startsWith('https:')),
      );
      return { language };
    },
  );

  app.post(
    '/me/become-seller',
    {
      preValidation: signedIn(),
      // A buyer has no listings, so no cached answer shows them yet.
      config: { changes: [] },
      schema: {
        tags: ['accounts'],
        summary: "Turn the signed-in buyer's account into a seller's (unverified)",
        description:
          '409 while the buyer has open requests or accepted deals (My Orders), or is a seller.',
        response: { 200: userSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await becomeSeller(app.db, request.actor);
      // Cached sessions hold the role; the next request must act as the seller.
      await app.forgetUserSessions(request.actor.id);
      return user;
    },
  );

  app.post(
    '/me/become-buyer',
    {
      preValidation: signedIn(),
      // The seller has no listing left on show, so no cached answer changes.
      config: { changes: [] },
      schema: {
        tags: ['accounts'],
        summary: "Turn the signed-in seller's account back into a buyer's",
        description:
          '409 while any listing of theirs is not sold (on show, reserved or held), or for a buyer.',
        response: { 200: userSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await becomeBuyer(app.db, request.actor);
      // Cached sessions hold the role; the next request must act as the buyer.
      await app.forgetUserSessions(request.actor.id);
      return user;
    },
  );

  const roleLookupSchema = (role: 'buyer' | 'seller' | 'admin') => ({
    tags: ['accounts'],
    summary: `Whether the email's account is a ${role} (yourself, or anyone for admins)`,
    params: emailParamsSchema,
  });

  app.get(
    '/users/buyers/:email',
    {
      preValidation: signedIn(),
      schema: {
        ...roleLookupSchema('buyer'),
        response: { 200: isBuyerSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      isBuyer: await hasRole(app.db, request.actor, request.params.email, 'buyer'),
    }),
  );

  app.get(
    '/users/seller/:email',
    {
      preValidation: signedIn(),
      schema: {
        ...roleLookupSchema('seller'),
        response: { 200: isSellerSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      isSeller: await hasRole(app.db, request.actor, request.params.email, 'seller'),
    }),
  );

  app.get(
    '/users/admin/:email',
    {
      preValidation: signedIn(),
      schema: {
        ...roleLookupSchema('admin'),
        response: { 200: isAdminSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      isAdmin: await hasRole(app.db, request.actor, request.params.email, 'admin'),
    }),
  );

  app.get(
    '/seller-role',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a seller is verified (public, as listings show it); [] when unknown',
        querystring: emailQuerySchema,
        response: { 200: sellerRoleSchema },
      },
    },
    async (request) => sellerVerification(app.db, request.query.email),
  );

  app.get(
    '/app-config',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What the web app needs before sign-in: social sign-in, demo admin',
        response: { 200: appConfigSchema },
      },
    },
    async () => appConfigFor(app.config, app.demoAdmin),
  );
};
