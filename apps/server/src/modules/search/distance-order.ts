import { firstWhere, mergeLive } from './slot-order.ts';

/** What a distance order reads of the index, over the typed arrays of one call. */
export interface DistanceKeys {
  /** Each slot's place centre, as 1 + its number (0: no place). */
  pointOf: Int32Array;
  /** Each centre's distance from the origin in whole metres, by the same number (0: no place). */
  metres: Float64Array;
  docids: Float64Array;
  alive: Uint8Array;
}

/**
 * One kept word set's matches within a radius of an origin, nearest first and newest first within
 * a distance: the order of a search sorted by distance, kept with the matches (their key holds the
 * origin, so no slot's distance changes). A page is then the first matches after the cursor's
 * place, found by halving, that pass the other filters: it reads about a page of matches, where
 * walking them newest first read every match until the nearest distance had a page of its own.
 *
 * Slots the matches gain are kept aside and merged in, in one pass, before the next page; removed
 * documents stay in the order and are passed over, as in the matches themselves.
 */
export class DistanceOrder {
  private constructor(
    private slots: Int32Array,
    private added: number[] = [],
  ) {}

  /** The order of live slots given newest first (descending docid). */
  static of(newestFirst: readonly number[], k: DistanceKeys): DistanceOrder {
    // Sorted by distance without comparing: a count of each distance, then each slot put in its
    // distance's run in the order given, so newest first within each.
    const distances = [...new Set(newestFirst.map((slot) => k.metres[k.pointOf[slot]!]!))].sort(
      (a, b) => a - b,
    );
    const runOf = new Map(distances.map((d, i) => [d, i]));
    const runOfPoint = Int32Array.from(k.metres, (d) => runOf.get(d) ?? -1);
    const starts = new Int32Array(distances.length + 1);
    for (const slot of newestFirst) starts[runOfPoint[k.pointOf[slot]!]! + 1]!++;
    for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
    const slots = new Int32Array(newestFirst.length);
    for (const slot of newestFirst) slots[starts[runOfPoint[k.pointOf[slot]!]!]!++] = slot;
    return new DistanceOrder(slots);
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
   * The first `n` slots after the cursor's distance and docid (`afterMetres` -1 for none) that
   * `passes` keeps, each with its distance in metres.
   */
  page(
    k: DistanceKeys,
    passes: (slot: number) => boolean,
    afterMetres: number,
    afterDocid: number,
    n: number,
  ): Array<{ docid: number; key: number }> {
    if (this.added.length > 0) this.mergeAdded(k);
    const { pointOf, metres, docids, alive } = k;
    const slots = this.slots;
    // The first slot past the cursor: farther, or as far and older.
    const lo = firstWhere(slots, (slot) => {
      const d = metres[pointOf[slot]!]!;
      return d > afterMetres || (d === afterMetres && docids[slot]! < afterDocid);
    });
    const out: Array<{ docid: number; key: number }> = [];
    for (let i = lo; i < slots.length && out.length < n; i++) {
      const slot = slots[i]!;
      if (!alive[slot] || !passes(slot)) continue;
      out.push({ docid: docids[slot]!, key: metres[pointOf[slot]!]! });
    }
    return out;
  }

  /** Merges the slots kept aside into the order, leaving out removed documents. */
  private mergeAdded(k: DistanceKeys): void {
    const { pointOf, metres, docids, alive } = k;
    const before = (a: number, b: number) => {
      const da = metres[pointOf[a]!]!;
      const db = metres[pointOf[b]!]!;
      return da !== db ? da < db : docids[a]! > docids[b]!;
    };
    const added = this.added.filter((slot) => alive[slot]).sort((a, b) => (before(a, b) ? -1 : 1));
    this.slots = mergeLive(this.slots, added, alive, before);
    this.added = [];
  }
}
