import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { reason, tooMany, waitFor, type AppError, type LimitKey } from '../lib/errors.ts';

/** At most `max` events per `windowSeconds` for one key; the window starts at its first event. */
export interface RateRule {
  /** Names the counters (in Redis `market:rate:<name>:<key>`); unique per rule. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  readonly rule: RateRule;
  /** Counts one event for `key`: null when allowed, else the whole seconds to wait. */
  consume(key: string): Promise<number | null>;
  /** Forgets what `key` has counted in this window. */
  forget(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limiter for one rule. With REDIS_URL every instance counts in the shared Redis; while
     * Redis is unreachable, and without it, each instance counts in its own memory.
     */
    rateLimiter(rule: RateRule): RateLimiter;
  }
}

export function registerRateLimits(app: FastifyInstance): void {
  app.decorate('rateLimiter', createRateLimiterFactory(app.redis));
}

export function createRateLimiterFactory(redis: Redis | null): (rule: RateRule) => RateLimiter {
  const names = new Set<string>();
  return (rule) => {
    if (names.has(rule.name)) throw new Error(`rate limit "${rule.name}" is defined twice`);
    names.add(rule.name);
    const options = { points: rule.max, duration: rule.windowSeconds };
    const memory = new RateLimiterMemory({ ...options, keyPrefix: rule.name });
    const limiter: RateLimiterAbstract = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          keyPrefix: `market:rate:${rule.name}`,
          // Not ready (connecting, or down): count in memory at once rather than queue.
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    return {
      rule,
      async consume(key) {
        try {
          await limiter.consume(key);
          return null;
        } catch (refusal) {
          if (refusal instanceof RateLimiterRes) {
            return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          }
          throw refusal;
        }
      },
      async forget(key) {
        await limiter.delete(key);
      },
    };
  };
}

/** Counts the event under each check in turn; the first refusal ends it with its wait. */
export async function consumeInTurn(
  checks: ReadonlyArray<readonly [RateLimiter, string]>,
): Promise<number | null> {
  for (const [limiter, key] of checks) {
    const wait = await limiter.consume(key);
    if (wait !== null) return wait;
  }
  return null;
}

/**
 * The key a client address counts under. One IPv6 subscriber gets a whole /64 and can pick
 * any address in it, so IPv6 addresses count by their /64; IPv4-mapped ones as IPv4.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const [a, b, c, d] = (address as ipaddr.IPv6).parts;
  return `${[a, b, c, d].map((part) => part!.toString(16)).join(':')}::/64`;
}

/** The 429 every limit answers: the wait in `retry-after` and, in words, in the message. */
export function tooManyRequests(limit: LimitKey, seconds: number): AppError {
  return tooMany(reason(`common.limits.${limit}`, { wait: waitFor(seconds) }), seconds);
}
