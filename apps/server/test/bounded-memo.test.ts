import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../src/lib/bounded-memo.ts';

function counted(limit: number, maxBytes?: number) {
  const computed: string[] = [];
  const lengthOrNull = boundedMemo(
    limit,
    (text) => {
      computed.push(text);
      return text ? text.length : null;
    },
    maxBytes,
  );
  return { computed, lengthOrNull };
}

describe('bounded memo', () => {
  it('computes each input once, null answers included', () => {
    const { computed, lengthOrNull } = counted(10);
    const answers = ['ab', 'ab', '', '', 'ab', ''].map(lengthOrNull);
    expect(answers).toEqual([2, 2, null, null, 2, null]);
    expect(computed).toEqual(['ab', '']);
  });

  it('forgets the input used least recently when it is full', () => {
    const { computed, lengthOrNull } = counted(2);
    lengthOrNull('ab');
    lengthOrNull('cd');
    lengthOrNull('ab');
    // 'cd' is now the least recently used: the third input pushes it out, not 'ab'.
    lengthOrNull('xyz');
    lengthOrNull('ab');
    lengthOrNull('cd');
    expect(computed).toEqual(['ab', 'cd', 'xyz', 'cd']);
  });

  it('keeps no more bytes than its bound, however few the inputs', () => {
    // Room for one 1,000-character input (2,000 bytes and a little) but not for two.
    const { computed, lengthOrNull } = counted(100, 3_000);
    const long = (c: string) => c.repeat(1_000);
    lengthOrNull(long('a'));
    lengthOrNull(long('b'));
    lengthOrNull(long('a'));
    expect(computed).toEqual([long('a'), long('b'), long('a')]);
    // An input larger than the whole bound is computed every time, never kept.
    const huge = 'h'.repeat(2_000);
    lengthOrNull(huge);
    lengthOrNull(huge);
    expect(computed.filter((input) => input === huge)).toHaveLength(2);
  });
});
