import { z } from 'zod';
import { idSchema, moneySchema } from './common.ts';
import { roleSchema } from './accounts.ts';
import { categoryNameSchema, productStatusSchema } from './catalog.ts';

/*
 * Trust and safety: people report listings, users and messages; administrators work through
 * one queue of open reports, take listings down, suspend accounts, and every step they take is
 * kept in an append-only audit log.
 */

/** What a report can be about; conversations come from the messages page. */
export const REPORT_TARGET_TYPES = ['listing', 'user', 'message', 'conversation'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** What a person reports with POST /api/reports. */
export const REPORTABLE_TARGET_TYPES = ['listing', 'user', 'message'] as const;
export type ReportableTargetType = (typeof REPORTABLE_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'stolen',
  'fake',
  'sold',
  'wrong_category',
  'spam',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How each reason reads in the report dialog and the queue. */
export const REPORT_REASON_LABELS: Record<string, string> = {
  stolen: 'Stolen phone',
  fake: 'Fake or counterfeit',
  sold: 'Already sold',
  wrong_category: 'Wrong category',
  spam: 'Spam',
  offensive: 'Offensive',
  other: 'Something else',
  // Filed by the marketplace itself.
  duplicate_imei: 'Same IMEI as another listing',
  imei_changed: 'IMEI changed after posting',
  review_request: 'The seller asks for a review',
  // Reports made from a conversation.
  scam: 'Scam',
};

/** A reason as people read it, whatever filed it. */
export function reportReasonLabel(reason: string): string {
  return REPORT_REASON_LABELS[reason] ?? reason;
}

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Why a listing is off show: waiting for a moderator, taken down by one, or its seller's account
 * is suspended. Null while it is on show.
 */
export const LISTING_MODERATIONS = ['held', 'hidden', 'suspended'] as const;
export type ListingModeration = (typeof LISTING_MODERATIONS)[number];
export const listingModerationSchema = z.enum(LISTING_MODERATIONS);

export const MODERATION_ACTIONS = [
  'dismiss',
  'hide_listing',
  'suspend_user',
  'unverify_seller',
  'release_listing',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The actions that make sense for each kind of target, in the order the queue offers them. */
export const ACTIONS_FOR_TARGET: Record<ReportTargetType, readonly ModerationAction[]> = {
  listing: ['hide_listing', 'release_listing', 'suspend_user', 'unverify_seller', 'dismiss'],
  user: ['suspend_user', 'unverify_seller', 'dismiss'],
  message: ['suspend_user', 'dismiss'],
  conversation: ['dismiss'],
};

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide_listing: 'Hide listing',
  suspend_user: 'Suspend account',
  unverify_seller: 'Remove verification',
  release_listing: 'Release listing',
};

export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;
/** Reports one person may file in an hour. */
export const REPORTS_PER_HOUR = 10;

const note = z
  .string({ error: 'The note must be text' })
  .trim()
  .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
  .optional()
  .transform((v) => (v ? v : undefined));

/** POST /api/reports. */
export const createReportSchema = z.object({
  targetType: z.enum(REPORTABLE_TARGET_TYPES, {
    error: `What you report must be one of ${REPORTABLE_TARGET_TYPES.join(', ')}`,
  }),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  note,
});
export type CreateReport = z.input<typeof createReportSchema>;

export const reportSchema = z.object({
  _id: idSchema,
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: idSchema,
  reason: z.string(),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  outcome: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** Why, as the affected person and the audit log will read it. */
export const moderationReasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(1, { error: 'Give a reason' })
  .max(MODERATION_REASON_MAX, {
    error: `The reason must be at most ${MODERATION_REASON_MAX} characters`,
  });

/** POST /api/admin/reports/{id}/resolve: resolves every open report about the same target. */
export const resolveReportSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, {
    error: `The action must be one of ${MODERATION_ACTIONS.join(', ')}`,
  }),
  reason: moderationReasonSchema,
});
export type ResolveReport = z.input<typeof resolveReportSchema>;

export const resolvedReportsSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: idSchema,
  /** How many open reports about the target this closed. */
  resolvedCount: z.number().int().min(0),
});
export type ResolvedReports = z.infer<typeof resolvedReportsSchema>;

/** POST /api/admin/users/{id}/restore and /api/admin/products/{id}/restore. */
export const restoreSchema = z.object({ reason: moderationReasonSchema });
export type Restore = z.input<typeof restoreSchema>;

export const restoredSchema = z.object({ restored: z.boolean() });

/** POST /api/my-products/{id}/review-request: the seller's word on what they changed. */
export const reviewRequestSchema = z.object({ note });
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** A person as the queue shows them. */
const personSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
});

