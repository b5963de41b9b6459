import { afterEach, describe, expect, it } from 'vitest';
import { config } from 'zod';
import { z, zodLocale } from '../src/zod.ts';

const tooLong = () => z.string().max(3).safeParse('abcdef').error?.issues[0]?.message;

describe("zod's own messages", () => {
  afterEach(() => config(zodLocale('en')));

  it('are English for an English page and the API', () => {
    config(zodLocale('en'));
    expect(tooLong()).toBe('Too big: expected string to have <=3 characters');
  });

  it('are Bangla for a Bangla page', () => {
    config(zodLocale('bn'));
    const message = tooLong();
    expect(message).toMatch(/অক্ষর/);
    expect(message).not.toMatch(/Too big/);
  });

  it("leave a schema's own message as written", () => {
    config(zodLocale('bn'));
    const result = z.string().max(3, { error: 'At most 3' }).safeParse('abcdef');
    expect(result.error?.issues[0]?.message).toBe('At most 3');
  });
});
