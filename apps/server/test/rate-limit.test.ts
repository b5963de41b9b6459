import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { serverTexts } from '@market/shared/texts';
import { waitFor, wordRefusal } from '../src/lib/errors.ts';
import { addressKey, createRateLimiterFactory } from '../src/plugins/rate-limit.ts';
import { buildTestApp, testDbKind } from './build-test-app.ts';
import { uniqueTestIp } from './factories.ts';

// The Redis of this run (test/global-setup.ts); empty on a machine with none.
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';

describe('client addresses as rate-limit keys', () => {
  it('keeps IPv4 as it is, and counts IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe(key);
    expect(addressKey('2001:0db8:0001:0002:ffff::1')).toBe(key);
    expect(addressKey('2001:DB8:1:2::')).toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    // Not an address at all (never from a socket): counted as written.
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('how long to wait, in words', () => {
  it('says seconds under a minute, whole minutes under an hour, whole hours above', () => {
    const inEnglish = (seconds: number) => wordRefusal(waitFor(seconds), serverTexts('en'));
    expect(inEnglish(1)).toBe('1 second');
    expect(inEnglish(42)).toBe('42 seconds');
    expect(inEnglish(60)).toBe('1 minute');
    expect(inEnglish(61)).toBe('2 minutes');
    expect(inEnglish(600)).toBe('10 minutes');
    expect(inEnglish(3600)).toBe('1 hour');
    expect(inEnglish(3601)).toBe('2 hours');
    expect(wordRefusal(waitFor(42), serverTexts('bn'))).toBe('৪২ সেকেন্ড');
    expect(wordRefusal(waitFor(5 * 3600), serverTexts('bn'))).toBe('৫ ঘণ্টা');
  });
});

describe('one limiter, in memory or in Redis', () => {
  it('refuses the event after the last allowed one, with the time to wait', async () => {
    const limiter = createRateLimiterFactory(null)({ name: 'test', max: 2, windowSeconds: 30 });
    expect(await limiter.consume('a')).toBeNull();
    expect(await limiter.consume('a')).toBeNull();
    const wait = await limiter.consume('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    // Another key has its own count.
    expect(await limiter.consume('b')).toBeNull();
  });

  it('refuses a rule defined twice, so two parts never share counters by accident', () => {
    const make = createRateLimiterFactory(null);
    make({ name: 'twice', max: 1, windowSeconds: 1 });
    expect(() => make({ name: 'twice', max: 5, windowSeconds: 60 })).toThrow(/twice/);
  });

  // Without a Redis on the machine, the test of an unreachable one below is what remains.
  (REDIS_URL ? it : () => undefined)(
    'counts in Redis, so two factories on one Redis share the count',
    async () => {
      const [a, b] = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
      try {
        const rule = { name: `test-${crypto.randomUUID()}`, max: 3, windowSeconds: 60 };
        const [one, two] = [createRateLimiterFactory(a)(rule), createRateLimiterFactory(b)(rule)];
        await Promise.all([a.ping(), b.ping()]);
        expect(await one.consume('k')).toBeNull();
        expect(await two.consume('k')).toBeNull();
        expect(await one.consume('k')).toBeNull();
        expect(await two.consume('k')).toBeGreaterThan(0);
        expect(Number(await a.get(`market:rate:${rule.name}:k`))).toBe(4);
      } finally {
        a.disconnect();
        b.disconnect();
      }
    },
  );
});

describe(`an unreachable Redis on ${testDbKind}`, () => {
  it('does not stop the start; each instance counts on its own meanwhile', async () => {
    // Nothing listens on port 1.
    const t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const address = uniqueTestIp();
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: address,
          payload: { email: 'someone@example.test', password: 'not-the-password' },
        });
      for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
