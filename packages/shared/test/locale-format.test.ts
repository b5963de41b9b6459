import { describe, expect, it } from 'vitest';
import { formatPrice, formatters } from '../src/index.ts';

describe('formatters in English', () => {
  const en = formatters('en');

  it('writes prices in dollars by default, cents only when there are any', () => {
    expect(en.price(640)).toBe('$640');
    expect(en.price(1234.5)).toBe('$1,234.50');
    expect(en.price(1_000_000)).toBe('$1,000,000');
    expect(en.price(0.5)).toBe('$0.50');
    expect(formatPrice(999.99)).toBe('$999.99');
  });

  it('writes taka with its sign when the operator sets BDT', () => {
    expect(formatters('en', 'BDT').price(45_000)).toBe('৳45,000');
  });

  it('writes numbers, days and months', () => {
    expect(en.number(12_345)).toBe('12,345');
    expect(en.count(12_345)).toBe('12345');
    expect(en.rating(4.5)).toBe('4.5');
    expect(en.rating(4)).toBe('4.0');
    expect(en.date('2026-03-05T10:00:00Z')).toBe('Mar 5, 2026');
    expect(en.month('2026-03')).toBe('March 2026');
  });
});

describe('formatters in Bangla', () => {
  const bn = formatters('bn', 'BDT');

  it('writes prices in Bangla digits, grouped as in Bangladesh, with the taka sign', () => {
    expect(bn.price(45_000)).toBe('৪৫,০০০৳');
    expect(bn.price(1_234_567)).toBe('১২,৩৪,৫৬৭৳');
    expect(bn.price(99.5)).toBe('৯৯.৫০৳');
  });

  it('writes dollars in Bangla digits too', () => {
    expect(formatters('bn').price(640)).toBe('৬৪০$');
  });

  it('writes numbers, days and months in Bangla', () => {
    expect(bn.number(12_345)).toBe('১২,৩৪৫');
    expect(bn.count(1234)).toBe('১২৩৪');
    expect(bn.rating(4.5)).toBe('৪.৫');
    expect(bn.date('2026-03-05T10:00:00Z')).toBe('৫ মার্চ, ২০২৬');
    expect(bn.month('2026-03')).toBe('মার্চ ২০২৬');
  });
});

describe('moments in the viewer’s own time zone', () => {
  const en = formatters('en');
  const bn = formatters('bn', 'BDT');
  // 30 November 2026, 15:30 where the test runs.
  const meeting = new Date(2026, 10, 30, 15, 30);

  it('writes a meeting with its weekday, in each language', () => {
    expect(en.meetingTime(meeting)).toBe('Mon, Nov 30, 2026, 3:30 PM');
    expect(bn.meetingTime(meeting)).toBe('সোম, ৩০ নভে, ২০২৬, ৩:৩০ PM');
    expect(bn.deadline(meeting)).toBe('সোম ৩০ নভে, ০৩:৩০ PM');
    expect(bn.dateTime(meeting)).toBe('৩০ নভে, ২০২৬, ৩:৩০ PM');
    expect(en.time(meeting)).toBe('3:30 PM');
    expect(bn.time(meeting)).toBe('৩:৩০ PM');
    expect(en.dayTime(meeting)).toBe('Mon, Nov 30, 3:30 PM');
    const dhaka = new Date('2026-11-27T10:00:00Z');
    expect(en.zoned(dhaka, 'Asia/Dhaka', 'long')).toBe(
      'Friday, November 27, 2026 at 4:00 PM GMT+6',
    );
    expect(bn.zoned(dhaka, 'Asia/Dhaka', 'short')).toMatch(/^২৭ নভে, ৪:০০ PM /);
  });

  it('writes when a message came shorter the nearer it is', () => {
    const now = new Date(2026, 10, 30, 18, 0);
    expect(bn.when(meeting, now)).toBe('০৩:৩০ PM');
    expect(en.when(meeting, now)).toBe('03:30 PM');
    expect(bn.when(new Date(2026, 10, 28, 15, 30), now)).toBe('শনি ০৩:৩০ PM');
    expect(bn.when(new Date(2026, 2, 12, 9, 0), now)).toBe('১২ মার্চ');
    expect(en.when(new Date(2025, 2, 12, 9, 0), now)).toBe('Mar 12, 2025');
    expect(en.dayMonthYear('05-03-2026')).toBe('05-03-2026');
    expect(bn.dayMonthYear('05-03-2026')).toBe('০৫-০৩-২০২৬');
    expect(bn.dayMonthYear(new Date(Date.UTC(2026, 10, 26)))).toBe('২৬-১১-২০২৬');
    expect(en.digits('09:05:30')).toBe('09:05:30');
    expect(bn.digits('09:05:30')).toBe('০৯:০৫:৩০');
    expect(en.monthName(3)).toBe('March');
    expect(bn.monthName(3)).toBe('মার্চ');
    expect(en.calendarDay('2026-11-05')).toBe('Nov 5');
    expect(bn.calendarDay('2026-11-05')).toMatch(/^৫ নভে/);
    expect(en.fullDateTime(meeting)).toBe('Monday, November 30, 2026 at 3:30 PM');
  });
});
