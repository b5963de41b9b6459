/*
 * When a message or a notification came, as people read it in a list: the time for today, the
 * weekday within the week, the date further back. Formats are built once: building one takes the
 * browser a while.
 */

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const thisYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const anyYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** "14:05" today, "Mon 14:05" this week, "12 Mar" this year, "12 Mar 2025" before. */
export function shortWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const daysAgo = Math.round((startOfDay(now) - startOfDay(at)) / DAY_MS);
  if (daysAgo <= 0) return timeOfDay.format(at);
  if (daysAgo < 7) return weekday.format(at);
  if (at.getFullYear() === now.getFullYear()) return thisYear.format(at);
  return anyYear.format(at);
}

/** The whole date and time, for a tooltip and for screen readers. */
export function fullWhen(iso: string): string {
  return full.format(new Date(iso));
}
