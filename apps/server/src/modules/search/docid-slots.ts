/**
 * The index's slot of each document id, in two typed arrays (open addressing, linear probing):
 * about 24 bytes a listing at most, where a `Map<number, number>` of docids past 2^31 (each key a
 * heap number) takes about 80 (decision 0017). Docids are whole numbers below 2^53.
 */
const EMPTY = -1;
const REMOVED = -2;
/** Filled (live and removed) past this share of the table, it doubles (or is rebuilt). */
const MAX_LOAD = 0.6;

export class DocidSlots {
  private keys: Float64Array;
  private slots: Int32Array;
  private live = 0;
  private used = 0;

  constructor(capacity = 1024) {
    let size = 16;
    while (size * MAX_LOAD < capacity) size *= 2;
    this.keys = new Float64Array(size);
    this.slots = new Int32Array(size).fill(EMPTY);
  }

  get size(): number {
    return this.live;
  }

  /** Entries the table has room for, removed ones included until they are swept. */
  get room(): number {
    return this.keys.length;
  }

  get(docid: number): number | undefined {
    const at = this.find(docid);
    return at < 0 ? undefined : this.slots[at];
  }

  set(docid: number, slot: number): void {
    const at = this.find(docid);
    if (at >= 0) {
      this.slots[at] = slot;
      return;
    }
    if (this.used + 1 > this.keys.length * MAX_LOAD) {
      // Mostly removed entries: the same size again; else twice the size.
      this.resize(
        this.live + 1 > (this.keys.length * MAX_LOAD) / 2 ? this.keys.length * 2 : this.keys.length,
      );
    }
    const mask = this.keys.length - 1;
    let i = hash(docid) & mask;
    while (this.slots[i]! >= 0) i = (i + 1) & mask;
    if (this.slots[i] === EMPTY) this.used++;
    this.keys[i] = docid;
    this.slots[i] = slot;
    this.live++;
  }

  delete(docid: number): boolean {
    const at = this.find(docid);
    if (at < 0) return false;
    this.slots[at] = REMOVED;
    this.live--;
    return true;
  }

  /** The entry's place in the table, or -1. */
  private find(docid: number): number {
    const mask = this.keys.length - 1;
    for (let i = hash(docid) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === EMPTY) return -1;
      if (slot >= 0 && this.keys[i] === docid) return i;
    }
  }

  private resize(size: number): void {
    const { keys, slots } = this;
    this.keys = new Float64Array(size);
    this.slots = new Int32Array(size).fill(EMPTY);
    this.live = 0;
    this.used = 0;
    for (let i = 0; i < keys.length; i++) if (slots[i]! >= 0) this.set(keys[i]!, slots[i]!);
  }
}

/** Mixes a docid's low and high 32 bits (docids of one second differ in the low bits only). */
function hash(docid: number): number {
  const low = docid >>> 0;
  const high = Math.floor(docid / 0x1_0000_0000) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
