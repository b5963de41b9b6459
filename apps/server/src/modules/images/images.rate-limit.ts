import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/actor.ts';

const UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** Registration uploads a picture before the account exists, so anonymous callers may upload. */
export const ANONYMOUS_UPLOADS_PER_WINDOW = 20;
export const SIGNED_IN_UPLOADS_PER_WINDOW = 100;

async function actorOf(request: FastifyRequest): Promise<Actor | null> {
  // getActor comes from the auth plugin; without it every caller counts as anonymous.
  return typeof request.getActor === 'function' ? request.getActor() : null;
}

/**
 * Registers @fastify/rate-limit in the calling scope (not globally) and answers the hook that
 * limits uploads: per IP for anonymous callers, per account (more) for signed-in users. With
 * REDIS_URL the counters live in Redis, so every instance counts together.
 */
export async function createUploadRateLimit(
  scope: FastifyInstance,
  redisUrl: string | undefined,
): Promise<onRequestAsyncHookHandler> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (err) => scope.log.warn({ err }, 'rate limit store: Redis error'));
    scope.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await scope.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'market:rate:images:' } : {}),
    // A store outage must not stop uploads; the limit only guards against abuse.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        'RATE_LIMITED',
        `Too many uploads. Try again in ${context.after}.`,
        undefined,
        { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      ),
  });
  return scope.rateLimit({
    timeWindow: UPLOAD_WINDOW_MS,
    keyGenerator: async (request) => {
      const actor = await actorOf(request);
      return actor ? `user:${actor.id}` : `ip:${normalizeIP(request.ip)}`;
    },
    max: async (request) =>
      (await actorOf(request)) ? SIGNED_IN_UPLOADS_PER_WINDOW : ANONYMOUS_UPLOADS_PER_WINDOW,
  }) as onRequestAsyncHookHandler;
}
