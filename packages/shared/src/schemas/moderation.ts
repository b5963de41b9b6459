import { z } from '../zod.ts';
import { idSchema, moneySchema } from './common.ts';
import { roleSchema } from './accounts.ts';
import { categoryNameSchema, productStatusSchema } from './catalog.ts';
import { noShowEntrySchema, showUpRecordSchema } from './check-ins.ts';

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
  'scam',
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
  imei_mismatch: "The phone's IMEI did not match at hand-over",
  review_request: 'The seller asks for a review',
  stolen_imei: 'Its IMEI is reported stolen',
  stolen_after_sale: 'Reported stolen soon after a sale here',
  price_far_below: 'Priced far below the median by a new account',
  scam_shield: 'Messages flagged by the scam shield in the first week of an account',
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

/** A target of a given kind, as the queue shows it. */
type TargetOfKind<K extends ReportTargetType> = Extract<ReportTarget, { kind: K }>;

/** What one moderation action is, for the queue, the server and the audit log alike. */
export interface ModerationActionRecord {
  /** The button in the queue, and the start of its confirmation and toast. */
  label: string;
  /**
   * The kinds of target it applies to, each with whether it would still change something about
   * that target as it stands now: the queue offers it only then.
   */
  targets: { [K in ReportTargetType]?: (target: TargetOfKind<K>) => boolean };
  /** Offered for a target deleted since it was reported. */
  whenTargetGone: boolean;
  /** What it does, said in its confirmation before it is done. */
  explanation: string;
  /** Its confirmation for a held listing, when that differs. */
  explanationWhenHeld?: string;
  /** It takes something away (hiding, suspending): its buttons are red. */
  dangerous: boolean;
  /** What the reporters are told was done, without the moderator's words. */
  outcome: string;
  /** How the audit log names the step. */
  auditLabel: string;
}

const always = () => true;

/**
 * Every action a moderator can take on a group of reports, in the order the queue offers them.
 * Adding one here makes the server's build fail until it has an effect (moderation-effects.ts).
 */
export const MODERATION_ACTION_RECORDS = {
  hide_listing: {
    label: 'Hide listing',
    targets: { listing: (t) => t.listing.moderation !== 'hidden' },
    whenTargetGone: false,
    explanation:
      'The listing leaves every list, search and count; buyers cannot open or book it. The seller is told your reason and may edit it and ask for a review.',
    dangerous: true,
    outcome: 'A moderator hid the listing.',
    auditLabel: 'Hid listing',
  },
  release_listing: {
    label: 'Release listing',
    targets: {
      listing: (t) => t.listing.moderation === 'held' || t.listing.moderation === 'hidden',
    },
    whenTargetGone: false,
    explanation: 'The listing goes back on show. The seller and the reporters are told.',
    dangerous: false,
    outcome: 'A moderator looked into it: the listing stays on show.',
    auditLabel: 'Released listing',
  },
  suspend_user: {
    label: 'Suspend account',
    targets: {
      listing: (t) => !t.listing.seller.suspended,
      user: (t) => t.user.suspendedAt === null && t.user.role !== 'admin',
      // The queue does not show whether the sender is suspended: the server answers 409.
      message: always,
    },
    whenTargetGone: false,
    explanation:
      'The account is signed out everywhere and cannot sign in; its listings leave every list. You can restore it later.',
    dangerous: true,
    outcome: 'A moderator suspended the account.',
    auditLabel: 'Suspended account',
  },
  unverify_seller: {
    label: 'Remove verification',
    targets: {
      listing: (t) => t.listing.seller.isVerifiedUser,
      user: (t) => t.user.role === 'seller' && t.user.isVerifiedUser,
    },
    whenTargetGone: false,
    explanation: 'The seller loses the verified badge on every listing.',
    dangerous: false,
    outcome: "A moderator removed the seller's verification.",
    auditLabel: 'Removed verification',
  },
  dismiss: {
    label: 'Dismiss',
    targets: { listing: always, user: always, message: always, conversation: always },
    whenTargetGone: true,
    explanation: 'Nothing changes. The reports are closed and the reporters are told.',
    // Dismissing the reports of a held listing is the decision it waits for: it goes on show.
    explanationWhenHeld:
      'This listing is held until a moderator decides, so dismissing releases it: it goes back on show, the reports are closed, and the seller and the reporters are told.',
    dangerous: false,
    outcome: 'A moderator looked into it and took no action.',
    auditLabel: 'Dismissed reports',
  },
} as const satisfies Record<string, ModerationActionRecord>;

