import v8 from 'node:v8';

/**
 * A full garbage collection, when the server runs with `--expose-gc` (as `npm start` does);
 * nothing otherwise. For work that leaves much garbage at once and then stops, such as building
 * the search index: V8 keeps the heap it grew to until allocation picks up again, and frees its
 * pages only after a full collection. At a million listings on PostgreSQL that is the difference
 * between 418 and 345 MB resident once search is ready (decision 0017).
 */
export function collectGarbage(): void {
  globalThis.gc?.();
}

/**
 * How far past what the last full collection kept V8 lets the heap grow before the next one, in
 * percent. Left to itself V8 picks up to 300 % when collections are cheap beside the allocation,
 * as they are under a search load: the search index's arrays are outside the heap, so a full
 * collection marks about 80 MB at a million listings, and the heap grew by 100 to 200 MB of
 * garbage between two (decision 0017: the server's peak 408 to 479 MB under the loads, 329 to
 * 336 MB with this bound, at the same speed).
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Bounds the heap's growth between full collections (HEAP_GROWING_PERCENT), unless node was
 * started with a bound of its own. Called first thing at the server's start; V8 reads the bound
 * at each full collection, so it holds from the next one on.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
