import { boundedCache, stringBytes } from './bounded-cache.ts';

/** Stands for a null answer: the cache keeps no null or undefined values. */
const NULL = Symbol('null');

/** Room for an entry's own bookkeeping beside its input and answer. */
const ENTRY_OVERHEAD_BYTES = 64;

/**
 * Remembers the answers of a pure function of a string, for inputs that repeat (a client sends
 * the same header again and again). At most `limit` inputs, and at most `maxBytes` with their
 * answers, are kept; the least recently used go first, so whatever is asked, memory stays bounded.
 */
export function boundedMemo<T extends NonNullable<unknown> | null>(
  limit: number,
  compute: (input: string) => T,
  maxBytes = limit * 1024,
): (input: string) => T {
  const known = boundedCache<string, NonNullable<T> | typeof NULL>({
    maxEntries: limit,
    maxBytes,
    sizeOf: (value, input) =>
      ENTRY_OVERHEAD_BYTES +
      stringBytes(input) +
      (typeof value === 'string' ? stringBytes(value) : 0),
  });
  return (input) => {
    const hit = known.get(input);
    if (hit !== undefined) return (hit === NULL ? null : hit) as T;
    const value = compute(input);
    known.set(input, value ?? NULL);
    return value;
  };
}
