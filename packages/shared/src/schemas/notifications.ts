import { z } from 'zod';
import { idSchema } from './common.ts';

/*
 * Something a person must hear about, kept in their notification list and, unless they turned
 * that kind off, sent by email. Each is recorded in the same transaction as the change that
 * caused it.
 */

export const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_cancelled',
  'booking_expired',
  'handover_code',
  'meeting_reminder',
  'new_message',
  'seller_verified',
  'saved_price_drop',
  'saved_sold',
  'saved_search_matches',
  'new_review',
  'report_outcome',
  'listing_moderated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** How each kind is named on the settings page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  booking_requested: 'A buyer asks to book one of my phones',
  booking_accepted: 'A seller accepts my booking request',
  booking_declined: 'A booking request is declined',
  booking_cancelled: 'A booking is cancelled',
  booking_expired: 'A booking request expires unanswered',
  handover_code: 'My hand-over code is renewed, or completing my deal is locked',
  meeting_reminder: 'A reminder two hours before a meeting',
  new_message: 'A new message I have not read for 10 minutes',
  seller_verified: 'My seller account is verified',
  saved_price_drop: 'A phone I saved gets cheaper',
  saved_sold: 'A phone I saved is sold',
  saved_search_matches: 'New phones for my saved searches (one email a day)',
  new_review: 'A buyer reviews me as a seller',
  report_outcome: 'A report I filed has been dealt with',
  listing_moderated: 'A moderator hides or shows again one of my listings',
};

export const notificationSchema = z.object({
  _id: idSchema,
  kind: notificationKindSchema,
  /** One line, e.g. "Ana asked to book iPhone 13 128 GB". */
  title: z.string(),
  /** A second line with details, or empty. */
  body: z.string(),
  /** Where the entry leads in the app: a path such as /dashboard/messages/abc. */
  link: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?cursor= : newest first, X-Total-Count and Link rel="next". */
export const notificationsQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/** POST /api/notifications/read: these entries, or all of them when `ids` is left out. */
export const readNotificationsSchema = z.object({
  ids: z.array(idSchema).min(1).max(100).optional(),
});
export type ReadNotifications = z.input<typeof readNotificationsSchema>;

/** GET and PUT /api/me/notification-settings: which kinds also come by email. */
export const notificationSettingsSchema = z.object({
  email: z.record(notificationKindSchema, z.boolean()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = z.object({
  email: z.partialRecord(notificationKindSchema, z.boolean()),
});
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

/** The token of an email's unsubscribe link: who and which kind, signed by the server. */
export const unsubscribeTokenSchema = z
  .string({ error: 'This unsubscribe link is not valid' })
  .min(1, { error: 'This unsubscribe link is not valid' })
  .max(1_000, { error: 'This unsubscribe link is not valid' });

/** GET /api/unsubscribe?token= : what the link would turn off, for the page that confirms it. */
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

/** The answer of GET /api/unsubscribe: the kind of email, its label, and the address, masked. */
export const unsubscribePreviewSchema = z.object({
  kind: notificationKindSchema,
  label: z.string(),
  /** The address the emails go to, partly hidden (a link can be forwarded): "a***@example.com". */
  email: z.string(),
});
export type UnsubscribePreview = z.infer<typeof unsubscribePreviewSchema>;

/** POST /api/unsubscribe from the web page (the email's one-click POST is form-encoded). */
export const unsubscribeSchema = z.object({ token: unsubscribeTokenSchema });
export type Unsubscribe = z.input<typeof unsubscribeSchema>;
