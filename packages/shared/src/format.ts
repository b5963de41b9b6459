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

/** $1,234.50 style, whole dollars without decimals. */
export function formatPrice(dollars: number): string {
  const whole = Number.isInteger(dollars);
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** The advertisement card's description: the first 250 characters plus an ellipsis. */
export function truncateDescription(text: string, limit: number = AD_DESCRIPTION_PREVIEW): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}
