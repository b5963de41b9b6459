import { describe, expect, it } from 'vitest';
import { shortWhen } from './message-time.ts';

describe('when a message came, in short', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  const local = (...parts: [number, number, number, number, number]) =>
    new Date(...parts).toISOString();

  it('is the time today, the weekday this week, the date before', () => {
    const today = shortWhen(local(2026, 10, 24, 9, 5), now);
    expect(today).toMatch(/09.05/);
    const twoDaysAgo = shortWhen(local(2026, 10, 22, 9, 5), now);
    expect(twoDaysAgo).toMatch(/09.05/);
    expect(twoDaysAgo).not.toBe(today);
    expect(shortWhen(local(2026, 2, 12, 9, 5), now)).not.toMatch(/2026/);
    expect(shortWhen(local(2025, 2, 12, 9, 5), now)).toMatch(/2025/);
  });
});
