import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { imeiSchema } from './phone-facts.ts';
import { moderationReasonSchema } from './moderation.ts';
import { POSSESSION_STATUSES } from '../possession.ts';

/*
 * Stolen-phone reports and proof of possession (decision 0031). A report is an owner's word
 * that the phone with an IMEI was stolen: listings of that phone wait for a moderator, and a
 * report soon after a sale here is flagged with the deal. Proof of possession is a short code
 * per listing and a photo of the phone beside it, which only moderators see.
 */

/** Stolen-phone reports one account may make in a day. */
export const STOLEN_REPORTS_PER_DAY = 5;
/** A report this many days or fewer after a sale here of the phone is flagged with the deal. */
export const STOLEN_AFTER_SALE_DAYS = 30;
export const POLICE_REPORT_MAX = 40;
/** The earliest day a phone can have been stolen that anyone would report here. */
export const STOLEN_ON_EARLIEST = '2007-01-01';

export const STOLEN_ON_MESSAGE = 'Give the day it was stolen';
export const STOLEN_ON_FUTURE_MESSAGE = 'The day it was stolen cannot be in the future';

/** Today's date (YYYY-MM-DD) where it is latest on Earth (UTC+14): no one's today is refused. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const stolenOnSchema = z
  .string({ error: STOLEN_ON_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STOLEN_ON_MESSAGE })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && isRealDay(day), {
    error: STOLEN_ON_MESSAGE,
  })
  .refine((day) => day >= STOLEN_ON_EARLIEST, { error: STOLEN_ON_MESSAGE })
  .refine((day) => day <= latestToday(), { error: STOLEN_ON_FUTURE_MESSAGE });

/** 2026-02-31 parses, as 3 March: only a day that reads back the same is a day. */
function isRealDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

const POLICE_REPORT_MESSAGE = `The police report number must be at most ${POLICE_REPORT_MAX} characters`;

/** POST /api/stolen-phones. */
export const createStolenReportSchema = z.object({
  imei: imeiSchema,
  stolenOn: stolenOnSchema,
  policeReport: z
    .string({ error: 'The police report number must be text' })
    .trim()
    .max(POLICE_REPORT_MAX, { error: POLICE_REPORT_MESSAGE })
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), {
      error: 'The police report number must be on one line',
    })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CreateStolenReport = z.input<typeof createStolenReportSchema>;

export const STOLEN_REPORT_STATUSES = ['active', 'withdrawn', 'cleared'] as const;
export type StolenReportStatus = (typeof STOLEN_REPORT_STATUSES)[number];
export const STOLEN_REPORT_STATUS_LABELS: Record<StolenReportStatus, string> = {
  active: 'Reported',
  withdrawn: 'Withdrawn',
  cleared: 'Cleared by a moderator',
};

export const CLEAR_OUTCOMES = ['recovered', 'mistaken'] as const;
export type ClearOutcome = (typeof CLEAR_OUTCOMES)[number];
export const CLEAR_OUTCOME_LABELS: Record<ClearOutcome, string> = {
  recovered: 'The phone was recovered',
  mistaken: 'The report was a mistake',
};

/**
 * A report as its owner sees it, and the answer to filing one: the same whether or not a
 * listing has the IMEI.
 */
export const stolenReportSchema = z.object({
  _id: idSchema,
  imeiLast4: z.string().regex(/^\d{4}$/),
  /** YYYY-MM-DD. */
  stolenOn: z.string(),
  policeReport: z.string().nullable(),
  status: z.enum(STOLEN_REPORT_STATUSES),
  clearedOutcome: z.enum(CLEAR_OUTCOMES).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type StolenReport = z.infer<typeof stolenReportSchema>;

export const withdrawnSchema = z.object({ withdrawn: z.boolean() });

/** POST /api/admin/stolen-phones/{id}/clear. */
export const clearStolenReportSchema = z.object({
  outcome: z.enum(CLEAR_OUTCOMES, { error: 'Say whether it was recovered or a mistake' }),
  reason: moderationReasonSchema,
});
export type ClearStolenReport = z.input<typeof clearStolenReportSchema>;

export const clearedSchema = z.object({
  cleared: z.boolean(),
  /** Listings the report held that went back on show. */
  releasedCount: z.number().int().min(0),
});

/** GET /api/admin/stolen-phones: active reports, with what they hold and flag. */
export const adminStolenReportSchema = stolenReportSchema.extend({
  reporter: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
  /** Listings of the phone not sold, and how moderation has them now. */
  listings: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      moderation: z.enum(['held', 'hidden', 'suspended']).nullable(),
    }),
  ),
  /** Deals of the phone completed here within 30 days before the report. */
  recentSales: z.array(
    z.object({
      bookingId: idSchema,
      productId: idSchema.nullable(),
      productName: z.string(),
      /** ISO 8601. */
      completedAt: z.string(),
    }),
  ),
});
export type AdminStolenReport = z.infer<typeof adminStolenReportSchema>;

/* Proof of possession. */

/** A listing's proof of possession as its seller sees it. */
export const possessionSchema = z.object({
  productId: idSchema,
  /** Written on paper beside the phone, e.g. PM-4821. */
  code: z.string().regex(/^PM-\d{4}$/),
  status: z.enum(POSSESSION_STATUSES),
  /** ISO 8601 of the photo sent, or null. */
  submittedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Why an earlier verification was cleared ('imei_changed', 'model_changed'), or null. */
  clearedBecause: z.string().nullable(),
});
export type Possession = z.infer<typeof possessionSchema>;

export const POSSESSION_DECISIONS = ['approve', 'reject'] as const;

/** POST /api/admin/possession-photos/{id}/review. */
export const reviewPossessionSchema = z
  .object({
    decision: z.enum(POSSESSION_DECISIONS, { error: 'Approve or reject the photo' }),
    reason: moderationReasonSchema.optional(),
  })
  .refine((v) => v.decision === 'approve' || v.reason !== undefined, {
    error: 'Say why the photo is not accepted',
    path: ['reason'],
  });
export type ReviewPossession = z.input<typeof reviewPossessionSchema>;

/** GET /api/admin/possession-photos: photos waiting for a moderator. */
export const pendingPossessionSchema = z.object({
  productId: idSchema,
  productName: z.string(),
  model: z.string().nullable(),
  code: z.string(),
  seller: z.object({ _id: idSchema, name: z.string() }),
  /** ISO 8601. */
  submittedAt: z.string(),
  /** The admin-only address of the photo. */
  photoUrl: z.string(),
});
export type PendingPossession = z.infer<typeof pendingPossessionSchema>;
