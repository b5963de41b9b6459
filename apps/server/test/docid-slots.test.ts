import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocidSlots } from '../src/modules/search/docid-slots.ts';
import { DOCIDS_PER_SECOND } from '../src/modules/search/search-index.ts';

/* The index's docid-to-slot table against a Map, over docids as the databases make them. */
describe('the docid slots of the search index', () => {
  const SECOND = 1_780_000_000;
  // A few seconds, many numbers within each: neighbours in the low bits, far apart in the high.
  const docid = fc
    .tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3_000 }))
    .map(([s, n]) => (SECOND + s) * DOCIDS_PER_SECOND + n);
  const step = fc.oneof(
    fc.record({ op: fc.constant('set' as const), docid, slot: fc.nat({ max: 2 ** 30 }) }),
    fc.record({ op: fc.constant('delete' as const), docid }),
  );

  it('answers every docid as a Map does, through growth and removals', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 3_000 }), (steps) => {
        const table = new DocidSlots(4);
        const map = new Map<number, number>();
        for (const s of steps) {
          if (s.op === 'set') {
            table.set(s.docid, s.slot);
            map.set(s.docid, s.slot);
          } else {
            expect(table.delete(s.docid)).toBe(map.delete(s.docid));
          }
        }
        expect(table.size).toBe(map.size);
        for (const s of steps) expect(table.get(s.docid)).toBe(map.get(s.docid));
        expect(table.get(SECOND * DOCIDS_PER_SECOND - 1)).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  });

  it('keeps its size when the same docids come and go', () => {
    const table = new DocidSlots(16);
    const base = SECOND * DOCIDS_PER_SECOND;
    // Removed entries are swept when the table would grow: it does not grow without end.
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 8; i++) table.set(base + round * 8 + i, i);
      for (let i = 0; i < 8; i++) expect(table.delete(base + round * 8 + i)).toBe(true);
    }
    expect(table.size).toBe(0);
    expect(table.room).toBe(32);
    table.set(base, 7);
    expect(table.get(base)).toBe(7);
    expect(table.get(base + 1)).toBeUndefined();
  });
});
