import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  changePasswordRequestSchema,
  deleteAccountSchema,
  PHONE_NOT_AVAILABLE,
  putUserSchema,
  signUpSchema,
  suspendedMessage,
  chosenLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
} from '@market/shared';
import type { Config } from '../../config.ts';
import type { DbKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ImageUrlRule } from '../../lib/image-urls.ts';
import { tooManyRequests } from '../rate-limit.ts';
import { emailIn, SESSION_PASSWORD_CHECKS, type AuthLimits } from './auth-limits.ts';

/** Requests reach Better Auth with the client address Fastify resolved (it honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-market-client-ip';
/** And with the origin they were sent to (scheme and Host), which is ours when PUBLIC_URL is unset. */
export const REQUEST_ORIGIN_HEADER = 'x-market-request-origin';

/** POST /api/auth/update-user: the fields of PUT /api/users it may change, by the same rules. */
const updateUserSchema = putUserSchema
  .pick({ name: true, phone: true })
  .extend({ image: putUserSchema.shape.img })
  .partial();

const SESSION_DAYS = 7;
/** A session lasts this long, and is extended when it is older than SESSION_UPDATE_AGE_S. */
export const SESSION_EXPIRES_IN_S = SESSION_DAYS * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

export interface AuthHooks {
  /** The user's cached sessions must go now (sign-out, reset, deletion, profile change). */
  forgetUser(userId: string): void;
  /** A user deletes their own account: what is theirs goes first, in one transaction. */
  deleteBelongings(userId: string): Promise<void>;
  /** Sends the reset link; not awaited by the request, so timing does not reveal accounts. */
  sendResetLink(to: { id: string; email: string; name: string }, token: string): void;
  /** Why an administrator suspended the account, or null when it may sign in. */
  suspension(userId: string): Promise<{ reason: string | null } | null>;
}

function validationError(error: z.ZodError): APIError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_FAILED',
    message: error.issues[0]?.message ?? 'Invalid request',
    fields,
  });
}