const queueListingSchema = z.object({
  _id: idSchema,
  name: z.string(),
  imgURL: z.string(),
  Category: categoryNameSchema,
  resellPrice: moneySchema,
  status: productStatusSchema,
  moderation: listingModerationSchema.nullable(),
  moderationReason: z.string().nullable(),
  /** ISO 8601. */
  postedAt: z.string(),
  seller: personSchema.extend({
    isVerifiedUser: z.boolean(),
    suspended: z.boolean(),
  }),
});

const queueUserSchema = personSchema.extend({
  role: roleSchema,
  isVerifiedUser: z.boolean(),
  /** ISO 8601, or null while the account is in good standing. */
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Listings they have posted, whatever their state. */
  listingCount: z.number().int().min(0),
  /** Deals they completed as a seller. */
  completedDeals: z.number().int().min(0),
  /** Reports ever filed about them or their listings. */
  reportCount: z.number().int().min(0),
});

const queueMessageSchema = z.object({
  _id: idSchema,
  senderId: idSchema,
  senderName: z.string(),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});

const queueConversationSchema = z.object({
  _id: idSchema,
  productId: idSchema.nullable(),
  productName: z.string(),
  buyer: personSchema,
  seller: personSchema,
  /** The messages around the reported one (or the last ones), oldest first. */
  messages: z.array(queueMessageSchema),
});

/** What a group of reports is about, in full; `missing` once the thing was deleted. */
export const reportTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('listing'), listing: queueListingSchema }),
  z.object({ kind: z.literal('user'), user: queueUserSchema }),
  z.object({
    kind: z.literal('message'),
    message: queueMessageSchema,
    conversation: queueConversationSchema,
  }),
  z.object({ kind: z.literal('conversation'), conversation: queueConversationSchema }),
  z.object({ kind: z.literal('missing') }),
]);
export type ReportTarget = z.infer<typeof reportTargetSchema>;

export const queuedReportSchema = z.object({
  _id: idSchema,
  reason: z.string(),
  note: z.string().nullable(),
  /** Null for a report the marketplace filed itself. */
  reporter: personSchema.nullable(),
  /**
   * For the marketplace's own duplicate-IMEI report: the other listing with the same IMEI (its
   * name null once it is deleted). Null for every other report.
   */
  otherListing: z.object({ _id: idSchema, name: z.string().nullable() }).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** GET /api/admin/reports: open reports grouped by target, most reported first, then newest. */
export const reportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: idSchema,
  /** The newest open report's id: resolving it resolves the whole group. */
  reportId: idSchema,
  reportCount: z.number().int().min(1),
  /** ISO 8601 of the newest open report. */
  lastReportedAt: z.string(),
  reports: z.array(queuedReportSchema),
  target: reportTargetSchema,
  /** The actions that apply to this target now. */
  actions: z.array(z.enum(MODERATION_ACTIONS)),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const AUDIT_ACTIONS = [
  'verify_seller',
  'unverify_seller',
  'delete_user',
  'hide_listing',
  'release_listing',
  'restore_listing',
  'suspend_user',
  'restore_user',
  'dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  verify_seller: 'Verified seller',
  unverify_seller: 'Removed verification',
  delete_user: 'Deleted account',
  hide_listing: 'Hid listing',
  release_listing: 'Released listing',
  restore_listing: 'Restored listing',
  suspend_user: 'Suspended account',
  restore_user: 'Restored account',
  dismiss: 'Dismissed reports',
};

export const auditEntrySchema = z.object({
  _id: idSchema,
  actor: z.object({ _id: idSchema, name: z.string().nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  /** What the target was called at the time (a listing's name, a user's email). */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One day of the admin dashboard's charts (UTC). */
export const dailyStatsSchema = z.object({
  /** YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  listings: z.number().int().min(0),
  requests: z.number().int().min(0),
  completedDeals: z.number().int().min(0),
  signUps: z.number().int().min(0),
  reports: z.number().int().min(0),
});
export type DailyStats = z.infer<typeof dailyStatsSchema>;

/** GET /api/admin/stats: the last 30 days, oldest first, and the marketplace's totals now. */
export const adminStatsSchema = z.object({
  days: z.array(dailyStatsSchema),
  totals: z.object({
    users: z.number().int().min(0),
    listings: z.number().int().min(0),
    requests: z.number().int().min(0),
    completedDeals: z.number().int().min(0),
    openReports: z.number().int().min(0),
    hiddenListings: z.number().int().min(0),
    suspendedUsers: z.number().int().min(0),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/**
 * The message a suspended account is refused sign-in with (the log-in page shows it), pointing
 * to the support address when the operator set one, and to the help page.
 */
export function suspendedMessage(reason: string | null, supportEmail: string | null): string {
  // The reason's own full stop would double the sentence's.
  const why = reason?.trim().replace(/[.!\s]+$/, '');
  const write = supportEmail
    ? `Write to support at ${supportEmail}`
    : "Write to the marketplace's support (see the Help page)";
  return `This account is suspended${why ? `: ${why}` : ''}. ${write} if you think this is a mistake.`;
}
