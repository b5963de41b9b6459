import { z } from '../zod.ts';
import { CONDITIONS } from '../constants.ts';
import { oneLine } from './common.ts';
import { imeiSchema } from './phone-facts.ts';

/*
 * The check at hand-over: before the buyer of an accepted request sees the 6-digit code, they
 * walk a short checklist with the phone in hand. The answers are kept with the deal as its
 * inspection record; a deal completed after it is "checked at hand-over".
 */

/** IMEIs the buyer may try per request against the listing's. */
export const INSPECTION_IMEI_TRIES = 3;
export const INSPECTION_NOTE_MAX = 200;

/** The things the buyer tries, each "works" or "faulty". */
export const INSPECTION_CHECKS = [
  'screen',
  'cameras',
  'speakerMic',
  'charging',
  'buttons',
  'sim',
] as const;
export type InspectionCheck = (typeof INSPECTION_CHECKS)[number];

export const INSPECTION_CHECK_LABELS: Record<InspectionCheck, string> = {
  screen: 'Screen',
  cameras: 'Cameras',
  speakerMic: 'Speaker and microphone',
  charging: 'Charging',
  buttons: 'Buttons',
  sim: 'SIM',
};

/** What the buyer does to try each one, standing next to the seller. */
export const INSPECTION_CHECK_HINTS: Record<InspectionCheck, string> = {
  screen: 'Look for dead pixels, lines and cracks; touch every corner.',
  cameras: 'Take a photo with the front and the back camera.',
  speakerMic: 'Record a short voice memo and play it back.',
  charging: 'Plug in a charger: the battery icon shows it charging.',
  buttons: 'Press the power, volume and any other buttons.',
  sim: 'Put in your SIM: the phone shows a network.',
};

const CHECK_RESULT_MESSAGE = 'Choose "works" or "faulty"';
export const checkResultSchema = z.enum(['works', 'faulty'], { error: CHECK_RESULT_MESSAGE });

export const inspectionCheckSchema = z.object({
  result: checkResultSchema,
  /** What is faulty, in the buyer's words; may be empty. */
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(INSPECTION_NOTE_MAX, {
      error: `Keep the note to ${INSPECTION_NOTE_MAX} characters or fewer`,
    })
    .regex(...oneLine('The note'))
    .default(''),
});
export type InspectionCheckAnswer = z.output<typeof inspectionCheckSchema>;

const BATTERY_MESSAGE = 'Battery health is a whole number from 0 to 100 (%)';

const checksShape = Object.fromEntries(
  INSPECTION_CHECKS.map((check) => [check, inspectionCheckSchema.nullable().default(null)]),
) as Record<InspectionCheck, z.ZodDefault<z.ZodNullable<typeof inspectionCheckSchema>>>;

/**
 * PUT /api/booking/{id}/inspection: the buyer's answers so far, whole (null: not answered yet).
 * The same body twice leaves the same record.
 */
export const inspectionAnswersSchema = z.object({
  /** The seller signed out of Find My / their Google account in front of the buyer. */
  signedOut: z.boolean({ error: 'Answer yes or no' }).nullable().default(null),
  /** As read from the phone's settings. */
  batteryHealth: z
    .number({ error: BATTERY_MESSAGE })
    .int({ error: BATTERY_MESSAGE })
    .min(0, { error: BATTERY_MESSAGE })
    .max(100, { error: BATTERY_MESSAGE })
    .nullable()
    .default(null),
  checks: z
    .object(checksShape, { error: 'The checks must be an object' })
    .default(
      () =>
        Object.fromEntries(INSPECTION_CHECKS.map((c) => [c, null])) as Record<
          InspectionCheck,
          null
        >,
    ),
  /**
   * The buyer's last word: take the phone (the code is shown) or refuse it. Taking it needs
   * every step answered and nothing failing the deal.
   */
  verdict: z
    .enum(['accept', 'reject'], { error: 'Choose to take the phone or to refuse it' })
    .nullable()
    .default(null),
});
export type InspectionAnswersInput = z.input<typeof inspectionAnswersSchema>;
export type InspectionAnswers = z.output<typeof inspectionAnswersSchema>;

