import { describe, expect, it } from 'vitest';
import {
  formatDayMonthYear,
  formatPrice,
  formatTime,
  truncateDescription,
  yearsOfUse,
} from '../src/index.ts';

describe('formatting', () => {
  it('formats dates as DD-MM-YYYY and times as HH:mm:ss in UTC', () => {
    const d = new Date(Date.UTC(2026, 0, 5, 7, 8, 9));
    expect(formatDayMonthYear(d)).toBe('05-01-2026');
    expect(formatTime(d)).toBe('07:08:09');
  });

  it('formats prices with a dollar sign and cents only when there are any', () => {
    expect(formatPrice(640)).toBe('$640');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(1_000_000)).toBe('$1,000,000');
    expect(formatPrice(0.5)).toBe('$0.50');
    expect(formatPrice(999.99)).toBe('$999.99');
  });

  it('writes every price in cents as the en-US number format does', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const withCents = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const prices = [0, 1, 12, 123, 1234, 12345, 123456, 1234567, 99_999_999.99];
    for (let cents = 0; cents < 200_000; cents += 7) prices.push(cents / 100);
    for (let cents = 99_000_000; cents < 99_100_000; cents += 997) prices.push(cents / 100);
    for (const price of prices) {
      const format = Number.isInteger(price) ? whole : withCents;
      expect(formatPrice(price)).toBe(`$${format.format(price)}`);
    }
    // About 30,000 comparisons: seconds on a busy machine.
  }, 30_000);

  it('cuts advertisement descriptions at 250 characters plus an ellipsis', () => {
    const long = 'a'.repeat(300);
    expect(truncateDescription(long)).toBe(`${'a'.repeat(250)}...`);
    expect(truncateDescription('a'.repeat(250))).toBe('a'.repeat(250));
    expect(truncateDescription('short')).toBe('short');
  });

  it('counts years of use from the year of purchase', () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    expect(yearsOfUse(2023, now)).toBe(3);
    expect(yearsOfUse(2026, now)).toBe(0);
  });
});
