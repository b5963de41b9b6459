import { z } from '../zod.ts';

/*
 * Show-up reliability (decision 0032). Within the meeting window of an accepted request each
 * side may press "I'm here", once. When one side checked in and the deal is neither completed
 * nor cancelled NO_SHOW_AFTER_HOURS after the meeting time, the other side's no-show is recorded,
 * once; the absent side may add a reason, which moderators see.
 */

/** "I'm here" opens this many minutes before the meeting time... */
export const CHECK_IN_OPENS_MINUTES = 30;
/** ...and closes this many minutes after it. */
export const CHECK_IN_CLOSES_MINUTES = 60;
/** A meeting still open this long after its time, with one side checked in, records a no-show. */
export const NO_SHOW_AFTER_HOURS = 2;
/** A cancel earlier than this before the meeting is never a no-show. */
export const LATE_CANCEL_HOURS = 2;
export const NO_SHOW_REASON_MAX = 500;
/** A person's show-up figure is shown once they have this many meetings on record. */
export const SHOW_UP_MIN_MEETINGS = 3;

export const MEETING_SIDES = ['buyer', 'seller'] as const;
export type MeetingSide = (typeof MEETING_SIDES)[number];

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** The window in which "I'm here" can be pressed for a meeting at `meetingAt`. */
export function checkInWindow(meetingAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(meetingAt.getTime() - CHECK_IN_OPENS_MINUTES * 60_000),
    closesAt: new Date(meetingAt.getTime() + CHECK_IN_CLOSES_MINUTES * 60_000),
  };
}

/**
 * A meeting's check-ins as one side sees them: while the request is accepted, and afterwards
 * when a no-show was recorded.
 */
export const meetingCheckInSchema = z.object({
  /** When "I'm here" opens and closes. */
  opensAt: isoDateTimeSchema,
  closesAt: isoDateTimeSchema,
  /** When the viewer pressed "I'm here"; null until they do. */
  you: isoDateTimeSchema.nullable(),
  /** When the other side did; null until they do. */
  other: isoDateTimeSchema.nullable(),
  /** Whose no-show is recorded: the viewer's ('you'), the other side's ('other'), or none. */
  noShow: z.enum(['you', 'other']).nullable(),
  /** The reason the viewer added to their own no-show; null otherwise. */
  noShowReason: z.string().nullable(),
});
export type MeetingCheckIn = z.infer<typeof meetingCheckInSchema>;

/** "Showed up to N of M meetings": shown only once M ≥ SHOW_UP_MIN_MEETINGS (null before). */
export const showUpRecordSchema = z.object({
  showed: z.number().int().min(0),
  meetings: z.number().int().min(0),
});
export type ShowUpRecord = z.infer<typeof showUpRecordSchema>;

export function showUpText(record: ShowUpRecord): string {
  return `Showed up to ${record.showed} of ${record.meetings} meetings`;
}

/** PUT /api/booking/{id}/no-show-reason: the absent side's words. */
export const noShowReasonSchema = z.object({
  reason: z
    .string({ error: 'Say why you could not come' })
    .trim()
    .min(1, { error: 'Say why you could not come' })
    .max(NO_SHOW_REASON_MAX, {
      error: `The reason must be at most ${NO_SHOW_REASON_MAX} characters`,
    }),
});
export type NoShowReason = z.input<typeof noShowReasonSchema>;

/** A recorded no-show as moderators see it on an account. */
export const noShowEntrySchema = z.object({
  bookingId: z.string(),
  productName: z.string(),
  /** The side the account was on in that deal. */
  side: z.enum(MEETING_SIDES),
  meetingAt: isoDateTimeSchema,
  recordedAt: isoDateTimeSchema,
  /** Their reason, if they added one. */
  reason: z.string().nullable(),
});
export type NoShowEntry = z.infer<typeof noShowEntrySchema>;