/** An empty checklist. */
export function emptyInspectionAnswers(): InspectionAnswers {
  return inspectionAnswersSchema.parse({});
}

/** POST /api/booking/{id}/inspection/imei: the IMEI the phone shows on *#06#. */
export const inspectionImeiSchema = z.object({ imei: imeiSchema });
export type InspectionImeiInput = z.input<typeof inspectionImeiSchema>;

/**
 * The IMEI step: not tried yet, matches, does not match (the latest try), or skipped because
 * the listing has no IMEI.
 */
export const INSPECTION_IMEI_STATES = [
  'unchecked',
  'matches',
  'does_not_match',
  'skipped',
] as const;
export type InspectionImeiState = (typeof INSPECTION_IMEI_STATES)[number];

/**
 * Where the check stands: not started, under way, complete (the code is shown), or failed (the
 * IMEI does not match, the seller did not sign out, or the buyer refused the phone).
 */
export const INSPECTION_STATUSES = ['not_started', 'in_progress', 'complete', 'failed'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** GET/PUT /api/booking/{id}/inspection: the inspection record, for the buyer and the seller. */
export const inspectionSchema = z.object({
  bookingId: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  /** Whether this deal needs the check before its code is shown (not before the check began). */
  required: z.boolean(),
  imei: z.enum(INSPECTION_IMEI_STATES),
  imeiTriesLeft: z.number().int().min(0),
  answers: inspectionAnswersSchema,
  /** Why the phone fails the deal, in words; empty unless the status is failed. */
  failures: z.array(z.string()),
  /** Steps still to answer before the phone can be taken. */
  missing: z.array(z.string()),
  completedAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema.nullable(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** POST /api/booking/{id}/inspection/imei: matches or not, and the tries left. */
export const inspectionImeiResultSchema = z.object({
  matches: z.boolean(),
  triesLeft: z.number().int().min(0),
  inspection: inspectionSchema,
});
export type InspectionImeiResult = z.infer<typeof inspectionImeiResultSchema>;

/** GET /api/booking/{id}/code: the hand-over code, once the check is complete. */
export const handoverCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/) });
export type HandoverCode = z.infer<typeof handoverCodeSchema>;

/** "Checked at hand-over", as a seller's profile counts it. */
export function checkedSalesText(checked: number, completed: number): string {
  return `${checked} of ${completed} ${completed === 1 ? 'sale' : 'sales'} checked at hand-over`;
}

/*
 * The phone's history here: what the marketplace knows of one phone (by its IMEI's keyed hash)
 * from its earlier listings, without anyone's data.
 */

/** "2026-03": a month and year, no day. */
const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

export const phoneHistoryEntrySchema = z.object({
  /** When it was listed. */
  listed: monthSchema,
  /** When it was sold (here or, as its seller said, elsewhere); null if it was not. */
  sold: monthSchema.nullable(),
  /** Sold here, at a meeting completed with the buyer's code. */
  soldHere: z.boolean(),
  condition: z.enum(CONDITIONS),
  /** The battery health its seller stated (%). */
  batteryHealth: z.number().int().nullable(),
  /** The battery health the buyer read at the hand-over (%), when it was checked. */
  batteryAtHandover: z.number().int().nullable(),
  checkedAtHandover: z.boolean(),
  /** The listing was held or taken down by moderators. */
  held: z.boolean(),
});
export type PhoneHistoryEntry = z.infer<typeof phoneHistoryEntrySchema>;

/** GET /api/product/{id}/history. */
export const phoneHistorySchema = z.object({
  /** Without an IMEI there is no history to find: entries is empty. */
  imeiGiven: z.boolean(),
  /** Earlier listings of the same phone here, oldest first. */
  entries: z.array(phoneHistoryEntrySchema),
});
export type PhoneHistory = z.infer<typeof phoneHistorySchema>;
