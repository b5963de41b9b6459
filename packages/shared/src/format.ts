import { AD_DESCRIPTION_PREVIEW } from './constants.ts';
import { DEFAULT_CURRENCY, formatters } from './locale-format.ts';

// Plain functions without schemas: the first screen uses them and loads no schema library
// (whose first schema would probe `new Function`, which the pages' policy reports). Numbers,
// dates and money in a language are in locale-format.ts.

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY in UTC. */
export function formatDayMonthYear(d: Date): string {
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** HH:mm:ss in UTC. */
export function formatTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A price in English with the default currency, as the API's own refusals (offer rules) write
 * it; pages format prices in the visitor's language with `formatters`, and the server's notices,
 * emails and calendar files in the reader's with `serverTexts`.
 */
export function formatPrice(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return formatters('en', currency).price(amount);
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
