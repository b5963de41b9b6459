import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<K, V> {
  /** The most entries kept. */
  maxEntries: number;
  /** The most bytes kept, as `sizeOf` counts them; the least recently used go first. */
  maxBytes: number;
  /** What one entry costs in memory, in bytes (an estimate is fine; it must not undercount). */
  sizeOf(value: V, key: K): number;
  /** How long an entry is served; without it, until it is pushed out. */
  ttlMs?: number;
}

/**
 * The one cache the server keeps anything in: bounded in entries and in bytes, so whatever
 * clients ask for, memory stays within what is set here. Least recently used entries go first.
 */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: BoundedCacheOptions<K, V>,
): LRUCache<K, V> {
  return new LRUCache<K, V>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    // lru-cache wants a positive whole number.
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.sizeOf(value, key))),
    ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs }),
  });
}

export type BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = LRUCache<
  K,
  V
>;

/** What a string costs at most: V8 keeps two bytes a character for text outside Latin-1. */
export function stringBytes(text: string | null | undefined): number {
  return text ? text.length * 2 : 0;
}
