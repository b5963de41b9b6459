import { boundedCache, stringBytes } from '../../lib/bounded-cache.ts';
import type { ResolvedSession } from './session-lookup.ts';

/** Room for an entry's own bookkeeping and the session's fixed-size fields. */
const ENTRY_OVERHEAD_BYTES = 256;

function sessionBytes(session: ResolvedSession, key: string): number {
  const { actor } = session;
  return (
    ENTRY_OVERHEAD_BYTES +
    stringBytes(key) +
    stringBytes(session.sessionId) +
    stringBytes(actor.id) +
    stringBytes(actor.email) +
    stringBytes(actor.name) +
    stringBytes(actor.phone) +
    stringBytes(actor.image)
  );
}

/**
 * Sessions looked up in the last few seconds, so signed-in reads cost no query. Entries live
 * at most `ttlMs` (and never past the session's own end): a log-out or deletion on another
 * instance takes effect within that time, and on this instance at once through `forgetUser`.
 */
export class SessionCache {
  private readonly entries;

  constructor(
    private readonly ttlMs = 5_000,
    maxEntries = 10_000,
    maxBytes = 16 * 1024 * 1024,
  ) {
    this.entries = boundedCache<string, ResolvedSession>({
      maxEntries,
      maxBytes,
      sizeOf: sessionBytes,
      ttlMs,
    });
  }

  /** How many sessions are kept now. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): ResolvedSession | undefined {
    return this.entries.get(key);
  }

  set(key: string, session: ResolvedSession, now = Date.now()): void {
    const ttl = Math.min(this.ttlMs, session.expiresAt - now);
    if (ttl > 0) this.entries.set(key, session, { ttl });
  }

  /** Drops every cached session of the user (sign-out, password reset, deletion). */
  forgetUser(userId: string): void {
    const keys: string[] = [];
    for (const [key, session] of this.entries.entries()) {
      if (session.actor.id === userId) keys.push(key);
    }
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
