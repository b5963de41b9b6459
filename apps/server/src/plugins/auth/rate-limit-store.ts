import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the next attempt may succeed; null when allowed. */
  retryAfter: number | null;
}

/**
 * Fixed-window counters shared by Better Auth's per-IP limits and the per-email limits. One
 * store per app: counters never leak between app instances in one process, and with REDIS_URL
 * every server process counts together.
 */
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

const MEMORY_MAX_KEYS = 50_000;

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key, rule) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        if (windows.size >= MEMORY_MAX_KEYS) pruneExpired(windows, now);
        entry = { count: 0, resetAt: now + rule.window * 1000 };
        windows.set(key, entry);
      }
      if (entry.count >= rule.max) {
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
      }
      entry.count += 1;
      return { allowed: true, retryAfter: null };
    },
    async close() {
      windows.clear();
    },
  };
}

function pruneExpired(windows: Map<string, { resetAt: number }>, now: number): void {
  for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
  // Still full of live windows: drop the oldest rather than grow without bound.
  for (const key of windows.keys()) {
    if (windows.size < MEMORY_MAX_KEYS) break;
    windows.delete(key);
  }
}

// INCR and set the expiry of a new window in one step, so concurrent instances agree.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export function createRedisRateLimitStore(url: string, log: FastifyBaseLogger): RateLimitStore {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => log.warn({ err }, 'auth rate limit store: Redis error'));
  return {
    async consume(key, rule) {
      try {
        const [count, ttlMs] = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          `market:rate:auth:${key}`,
          String(rule.window * 1000),
        )) as [number, number];
        if (count <= rule.max) return { allowed: true, retryAfter: null };
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) };
      } catch (err) {
        // A store outage must not lock everyone out of their accounts.
        log.warn({ err }, 'auth rate limit store unavailable; request allowed');
        return { allowed: true, retryAfter: null };
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
