import { z } from '@market/shared/zod';
import type { TFunction } from 'i18next';
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

/** What the time fields say when refused, in the page's language (`requests.time.…`). */
export interface TimeWords {
  choose: string;
  future: string;
  within: string;
  incomplete: string;
  proposedFuture: string;
}

/** The words of `TimeWords` from the catalog; `days` is MEETING_MAX_DAYS_AHEAD, formatted. */
export function timeWords(t: TFunction, days: string): TimeWords {
  return {
    choose: t('requests.time.choose'),
    future: t('requests.time.future'),
    within: t('requests.time.within', { days }),
    incomplete: t('requests.time.incomplete'),
    proposedFuture: t('requests.time.proposedFuture'),
  };
}

/** A meeting time the form asks for: required, in the future, within reach. */
export const meetingTimeField = (words: TimeWords) =>
  z
    .string()
    .min(1, { error: words.choose })
    .refine((v) => !Number.isNaN(new Date(v).getTime()), { error: words.choose })
    .refine(isFuture, { error: words.future })
    .refine(withinReach, { error: words.within });

/** A proposed time the buyer may leave empty. */
export const proposedTimeField = (words: TimeWords) =>
  z
    .string()
    .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), {
      error: words.incomplete,
      abort: true,
    })
    .refine((v) => v === '' || isFuture(v), { error: words.proposedFuture });

/** The years a meeting can be in: this one, and the next for meetings around the new year. */
export function meetingYears(now: Date = new Date()): number[] {
  return [now.getFullYear(), now.getFullYear() + 1];
}