export type ModerationAction = keyof typeof MODERATION_ACTION_RECORDS;
export const MODERATION_ACTIONS = Object.keys(MODERATION_ACTION_RECORDS) as [
  ModerationAction,
  ...ModerationAction[],
];

/** One action's record, typed as the general shape (its target checks callable by kind). */
export function moderationActionRecord(action: ModerationAction): ModerationActionRecord {
  return MODERATION_ACTION_RECORDS[action];
}

/** Whether the action applies to reports about this kind of target at all. */
export function actionAppliesTo(action: ModerationAction, type: ReportTargetType): boolean {
  return moderationActionRecord(action).targets[type] !== undefined;
}

/** The actions that make sense for each kind of target, in the order the queue offers them. */
export function actionsForTargetType(type: ReportTargetType): ModerationAction[] {
  return MODERATION_ACTIONS.filter((action) => actionAppliesTo(action, type));
}

/** Whether the action would still change something about the target as it stands now. */
function appliesNow(action: ModerationAction, target: ReportTarget): boolean {
  const { targets, whenTargetGone } = moderationActionRecord(action);
  switch (target.kind) {
    case 'missing':
      return whenTargetGone;
    case 'listing':
      return targets.listing?.(target) ?? false;
    case 'user':
      return targets.user?.(target) ?? false;
    case 'message':
      return targets.message?.(target) ?? false;
    case 'conversation':
      return targets.conversation?.(target) ?? false;
    default: {
      const unknown: never = target;
      return unknown;
    }
  }
}

/** The actions the queue offers for a target of this type as it stands now. */
export function actionsFor(type: ReportTargetType, target: ReportTarget): ModerationAction[] {
  return actionsForTargetType(type).filter((action) => appliesNow(action, target));
}

/** What the action does to this target, said in its confirmation. */
export function moderationExplanation(action: ModerationAction, target: ReportTarget): string {
  const record = moderationActionRecord(action);
  const held = target.kind === 'listing' && target.listing.moderation === 'held';
  return (held ? record.explanationWhenHeld : undefined) ?? record.explanation;
}

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
export type Restored = z.infer<typeof restoredSchema>;

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
  /** Their record of showing up to meetings, on either side (null before any meeting counts). */
  showUp: showUpRecordSchema.nullable(),
  /** Their latest recorded no-shows, newest first, with the reasons they added. */
  noShows: z.array(noShowEntrySchema),
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

/** Steps an administrator takes outside the report queue. */
const OTHER_AUDIT_ACTION_LABELS = {
  verify_seller: 'Verified seller',
  delete_user: 'Deleted account',
  restore_listing: 'Restored listing',
  restore_user: 'Restored account',
  clear_stolen_report: 'Cleared stolen-phone report',
  approve_possession_photo: 'Approved possession photo',
  reject_possession_photo: 'Rejected possession photo',
} as const;

export type AuditAction = ModerationAction | keyof typeof OTHER_AUDIT_ACTION_LABELS;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  ...(Object.fromEntries(
    MODERATION_ACTIONS.map((action) => [action, MODERATION_ACTION_RECORDS[action].auditLabel]),
  ) as Record<ModerationAction, string>),
  ...OTHER_AUDIT_ACTION_LABELS,
};

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

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
