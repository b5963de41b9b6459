import { AD_DESCRIPTION_PREVIEW } from './constants.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY in UTC. */
export function formatDayMonthYear(d: Date): string {
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** HH:mm:ss in UTC. */
export function formatTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

// Made once: building a number format is far slower than using one.
const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** $1,234.50 style, whole dollars without decimals. */
export function formatPrice(dollars: number): string {
  const format = Number.isInteger(dollars) ? wholeDollars : dollarsAndCents;
  return `$${format.format(dollars)}`;
}

/** The advertisement card's description: the first 250 characters plus an ellipsis. */
export function truncateDescription(text: string, limit: number = AD_DESCRIPTION_PREVIEW): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
