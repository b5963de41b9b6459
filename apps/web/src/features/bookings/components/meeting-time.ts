import { z } from '@market/shared/zod';
import { MEETING_MAX_DAYS_AHEAD } from '@market/shared';

/*
 * Meeting times in forms: a datetime-local input holds the wall-clock time of the person's own
 * time zone ('2026-12-01T17:30'); the API takes an instant with its offset.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in this browser's time zone. */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local value (read in this browser's time zone) as an ISO instant. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

/** This browser's time zone, which the seller's meeting time is set in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const isFuture = (value: string) => new Date(value).getTime() > Date.now();
const withinReach = (value: string) =>
  new Date(value).getTime() < Date.now() + MEETING_MAX_DAYS_AHEAD * 86_400_000;

/** A meeting time the form asks for: required, in the future, within reach. */
export const meetingTimeField = z
  .string()
  .min(1, { error: 'Choose the meeting time' })
  .refine((v) => !Number.isNaN(new Date(v).getTime()), { error: 'Choose the meeting time' })
  .refine(isFuture, { error: 'The meeting time must be in the future' })
  .refine(withinReach, { error: `The meeting must be within ${MEETING_MAX_DAYS_AHEAD} days` });

/** A proposed time the buyer may leave empty. */
export const proposedTimeField = z
  .string()
  .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), {
    error: 'Choose the day, month, year and time, or leave them all empty',
    abort: true,
  })
  .refine((v) => v === '' || isFuture(v), {
    error: 'The proposed time must be in the future',
  });

/** The years a meeting can be in: this one, and the next for meetings around the new year. */
export function meetingYears(now: Date = new Date()): number[] {
  return [now.getFullYear(), now.getFullYear() + 1];
}