/** Better Auth on the app's own Kysely instance and tables. */
export function createAuth(options: {
  config: Readonly<Config>;
  db: Kysely<Database>;
  dbKind: DbKind;
  limits: AuthLimits;
  hooks: AuthHooks;
  imageUrls: ImageUrlRule;
  log: FastifyBaseLogger;
}) {
  const { config, hooks, imageUrls } = options;
  // The same image rule as every other image field of the API.
  const signUpBody = imageUrls.refine(signUpSchema, 'image');
  const updateUserBody = imageUrls.refine(updateUserSchema, 'image');
  /** A picture from elsewhere (a social provider's) is dropped: the default avatar shows. */
  const ownImageOrNull = (image: string | null | undefined) =>
    typeof image === 'string' && imageUrls.isOwn(image) ? image : null;
  const secure = config.publicUrl.startsWith('https:');

  return betterAuth({
    appName: 'Phone Market',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Without PUBLIC_URL the product answers at any address (127.0.0.1, the machine's address on
    // the network): a request sent from the page of the address it was sent to is same-origin.
    trustedOrigins: config.publicUrlConfigured
      ? [config.publicUrl]
      : (request) => [config.publicUrl, request?.headers.get(REQUEST_ORIGIN_HEADER)],
    database: { db: options.db, type: options.dbKind },
    user: {
      modelName: 'users',
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, defaultValue: 'buyer', input: true },
        isVerifiedUser: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Set from the page's language at sign-up; changed with PUT /api/me/language.
        language: { type: 'string', required: false, input: false },
      },
      // POST /delete-user: one's own account, with the password asked again (see the hook below).
      deleteUser: {
        enabled: true,
        // Then Better Auth deletes the sessions, the sign-in methods and the user.
        beforeDelete: async (user) => hooks.deleteBelongings(user.id),
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        hooks.sendResetLink({ id: user.id, email: user.email, name: user.name }, token);
      },
      onPasswordReset: async ({ user }) => hooks.forgetUser(user.id),
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                discoveryUrl: `${config.oidc.issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // client_secret_basic: the OpenID Connect default every issuer supports.
                authentication: 'basic',
              },
            ],
          }),
        ]
      : [],
    // Counted in the before hook instead, by the endpoint Better Auth resolved: its own limiter
    // goes by the URL as spelled, which has more than one spelling per endpoint.
    rateLimit: { enabled: false },
    // Unhandled errors reach the app's error handler, which logs them and answers in its shape.
    onAPIError: { throw: true },
    advanced: {
      // Checked in tests too (Better Auth skips it when NODE_ENV is test).
      disableOriginCheck: false,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // ctx.path is the endpoint's own path, however the URL was spelled, and ctx.body is the
      // body as Better Auth parsed it, whatever its encoding.
      before: createAuthMiddleware(async (ctx) => {
        const request = ctx.request;
        if (request && request.method !== 'GET') {
          const address = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
          const email = SESSION_PASSWORD_CHECKS.has(ctx.path)
            ? ((await getSessionFromCtx(ctx))?.user.email.toLowerCase() ?? null)
            : emailIn(ctx.body);
          const refusal = await options.limits.attempt({ path: ctx.path, address, email });
          if (refusal) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                code: 'RATE_LIMITED',
                message: tooManyRequests(refusal.what, refusal.seconds).message,
              },
              { 'retry-after': String(refusal.seconds) },
            );
          }
        }
        if (ctx.path === '/sign-up/email') {
          // Role only buyer or seller; phone digits; the same rules as the registration form.
          const parsed = signUpBody.safeParse(ctx.body);
          if (!parsed.success) throw validationError(parsed.error);
          return;
        }
        if (ctx.path === '/update-user') {
          const body: unknown = ctx.body ?? {};
          if (typeof body !== 'object' || Array.isArray(body) || body === null) {
            throw new APIError('BAD_REQUEST', {
              code: 'VALIDATION_FAILED',
              message: 'Send the changes as an object',
            });
          }
          if ('role' in body || 'isVerifiedUser' in body) {
            throw new APIError('FORBIDDEN', {
              code: 'FORBIDDEN',
              message: 'The account type cannot be changed',
            });
          }
          // The same rules as PUT /api/users; what passes is written as checked (names trimmed).
          const parsed = updateUserBody.safeParse(body);
          if (!parsed.success) throw validationError(parsed.error);
          return { context: { body: { ...body, ...parsed.data } } };
        }
        if (ctx.path === '/change-password') {
          const parsed = changePasswordRequestSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) throw validationError(parsed.error);
          // Whoever else knew the old password is signed out, whatever the client asked.
          return { context: { body: { ...parsed.data, revokeOtherSessions: true } } };
        }
        if (ctx.path === '/delete-user') {
          const session = await getSessionFromCtx(ctx);
          if ((session?.user as { role?: unknown } | undefined)?.role === 'admin') {
            throw new APIError('FORBIDDEN', {
              code: 'FORBIDDEN',
              message: 'An admin account cannot be deleted',
            });
          }
          // Never without the password: Better Auth would accept a fresh session alone, or a
          // token. Only the password goes on.
          const parsed = deleteAccountSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) throw validationError(parsed.error);
          return { context: { body: { password: parsed.data.password } } };
        }
      }),
      // Signing in on a device opens the site in the account's language from then on.
      after: createAuthMiddleware(async (ctx) => {
        const language = (ctx.context.newSession?.user as { language?: unknown } | undefined)
          ?.language;
        if (!isLanguage(language)) return;
        ctx.setCookie(LANGUAGE_COOKIE, language, {
          path: '/',
          maxAge: LANGUAGE_COOKIE_MAX_AGE,
          sameSite: 'lax',
          httpOnly: false,
          secure,
        });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const email = user.email.toLowerCase();
            const image = ownImageOrNull(user.image);
            // The language the person signed up in: their emails come in it.
            const headers = ctx?.request?.headers ?? ctx?.headers;
            const language = chosenLanguage(
              headers?.get('cookie'),
              headers?.get('accept-language'),
            );
            if (ctx?.path === '/sign-up/email') {
              const role = user.role === 'seller' ? 'seller' : 'buyer';
              return { data: { ...user, email, image, role, isVerifiedUser: false, language } };
            }
            // A first social sign-in: the spec's buyer with no phone on record.
            return {
              data: {
                ...user,
                email,
                image,
                role: 'buyer',
                phone: PHONE_NOT_AVAILABLE,
                isVerifiedUser: false,
                language,
              },
            };
          },
        },
        update: {
          // update-user is refused above; this covers a provider's profile written on sign-in.
          // An undefined field is left out of the update, so the current picture stays.
          before: async (data) =>
            typeof data.image === 'string' && !imageUrls.isOwn(data.image)
              ? { data: { ...data, image: undefined } }
              : undefined,
          // Cached sessions hold the name, phone and photo too.
          after: async (user) => hooks.forgetUser(user.id),
        },
        delete: { after: async (user) => hooks.forgetUser(user.id) },
      },
      session: {
        // Every way in (password, a social provider) makes a session: a suspended account
        // gets none, and is told why.
        create: {
          before: async (session) => {
            const suspension = await hooks.suspension(session.userId);
            if (suspension) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: suspendedMessage(suspension.reason, config.supportEmail),
              });
            }
          },
        },
        delete: { after: async (session) => hooks.forgetUser(session.userId) },
      },
    },
    telemetry: { enabled: false },
    // Into the app's structured log (and its level), not straight to the console.
    logger: {
      // 'info': at 'debug', 'warn' or 'error' Better Auth also prints client errors to the console.
      level: 'info',
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args } : {};
        options.log[level](details, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
