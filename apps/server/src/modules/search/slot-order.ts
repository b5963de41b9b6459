/**
 * What the kept orders of a word set's matches (`price-order.ts`, `distance-order.ts`) share:
 * slots in a typed array, in an order of their own.
 */

/** The first position from which `past` holds (it holds from some position on, or nowhere). */
export function firstWhere(slots: Int32Array, past: (slot: number) => boolean): number {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(slots[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `kept`'s live slots and `added` (live, in the same order) merged in one pass; `before(a, b)`
 * when a comes first.
 */
export function mergeLive(
  kept: Int32Array,
  added: ArrayLike<number>,
  alive: Uint8Array,
  before: (a: number, b: number) => boolean,
): Int32Array {
  const out = new Int32Array(kept.length + added.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < kept.length; i++) {
    const slot = kept[i]!;
    if (!alive[slot]) continue;
    while (j < added.length && before(added[j]!, slot)) out[n++] = added[j++]!;
    out[n++] = slot;
  }
  while (j < added.length) out[n++] = added[j++]!;
  return out.slice(0, n);
}
