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
  putUserSchema,
  sellerRoleSchema,
  sessionStateSchema,
  userSchema,
} from '@market/shared';
import { assertOwnEmail, requireActor } from '../../lib/actor.ts';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from '../../plugins/auth/better-auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import {
  appConfigFor,
  ensureConfiguredAdmin,
  getUser,
  hasRole,
  saveOwnProfile,
  sellerVerification,
} from './accounts.service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

// Checked before the request is validated: an anonymous caller gets 401, not a validation error.
const signedInOnly = async (request: FastifyRequest) => {
  await requireActor(request);
};

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
      preValidation: signedInOnly,
      schema: {
        tags: ['accounts'],
        summary: 'An access token (at most one hour) for the signed-in user, for their own email',
        querystring: emailQuerySchema,
        response: { 200: jwtResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const session = await app.requestSession(request);
      if (!session) throw unauthorized();
      assertOwnEmail(session.actor, request.query.email);
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
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getUser(app.db, (await requireActor(request)).id),
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
      preValidation: signedInOnly,
      schema: {
        tags: ['accounts'],
        summary: "Save the signed-in user's own profile (name, phone, image)",
        body: putUserSchema,
        response: { 200: userSchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      const user = await saveOwnProfile(app.db, actor, request.body);
      await app.forgetUserSessions(actor.id);
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
      preValidation: signedInOnly,
      schema: { ...roleLookupSchema('buyer'), response: { 200: isBuyerSchema, ...refusals } },
    },
    async (request) => ({
      isBuyer: await hasRole(app.db, await requireActor(request), request.params.email, 'buyer'),
    }),
  );

  app.get(
    '/users/seller/:email',
    {
      preValidation: signedInOnly,
      schema: { ...roleLookupSchema('seller'), response: { 200: isSellerSchema, ...refusals } },
    },
    async (request) => ({
      isSeller: await hasRole(app.db, await requireActor(request), request.params.email, 'seller'),
    }),
  );

  app.get(
    '/users/admin/:email',
    {
      preValidation: signedInOnly,
      schema: { ...roleLookupSchema('admin'), response: { 200: isAdminSchema, ...refusals } },
    },
    async (request) => ({
      isAdmin: await hasRole(app.db, await requireActor(request), request.params.email, 'admin'),
    }),
  );

  app.get(
    '/seller-role',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a seller is verified (public, as listings show it); [] when unknown',
        querystring: emailQuerySchema,
        response: { 200: sellerRoleSchema, 400: errorResponseSchema },
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
    async () => appConfigFor(app.config),
  );
};
