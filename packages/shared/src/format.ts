import { AD_DESCRIPTION_PREVIEW } from './constants.ts';

// Plain functions without schemas: the first screen uses them and loads no schema library
// (whose first schema would probe `new Function`, which the pages' policy reports).

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY in UTC. */
export function formatDayMonthYear(d: Date): string {
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** HH:mm:ss in UTC. */
export function formatTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The digits of a whole number grouped in threes: "1234567" becomes "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * $1,234.50 style, whole dollars without decimals; the same text as `Intl.NumberFormat('en-US')`
 * would give. Written out because a browser takes tens of milliseconds to build its first number
 * format, and every page with a price would pay for that before it answers a tap.
 */
export function formatPrice(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const amount = Math.abs(dollars);
  if (Number.isInteger(amount)) return `$${sign}${groupThousands(String(amount))}`;
  const cents = Math.round(amount * 100);
  const whole = groupThousands(String(Math.floor(cents / 100)));
  return `$${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The advertisement card's description: the first 250 characters plus an ellipsis. */
export function truncateDescription(text: string, limit: number = AD_DESCRIPTION_PREVIEW): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

/** "1 TB" for 1024, "128 GB" otherwise. */
export function formatStorage(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}

/** Years a phone has been in use, shown as 'N+' on a card. */
export function yearsOfUse(yearOfPurchase: number, now: Date = new Date()): number {
  return Math.max(0, now.getFullYear() - yearOfPurchase);
}

/** "March 2026" from "2026-03". */
export function monthYearText(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, m! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
