import { firstWhere, mergeLive } from './slot-order.ts';

/**
 * Sort keys put a slot under its price: price × 2^29 + slot, exact in a double while the price is
 * below 2^24 cents ($167,772.16) and the slot below 2^29. Beyond either a word set keeps no order
 * and its counts test each match, as without one.
 */
const SLOT_SPAN = 2 ** 29;
const PRICE_SPAN = 2 ** 24;

/** The removals an index has seen, in order: the slots of documents removed since it was built. */
export interface RemovalLog {
  readonly items: Int32Array;
  readonly length: number;
}

/**
 * One kept word set's live matches in order of price, so that a search whose only filter is a
 * price range counts them by halving twice, not by testing each until the count's limit: with a
 * location or a radius, most of a word set's matches in an area are tested for the exact count.
 *
 * The order is made from the matches as they are, then followed without sorting again: slots
 * added to the matches since are kept aside and tested one by one, and documents removed since
 * (the index's removal log from `removalsSeen` on) are taken off when the order holds them. Once
 * those are more than an eighth of the order, it is merged again in one pass.
 */
export class PriceOrder {
  private constructor(
    /** Live slots when made, by price, then slot. */
    private slots: Int32Array,
    /** The index's removal log's length when made. */
    private removalsSeen: number,
    /** Slots added to the matches since it was made. */
    private added: number[] = [],
  ) {}

  /** The order of the slots in `slots`' lists (any order, dead ones left out), or null when a key would not be exact. */
  static of(
    slots: ReadonlyArray<ArrayLike<number>>,
    prices: Int32Array,
    alive: Uint8Array,
    removals: RemovalLog,
  ): PriceOrder | null {
    const keys = sortedKeys(slots, prices, alive);
    return keys && new PriceOrder(slotsOf(keys), removals.length);
  }

  /** Takes slots the matches have gained. */
  note(slots: readonly number[]): void {
    for (const slot of slots) this.added.push(slot);
  }

  /** Bytes held: what a kept word set's bound counts. */
  get bytes(): number {
    return this.slots.byteLength + 8 * this.added.length;
  }

  /**
   * The order brought up to date when what it follows aside has grown past an eighth of it and
   * past `least` (itself otherwise); null when a key would no longer be exact.
   */
  current(
    prices: Int32Array,
    alive: Uint8Array,
    removals: RemovalLog,
    least = 64,
  ): PriceOrder | null {
    const pending = this.added.length + removals.length - this.removalsSeen;
    if (pending <= Math.max(least, this.slots.length >> 3)) return this;
    const added = sortedKeys([this.added], prices, alive);
    if (!added) return null;
    const key = (slot: number) => prices[slot]! * SLOT_SPAN + slot;
    const merged = mergeLive(this.slots, slotsOf(added), alive, (a, b) => key(a) < key(b));
    return new PriceOrder(merged, removals.length);
  }

  /** How many live matches cost from `min` to `max` cents (either may be infinite). */
  count(min: number, max: number, prices: Int32Array, alive: Uint8Array, removals: RemovalLog) {
    const slots = this.slots;
    let n = this.firstFrom(prices, max + 1) - this.firstFrom(prices, min);
    for (const slot of this.added) {
      if (alive[slot] && prices[slot]! >= min && prices[slot]! <= max) n++;
    }
    // Removed since: taken off when in range and in the order (each slot is removed once).
    for (let i = this.removalsSeen; i < removals.length; i++) {
      const slot = removals.items[i]!;
      const price = prices[slot]!;
      if (price < min || price > max) continue;
      const at = this.firstAtKey(prices, price * SLOT_SPAN + slot);
      if (at < slots.length && slots[at] === slot) n--;
    }
    return n;
  }

  /** The first position whose price is at least `price` (cents; may be infinite). */
  private firstFrom(prices: Int32Array, price: number): number {
    if (price === -Infinity) return 0;
    if (price === Infinity) return this.slots.length;
    return this.firstAtKey(prices, Math.ceil(price) * SLOT_SPAN);
  }

  /** The first position whose key is at least `key`. */
  private firstAtKey(prices: Int32Array, key: number): number {
    return firstWhere(this.slots, (slot) => prices[slot]! * SLOT_SPAN + slot >= key);
  }
}

/** The live slots' keys, ascending; null when one would not be exact. */
function sortedKeys(
  lists: ReadonlyArray<ArrayLike<number>>,
  prices: Int32Array,
  alive: Uint8Array,
): Float64Array | null {
  const keys = new Float64Array(lists.reduce((n, list) => n + list.length, 0));
  let n = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const slot = list[i]!;
      if (!alive[slot]) continue;
      const price = prices[slot]!;
      if (price < 0 || price >= PRICE_SPAN || slot >= SLOT_SPAN) return null;
      keys[n++] = price * SLOT_SPAN + slot;
    }
  }
  return keys.subarray(0, n).sort();
}

function slotsOf(keys: Float64Array): Int32Array {
  const slots = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) slots[i] = keys[i]! % SLOT_SPAN;
  return slots;
}
