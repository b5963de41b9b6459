import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostingList } from '../src/modules/search/posting-list.ts';

/* The search index's posting lists against a plain array: every run from any point, in order. */

/** A list pushed the running sums of `gaps`, and those sums as an array. */
function listOfGaps(gaps: readonly number[]): { list: PostingList; values: number[] } {
  const list = new PostingList();
  const values: number[] = [];
  let value = 0;
  for (const gap of gaps) {
    value += gap;
    list.push(value);
    values.push(value);
  }
  return { list, values };
}
describe('the posting lists of the search index', () => {
  const read = (list: PostingList, from: number, shift: number, stopAfter = Infinity) => {
    const out: number[] = [];
    list.forEachRun(from, shift, (items, start, end) => {
      for (let i = start; i < end && out.length < stopAfter; i++) out.push(items[i]!);
      return out.length < stopAfter;
    });
    return out;
  };

  it('reads from any slot what an array would, across blocks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 20 }), { maxLength: 12_000 }),
        fc.nat({ max: 150_000 }),
        fc.constantFrom(0, 3),
        (steps, from, shift) => {
          const { list, values } = listOfGaps(steps);
          expect(list.length).toBe(values.length);
          expect(read(list, from, shift)).toEqual(values.filter((v) => v >> shift >= from));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('stops when told, inside a block or between blocks', () => {
    const list = new PostingList();
    for (let v = 0; v < 10_000; v++) list.push(v);
    expect(read(list, 0, 0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(read(list, 4_094, 0, 4)).toEqual([4_094, 4_095, 4_096, 4_097]);
    expect(read(list, 9_998, 0)).toEqual([9_998, 9_999]);
    expect(read(list, 10_000, 0)).toEqual([]);
  });
});

describe('the posting lists kept as differences', () => {
  const all = (list: PostingList) => {
    const out = new Int32Array(list.length);
    expect(list.copyTo(out, 0)).toBe(list.length);
    return [...out];
  };

  it('keeps gaps of every width, up to the largest entry a slot makes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat({ max: 127 }),
            fc.integer({ min: 128, max: 16_383 }),
            fc.integer({ min: 16_384, max: 2 ** 21 }),
            fc.integer({ min: 2 ** 21, max: 2 ** 28 }),
          ),
          { minLength: 4_097, maxLength: 9_000 },
        ),
        (gaps) => {
          const values: number[] = [];
          let value = 0;
          for (const gap of gaps) {
            value = Math.min(2 ** 31 - 1, value + gap);
            values.push(value);
          }
          const pushed = new PostingList();
          for (const v of values) pushed.push(v);
          expect(all(pushed)).toEqual(values);
          // Read back from its plain numbers (a snapshot), the same.
          expect(all(PostingList.of(Int32Array.from(values)))).toEqual(values);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads the largest entries and gaps a slot can make', () => {
    const list = new PostingList();
    const values = [0, 2 ** 31 - 1];
    for (let i = 0; i < 5_000; i++) values.splice(1, 0, 1);
    values.sort((a, b) => a - b);
    for (const v of values) list.push(v);
    expect(all(list)).toEqual(values);
  });

  it('refuses an entry smaller than the one before it once a block is full', () => {
    const list = new PostingList();
    for (let v = 0; v < 4_095; v++) list.push(v + 10);
    list.push(3);
    expect(() => list.push(4_200)).toThrow(/ascending/);
  });

  it('lets a visit walk another list meanwhile', () => {
    const a = PostingList.of(Int32Array.from({ length: 9_000 }, (_, i) => i * 2));
    const b = PostingList.of(Int32Array.from({ length: 9_000 }, (_, i) => i * 2 + 1));
    const seen: number[] = [];
    a.forEachRun(8_188, 0, (items, start, end) => {
      for (let i = start; i < end && seen.length < 8; i++) {
        seen.push(items[i]!);
        b.forEachRun(items[i]! + 1, 0, (other, s) => {
          seen.push(other[s]!);
          return false;
        });
      }
      return seen.length < 8;
    });
    // Across the end of a's first block: b's walks did not change what a reads.
    expect(seen).toEqual([8_188, 8_189, 8_190, 8_191, 8_192, 8_193, 8_194, 8_195]);
  });
});

describe('asking whether some entry of a posting list passes', () => {
  it('answers what the array would, reading from the first entry until one passes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 3_000 }), { maxLength: 10_000 }),
        fc.nat({ max: 5_000_000 }),
        (gaps, wanted) => {
          const { list, values } = listOfGaps(gaps);
          const read: number[] = [];
          const found = list.some((v) => {
            read.push(v);
            return v >= wanted;
          });
          expect(found).toBe(values.some((v) => v >= wanted));
          const first = values.findIndex((v) => v >= wanted);
          expect(read).toEqual(first === -1 ? values : values.slice(0, first + 1));
        },
      ),
      { numRuns: 40 },
    );
  });
});
