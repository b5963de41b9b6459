/**
 * A word's postings (or an area word's slots): whole numbers from 0 to 2^31 - 1 pushed in
 * ascending order, kept in blocks of BLOCK entries. A list that doubles into one array copies
 * itself at each doubling and leaves the old array behind for the collector; at a million
 * listings the common words' lists left hundreds of megabytes of such copies during a build, and
 * the process kept that memory (decision 0017). Only a list's last block grows, by doubling up to
 * 16 KB.
 *
 * A full block is never written again and is kept as the differences between its entries, each
 * in as few bytes as it needs (seven bits a byte, the high bit saying another byte follows): a
 * common word's entries are a few slots apart and take a byte each instead of four. At a million
 * listings the postings took 75 MB as plain 32-bit numbers. A block is read back into plain
 * numbers as a search walks it; only the first search of a set of words walks postings.
 */
const BLOCK = 4_096;
/** The most bytes a block's differences take: five for each number up to 2^31. */
const ENCODED_MAX = BLOCK * 5;
/** Where blocks are written before they are copied at their own length. */
const encoding = new Uint8Array(ENCODED_MAX);

export class PostingList {
  /** Full blocks: each one's differences from its first entry on (see `encode`). */
  private readonly blocks: Uint8Array[] = [];
  /** Each full block's first and last entry. */
  private readonly firsts: number[] = [];
  private readonly lasts: number[] = [];
  private tail = new Int32Array(4);
  private tailLength = 0;

  get length(): number {
    return this.blocks.length * BLOCK + this.tailLength;
  }

  /** Every value, in order, into `out` from `at`; answers where the next list goes. */
  copyTo(out: Int32Array, at: number): number {
    for (let b = 0; b < this.blocks.length; b++) {
      decode(this.blocks[b]!, this.firsts[b]!, out.subarray(at, at + BLOCK));
      at += BLOCK;
    }
    out.set(this.tail.subarray(0, this.tailLength), at);
    return at + this.tailLength;
  }

  /** A list of `values` (in order), copied. */
  static of(values: Int32Array): PostingList {
    const list = new PostingList();
    let at = 0;
    for (; values.length - at > BLOCK; at += BLOCK) list.keep(values.subarray(at, at + BLOCK));
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
        this.keep(this.tail);
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
   * false. `items` is valid only during the call.
   */
  forEachRun(
    from: number,
    shift: number,
    visit: (items: Int32Array, start: number, end: number) => boolean | void,
  ): void {
    const lasts = this.lasts;
    // The first full block whose last entry reaches `from`.
    let lo = 0;
    let hi = lasts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lasts[mid]! >> shift < from) lo = mid + 1;
      else hi = mid;
    }
    if (lo < lasts.length) {
      // Its own, so that a visit may walk another list meanwhile.
      const items = new Int32Array(BLOCK);
      for (let b = lo; b < lasts.length; b++) {
        decode(this.blocks[b]!, this.firsts[b]!, items);
        const start = b === lo ? firstFrom(items, BLOCK, from, shift) : 0;
        if (visit(items, start, BLOCK) === false) return;
      }
    }
    const start = lo < lasts.length ? 0 : firstFrom(this.tail, this.tailLength, from, shift);
    if (start < this.tailLength) visit(this.tail, start, this.tailLength);
  }

  /**
   * Whether some value passes `test`, read one at a time from the first: a question most lists
   * answer at their first entries reads no whole block.
   */
  some(test: (value: number) => boolean): boolean {
    for (let b = 0; b < this.blocks.length; b++) {
      const bytes = this.blocks[b]!;
      let value = this.firsts[b]!;
      if (test(value)) return true;
      for (let at = 0; at < bytes.length;) {
        // Its own place: `test` may read another list.
        reading = at;
        value += nextGap(bytes);
        at = reading;
        if (test(value)) return true;
      }
    }
    for (let i = 0; i < this.tailLength; i++) if (test(this.tail[i]!)) return true;
    return false;
  }

  /** Keeps BLOCK values as a full block. */
  private keep(values: Int32Array): void {
    this.firsts.push(values[0]!);
    this.lasts.push(values[BLOCK - 1]!);
    this.blocks.push(encode(values));
  }
}

/** The differences of BLOCK ascending values, from the first on, in seven-bit groups. */
function encode(values: Int32Array): Uint8Array {
  let at = 0;
  let last = values[0]!;
  for (let i = 1; i < BLOCK; i++) {
    const value = values[i]!;
    let gap = value - last;
    if (gap < 0) throw new Error('Postings must be pushed in ascending order');
    last = value;
    while (gap >= 0x80) {
      encoding[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    encoding[at++] = gap;
  }
  return encoding.slice(0, at);
}

/** The BLOCK values of an encoded block into `out`. */
function decode(bytes: Uint8Array, first: number, out: Int32Array): void {
  let value = first;
  out[0] = value;
  reading = 0;
  for (let i = 1; i < BLOCK; i++) {
    value += nextGap(bytes);
    out[i] = value;
  }
}

/** Where `nextGap` reads in the block being read (one block is read at a time, synchronously). */
let reading = 0;

/** The gap at `reading` in an encoded block; `reading` moves past it. */
function nextGap(bytes: Uint8Array): number {
  let byte = bytes[reading++]!;
  let gap = byte & 0x7f;
  // A gap is below 2^31: its fifth group, shifted by 28, holds three bits at most.
  for (let bits = 7; byte >= 0x80; bits += 7) {
    byte = bytes[reading++]!;
    gap |= (byte & 0x7f) << bits;
  }
  return gap;
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
