import type { ResolvedSession } from './session-lookup.ts';

/**
 * Sessions looked up in the last few seconds, so signed-in reads cost no query. Entries live
 * at most `ttlMs`: a log-out or deletion on another instance takes effect within that time, and
 * on this instance at once through `forgetUser`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: ResolvedSession; cachedUntil: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now = Date.now()): ResolvedSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.session.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.session;
  }

  set(key: string, session: ResolvedSession, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { session, cachedUntil: now + this.ttlMs });
  }

  /** Drops every cached session of the user (sign-out, password reset, deletion). */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.session.actor.id === userId) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
