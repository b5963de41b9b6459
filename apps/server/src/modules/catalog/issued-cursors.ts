import { boundedCache, stringBytes } from '../../lib/bounded-cache.ts';

/** Room for an entry's own bookkeeping beside its key. */
const ENTRY_OVERHEAD_BYTES = 64;

/**
 * The cursors this server has handed out (X-Next-Cursor) in the last minutes, per category.
 * A page that starts at one of them is one that readers paging on will ask for again; any other
 * cursor is made up, and its page is not worth keeping.
 */
export class IssuedCursors {
  private readonly issued = boundedCache<string, true>({
    maxEntries: 50_000,
    maxBytes: 8 * 1024 * 1024,
    ttlMs: 10 * 60_000,
    sizeOf: (_value, key) => ENTRY_OVERHEAD_BYTES + stringBytes(key),
  });

  remember(category: string, cursor: string): void {
    this.issued.set(`${category}:${cursor}`, true);
  }

  has(category: string, cursor: string): boolean {
    return this.issued.has(`${category}:${cursor}`);
  }
}
