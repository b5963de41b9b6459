import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one Redis connection (REDIS_URL), or null when none is configured. */
    redis: Redis | null;
  }
}

/**
 * Opens the one Redis connection every part of the app shares, and closes it with the app.
 * An unreachable Redis does not stop the start: the connection keeps retrying in the
 * background, and its users fall back to per-instance state until it is ready.
 */
export async function registerRedis(app: FastifyInstance): Promise<void> {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    // A command waits for at most one reconnection: callers degrade rather than hang.
    maxRetriesPerRequest: 1,
  });
  const where = redactedUrl(url);
  // Errors repeat on every reconnection attempt: log when the state changes, not each time.
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err, redis: where }, 'Redis unreachable; counting on this instance until back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info({ redis: where }, 'Redis reachable again');
  });
  // Connected before the first request, so counters are shared from the start.
  await redis.connect().catch(() => {});
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    // QUIT would wait in the offline queue for a connection that may never come.
    if (redis.status !== 'ready') return redis.disconnect();
    await redis.quit().catch(() => redis.disconnect());
  });
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
