import { describe, expect, it } from 'vitest';
import { SessionCache } from '../src/plugins/auth/session-cache.ts';
import type { ResolvedSession } from '../src/plugins/auth/session-lookup.ts';

function session(userId: string, expiresAt = Date.now() + 3_600_000): ResolvedSession {
  return {
    sessionId: `session-of-${userId}`,
    expiresAt,
    actor: {
      id: userId,
      email: `${userId}@example.test`,
      name: `User ${userId}`,
      role: 'buyer',
      isVerifiedUser: false,
      phone: '+15550123',
      image: null,
    },
  };
}

describe('session cache', () => {
  it('forgets every session of one user at once, and only theirs', () => {
    const cache = new SessionCache();
    cache.set('cookie:a1', session('a'));
    cache.set('cookie:a2', session('a'));
    cache.set('cookie:b1', session('b'));
    cache.forgetUser('a');
    expect(cache.get('cookie:a1')).toBeUndefined();
    expect(cache.get('cookie:a2')).toBeUndefined();
    expect(cache.get('cookie:b1')?.actor.id).toBe('b');
  });

  it('never keeps a session that has already ended', () => {
    const cache = new SessionCache();
    const now = Date.now();
    cache.set('cookie:ended', session('a', now - 1), now);
    cache.set('cookie:ending', session('a', now), now);
    expect(cache.get('cookie:ended')).toBeUndefined();
    expect(cache.get('cookie:ending')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps no more sessions than its bytes allow, however many sign in', () => {
    const cache = new SessionCache(5_000, 10_000, 64 * 1024);
    for (let i = 0; i < 2_000; i++) cache.set(`cookie:${'x'.repeat(100)}${i}`, session(`u${i}`));
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.size).toBeLessThan(200);
    // The newest are kept, the oldest went first.
    expect(cache.get(`cookie:${'x'.repeat(100)}1999`)?.actor.id).toBe('u1999');
    expect(cache.get(`cookie:${'x'.repeat(100)}0`)).toBeUndefined();
  });
});
