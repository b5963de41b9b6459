import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** Where Prometheus scrapes: outside /api, as Prometheus expects it, and not in the API's description. */
export const METRICS_PATH = '/metrics';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`. The hashes are compared, not the
 * texts, so that the time taken says nothing of the token, its length included.
 */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return crypto.timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/** GET /metrics, only with METRICS_TOKEN as the bearer token (registered only when it is set). */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, expected)) {
      throw new AppError(401, 'UNAUTHORIZED', 'common.metricsToken', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    const text = await app.metrics.exposition();
    return reply.type(app.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
