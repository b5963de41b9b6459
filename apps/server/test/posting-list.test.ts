import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PostingList } from '../src/modules/search/posting-list.ts';

/* The search index's posting lists against a plain array: every run from any point, in order. */
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
          const list = new PostingList();
          const values: number[] = [];
          let value = 0;
          for (const step of steps) {
            value += step;
            list.push(value);
            values.push(value);
          }
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
