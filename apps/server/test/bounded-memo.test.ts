import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../src/lib/bounded-memo.ts';

describe('bounded memo', () => {
  it('computes each input once, null answers included, and starts over when full', () => {
    const computed: string[] = [];
    const lengthOrNull = boundedMemo(2, (text) => {
      computed.push(text);
      return text ? text.length : null;
    });
    expect([lengthOrNull('ab'), lengthOrNull('ab'), lengthOrNull(''), lengthOrNull('')]).toEqual([
      2,
      2,
      null,
      null,
    ]);
    expect(computed).toEqual(['ab', '']);
    // Full: the third input clears what was kept, so 'ab' is computed again.
    expect(lengthOrNull('xyz')).toBe(3);
    expect(lengthOrNull('ab')).toBe(2);
    expect(computed).toEqual(['ab', '', 'xyz', 'ab']);
  });
});
