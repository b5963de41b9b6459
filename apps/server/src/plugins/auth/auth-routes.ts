import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@market/shared';
import { CLIENT_IP_HEADER, type Auth } from './better-auth.ts';
import type { RateLimitRule, RateLimitStore } from './rate-limit-store.ts';

/** Per-email limits on top of Better Auth's per-IP ones, keyed by Better Auth's path. */
export const EMAIL_RATE_LIMITS: Record<string, RateLimitRule> = {
  '/sign-in/email': { window: 10 * 60, max: 10 },
  '/request-password-reset': { window: 15 * 60, max: 3 },
};

const BASE_PATH = '/api/auth';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);
const AUTH_BODY_LIMIT = 64 * 1024;

function tooManyRequests(reply: FastifyReply, retryAfter: number): FastifyReply {
  const body: ErrorResponse = {
    error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' },
  };
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, retryAfter)))
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

function emailOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'email' in parsed) {
      const email = (parsed as { email: unknown }).email;
      if (typeof email === 'string') return email.trim().toLowerCase();
    }
  } catch {
    // Not JSON: Better Auth answers the malformed request itself.
  }
  return null;
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody && Buffer.isBuffer(request.body) ? request.body : undefined,
  });
}

/**
 * Better Auth under /api/auth/*: the Fastify request becomes a Web Request for auth.handler,
 * and its status, headers (every Set-Cookie) and body are copied back.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; publicUrl: string; rateLimitStore: RateLimitStore },
): Promise<void> {
  const origin = new URL(options.publicUrl).origin;

  await app.register(async (scope) => {
    // Better Auth parses its own bodies (JSON, and form posts from OAuth callbacks).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: `${BASE_PATH}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.slice(BASE_PATH.length).split('?')[0] ?? '';
        const emailRule = request.method === 'POST' ? EMAIL_RATE_LIMITS[path] : undefined;
        const email = emailRule ? emailOf(request.body) : null;
        if (emailRule && email) {
          const decision = await options.rateLimitStore.consume(
            `email:${path}:${email}`,
            emailRule,
          );
          if (!decision.allowed)
            return tooManyRequests(reply, decision.retryAfter ?? emailRule.window);
        }

        const response = await options.auth.handler(toWebRequest(request, origin));
        if (response.status === 429) {
          const retryAfter = Number(response.headers.get('x-retry-after'));
          return tooManyRequests(reply, Number.isFinite(retryAfter) ? retryAfter : 60);
        }
        void reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name === 'set-cookie' || name === 'content-length' || HOP_BY_HOP.has(name)) return;
          void reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        const body = Buffer.from(await response.arrayBuffer());
        return reply.send(body.length > 0 ? body : undefined);
      },
    });
  });
}
