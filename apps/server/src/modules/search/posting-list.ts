/**
 * A word's postings (or an area word's slots): whole numbers pushed in ascending order, kept in
 * blocks of BLOCK entries. A list that doubles into one array copies itself at each doubling and
 * leaves the old array behind for the collector; at a million listings the common words' lists
 * left hundreds of megabytes of such copies during a build, and the process kept that memory
 * (decision 0017). Only a list's first block grows by doubling, up to 16 KB.
 */
const BLOCK = 4_096;

export class PostingList {
  private readonly full: Int32Array[] = [];
  private tail = new Int32Array(4);
  private tailLength = 0;

  get length(): number {
    return this.full.length * BLOCK + this.tailLength;
  }

  /** Every value, in order, into `out` from `at`; answers where the next list goes. */
  copyTo(out: Int32Array, at: number): number {
    for (const block of this.full) {
      out.set(block, at);
      at += BLOCK;
    }
    out.set(this.tail.subarray(0, this.tailLength), at);
    return at + this.tailLength;
  }

  /**
   * A list of `values` (in order), which it keeps: its full blocks are views of them (never
   * written again), its last block a copy with room to grow.
   */
  static of(values: Int32Array): PostingList {
    const list = new PostingList();
    let at = 0;
    for (; at + BLOCK <= values.length && values.length - at > BLOCK; at += BLOCK) {
      list.full.push(values.subarray(at, at + BLOCK));
    }
    const rest = values.length - at;
    let room = 4;
    while (room < rest) room *= 2;
    list.tail = new Int32Array(room);
    list.tail.set(values.subarray(at));
    list.tailLength = rest;
    return list;
  }

  /** Adds a value no smaller than the last. */
  push(value: number): void {
    if (this.tailLength === this.tail.length) {
      if (this.tail.length === BLOCK) {
        this.full.push(this.tail);
        this.tail = new Int32Array(BLOCK);
        this.tailLength = 0;
      } else {
        const bigger = new Int32Array(this.tail.length * 2);
        bigger.set(this.tail);
        this.tail = bigger;
      }
    }
    this.tail[this.tailLength++] = value;
  }

  /**
   * Calls `visit` with each run of entries, in order, from the first whose value shifted right by
   * `shift` is `from` or more: `items[start]` to `items[end - 1]`; it stops when `visit` answers
   * false.
   */
  forEachRun(
    from: number,
    shift: number,
    visit: (items: Int32Array, start: number, end: number) => boolean | void,
  ): void {
    const blocks = this.full;
    // The first full block whose last entry reaches `from`.
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (blocks[mid]![BLOCK - 1]! >> shift < from) lo = mid + 1;
      else hi = mid;
    }
    for (let b = lo; b < blocks.length; b++) {
      const start = b === lo ? firstFrom(blocks[b]!, BLOCK, from, shift) : 0;
      if (visit(blocks[b]!, start, BLOCK) === false) return;
    }
    const start = lo < blocks.length ? 0 : firstFrom(this.tail, this.tailLength, from, shift);
    if (start < this.tailLength) visit(this.tail, start, this.tailLength);
  }
}

/** The first of the `n` first items whose value shifted right by `shift` is `from` or more. */
function firstFrom(items: Int32Array, n: number, from: number, shift: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]! >> shift < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
