import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { PHONE_NOT_AVAILABLE, phoneSchema, signUpSchema } from '@market/shared';
import type { Config } from '../../config.ts';
import type { DbKind } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

/** Requests reach Better Auth with the client address Fastify resolved (it honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-market-client-ip';

const SESSION_DAYS = 7;
/** A session lasts this long, and is extended when it is older than SESSION_UPDATE_AGE_S. */
export const SESSION_EXPIRES_IN_S = SESSION_DAYS * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

/** Per-IP limits, in Better Auth's path names. */
export const IP_RATE_LIMITS = {
  '/sign-in/*': { window: 60, max: 5 },
  '/sign-up/*': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/reset-password': { window: 60, max: 5 },
} as const;

export interface AuthHooks {
  /** The user's cached sessions must go now (sign-out, reset, deletion). */
  forgetUser(userId: string): void;
  /** Sends the reset link; not awaited by the request, so timing does not reveal accounts. */
  sendResetLink(to: { email: string; name: string }, link: string): void;
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
  rateLimitStore: RateLimitStore;
  hooks: AuthHooks;
  log: FastifyBaseLogger;
}) {
  const { config, hooks } = options;
  const secure = config.publicUrl.startsWith('https:');

  return betterAuth({
    appName: 'Phone Market',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db: options.db, type: options.dbKind },
    user: {
      modelName: 'users',
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, defaultValue: 'buyer', input: true },
        isVerifiedUser: { type: 'boolean', required: false, defaultValue: false, input: false },
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
        // The link opens the web page directly; it posts the token with the new password.
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        hooks.sendResetLink({ email: user.email, name: user.name }, link);
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
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: IP_RATE_LIMITS,
      customStorage: {
        consume: (key, rule) => options.rateLimitStore.consume(`ip:${key}`, rule),
      },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          // Role only buyer or seller; phone digits; the same rules as the registration form.
          const parsed = signUpSchema.safeParse(ctx.body);
          if (!parsed.success) throw validationError(parsed.error);
          return;
        }
        if (ctx.path === '/update-user') {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          if ('role' in body || 'isVerifiedUser' in body) {
            throw new APIError('FORBIDDEN', {
              code: 'FORBIDDEN',
              message: 'The account type cannot be changed',
            });
          }
          if ('phone' in body) {
            const phone = phoneSchema.safeParse(body.phone);
            if (!phone.success) throw validationError(phone.error);
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const email = user.email.toLowerCase();
            if (ctx?.path === '/sign-up/email') {
              const role = user.role === 'seller' ? 'seller' : 'buyer';
              return { data: { ...user, email, role, isVerifiedUser: false } };
            }
            // A first social sign-in: the spec's buyer with no phone on record.
            return {
              data: {
                ...user,
                email,
                role: 'buyer',
                phone: PHONE_NOT_AVAILABLE,
                isVerifiedUser: false,
              },
            };
          },
        },
        delete: { after: async (user) => hooks.forgetUser(user.id) },
      },
      session: {
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
