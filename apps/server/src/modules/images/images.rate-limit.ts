import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { addressKey, tooManyRequests } from '../../plugins/rate-limit.ts';

const UPLOAD_WINDOW_SECONDS = 10 * 60;
/** Registration uploads a picture before the account exists, so anonymous callers may upload. */
export const ANONYMOUS_UPLOADS_PER_WINDOW = 20;
export const SIGNED_IN_UPLOADS_PER_WINDOW = 100;

async function actorOf(request: FastifyRequest): Promise<Actor | null> {
  // getActor comes from the auth plugin; without it every caller counts as anonymous.
  return typeof request.getActor === 'function' ? request.getActor() : null;
}

/**
 * The hook that limits uploads: per address for anonymous callers, per account (more) for
 * signed-in users. It runs before a byte of the body is read.
 */
export function createUploadRateLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  const anonymous = app.rateLimiter({
    name: 'uploads-anonymous',
    max: ANONYMOUS_UPLOADS_PER_WINDOW,
    windowSeconds: UPLOAD_WINDOW_SECONDS,
  });
  const signedIn = app.rateLimiter({
    name: 'uploads-signed-in',
    max: SIGNED_IN_UPLOADS_PER_WINDOW,
    windowSeconds: UPLOAD_WINDOW_SECONDS,
  });
  return async (request) => {
    const actor = await actorOf(request);
    const wait = actor
      ? await signedIn.consume(actor.id)
      : await anonymous.consume(addressKey(request.ip));
    if (wait !== null) throw tooManyRequests('uploads', wait);
  };
}
