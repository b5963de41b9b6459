import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { JSON_MAX_DEPTH } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { jsonNestsDeeperThan, tooDeep } from '../../lib/json-depth.ts';
import { tooManyRequests } from '../rate-limit.ts';
import { translateAuthError } from './auth-errors.ts';
import type { AuthLimits } from './auth-limits.ts';
import { CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER, type Auth } from './better-auth.ts';

const BASE_PATH = '/api/auth';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);
/** Headers only this bridge may set: a client's own copies are dropped. */
const INTERNAL_HEADERS = new Set([CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER]);
const AUTH_BODY_LIMIT = 64 * 1024;
/**
 * Better Auth's endpoints whose success changes what cached catalogue answers show. Spelled
 * another way (`/api/auth/./update-user`) they reach the catch-all route, and the cache catches
 * up within its few seconds, as on other instances.
 */
const CATALOG_CHANGING_ENDPOINTS = ['/update-user', '/delete-user'] as const;

/** The origin a request was sent to (its scheme and Host), or null when Host is not one. */
export function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || INTERNAL_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const own = ownOrigin(request);
  if (own) headers.set(REQUEST_ORIGIN_HEADER, own);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    // A copy in its own ArrayBuffer: what both Node's and the DOM's BodyInit accept.
    body: hasBody && Buffer.isBuffer(request.body) ? Uint8Array.from(request.body) : undefined,
  });
}

/**
 * Better Auth under /api/auth/*: the Fastify request becomes a Web Request for auth.handler,
 * and its status, headers (every Set-Cookie) and body are copied back. Its refusals are
 * answered in the API's one error shape.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; limits: AuthLimits },
): Promise<void> {
  const { publicUrl, publicUrlConfigured } = app.config;
  const origin = new URL(publicUrl).origin;

  await app.register(async (scope) => {
    // Better Auth parses its own bodies (JSON, and form posts from OAuth callbacks).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    const handler: RouteHandlerMethod = async (request, reply) => {
      if (request.method !== 'GET') {
        const refusal = await options.limits.anyWrite(request.ip);
        if (refusal) throw tooManyRequests(refusal.what, refusal.seconds);
      }

      if (
        Buffer.isBuffer(request.body) &&
        /json/i.test(request.headers['content-type'] ?? '') &&
        jsonNestsDeeperThan(request.body, JSON_MAX_DEPTH)
      ) {
        throw tooDeep();
      }

      const response = await options.auth.handler(toWebRequest(request, origin));
      response.headers.forEach((value, name) => {
        if (name === 'set-cookie' || name === 'content-length' || HOP_BY_HOP.has(name)) return;
        // The error shape below is JSON whatever Better Auth said.
        if (response.status >= 400 && name === 'content-type') return;
        void reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);

      if (response.status >= 400) {
        const translated = translateAuthError(response.status, await response.text(), {
          method: request.method,
          path: request.url.split('?')[0] ?? BASE_PATH,
          publicUrl: publicUrlConfigured ? publicUrl : null,
        });
        // Our own words are the error handler's, in the language asked for.
        if (translated instanceof AppError) throw translated;
        return reply.status(translated.status).send(translated.body);
      }
      void reply.status(response.status);
      const body = Buffer.from(await response.arrayBuffer());
      return reply.send(body.length > 0 ? body : undefined);
    };

    scope.route({
      method: ['GET', 'POST'],
      url: `${BASE_PATH}/*`,
      // Accounts and sessions show in no cached answer, but for the endpoints below.
      config: { changes: [] },
      schema: { hide: true },
      handler,
    });
    // A seller's name and photo show on their product cards; a deleted seller's listings go.
    for (const endpoint of CATALOG_CHANGING_ENDPOINTS) {
      scope.route({
        method: 'POST',
        url: `${BASE_PATH}${endpoint}`,
        config: { changes: ['catalog'] },
        schema: { hide: true },
        handler,
      });
    }
  });
}
