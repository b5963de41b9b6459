import { z } from '../zod.ts';
import type { Role } from '../constants.ts';
import {
  BOOKING_EXPIRY_HOURS,
  CANCEL_REASONS,
  HANDOVER_CODE_MAX_WRONG,
  SOLD_REASON,
  type CancelReason,
} from './bookings.ts';
import { idSchema } from './common.ts';
import { OFFER_EXPIRY_HOURS } from './offers.ts';
import type { Language } from '../languages.ts';
import type { ServerTexts } from '../texts/texts.ts';
import bn from '../texts/bn.ts';
import en from '../texts/en.ts';

/*
 * Something a person must hear about, kept in their notification list and, unless they turned
 * that kind off, sent by email. Each is recorded in the same transaction as the change that
 * caused it.
 */

/** Where a notification reaches its person: the list under the bell, and email. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a notification says: the entry in the list and, unless `mail` replaces them, the email. */
export interface NotificationTexts {
  /** One line, e.g. "Ana asked to book iPhone 13". */
  title: string;
  /** Details on a second line, or ''. */
  body: string;
  /**
   * What the email says instead, when title or body carry another person's words (a name they
   * chose, a reason, a message, a review): an email carries none, so that nobody can send mail
   * through the marketplace. It says what happened and points to the page.
   */
  mail?: { title: string; body: string };
}

/** One kind of notification: who gets it, how, whether they may turn it off, and its words. */
export interface NotificationKindRecord<Params> {
  /** The roles that receive it: the settings page of each lists it. */
  audience: readonly Role[];
  /** Where it goes; every kind is in the list under the bell. */
  channels: readonly NotificationChannel[];
  /** Whether a person may turn its emails off (the settings page and the unsubscribe link). */
  optional: boolean;
  /**
   * What it says, in the recipient's language (`s`, from `serverTexts`): the kind's texts are in
   * the catalogs under `notifications.<kind>`, its name on the settings page under `.label`.
   */
  texts: (params: Params, s: ServerTexts) => NotificationTexts;
}

const PREVIEW_MAX = 200;
/** A message as its notice previews it: on one line, at most PREVIEW_MAX characters. */
function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}
const REVIEW_QUOTE_MAX = 140;
function quote(text: string): string {
  if (!text) return '';
  return text.length > REVIEW_QUOTE_MAX ? `“${text.slice(0, REVIEW_QUOTE_MAX - 1)}…”` : `“${text}”`;
}
/** A reason the other side wrote, as a notice quotes it. */
const reasonLine = (s: ServerTexts, reason: string | null) =>
  reason ? s.t('reason', { reason }) : '';
const REPORT_TARGETS = ['listing', 'user', 'message', 'conversation', 'stolen_report'] as const;
const isReportTarget = (value: string): value is (typeof REPORT_TARGETS)[number] =>
  (REPORT_TARGETS as readonly string[]).includes(value);
/** A price in cents, as the recipient reads prices. */
const money = (s: ServerTexts, cents: number) => s.format.price(cents / 100);
/** A stated number of hours, in the recipient's digits. */
const hours = (s: ServerTexts, n: number) => ({ hours: s.format.number(n) });

/** Where a side finds its deals: the buyer in My Orders, the seller in My Buyers. */
export type DealsPage = 'myOrders' | 'myBuyers';

type Kind<Params> = NotificationKindRecord<Params>;
const BOTH_SIDES: readonly Role[] = ['buyer', 'seller'];
const IN_APP_AND_EMAIL: readonly NotificationChannel[] = ['in_app', 'email'];

/**
 * Every kind of notification. Adding one here (and its texts in the catalogs) is all the settings
 * page and the emails need; its sender calls `notify` with the kind and its `texts` parameters.
 */
export const NOTIFICATION_KIND_RECORDS = {
  booking_requested: {
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ buyerName, productName }, s) => ({
      title: s.t('notifications.booking_requested.title', { buyerName, productName }),
      body: s.t('notifications.booking_requested.body', hours(s, BOOKING_EXPIRY_HOURS)),
      mail: {
        title: s.t('notifications.booking_requested.mailTitle', { productName }),
        body: s.t('notifications.booking_requested.mailBody', hours(s, BOOKING_EXPIRY_HOURS)),
      },
    }),
  } satisfies Kind<{ buyerName: string; productName: string }>,
  booking_accepted: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, at, timeZone, place }, s) => {
      const when = s.meetingTime(at, timeZone);
      const title = s.t('notifications.booking_accepted.title', { productName });
      return {
        title,
        body: s.t('notifications.booking_accepted.body', { when, place }),
        mail: { title, body: s.t('notifications.booking_accepted.mailBody', { when }) },
      };
    },
  } satisfies Kind<{ productName: string; at: Date; timeZone: string; place: string }>,
  booking_declined: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, reason }, s) => {
      const title = s.t('notifications.booking_declined.title', { productName });
      return {
        title,
        body: reasonLine(s, reason),
        mail: {
          title,
          body:
            reason === SOLD_REASON
              ? s.t('notifications.booking_declined.mailSold')
              : reason
                ? s.t('notifications.booking_declined.mailReason')
                : '',
        },
      };
    },
  } satisfies Kind<{ productName: string; reason: string | null }>,
  booking_cancelled: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, buyerName, by, reason, preset }, s) => {
      const page = s.t(by === 'buyer' ? 'pages.myBuyers' : 'pages.myOrders');
      // A preset reason is the marketplace's words, said in the recipient's language; by email,
      // only that, never the other's note.
      const chosen = preset && preset !== 'other' ? preset : undefined;
      const label = chosen ? s.t(`cancelReasons.${chosen}`) : undefined;
      const note = !chosen || reason !== CANCEL_REASONS[chosen];
      const bySeller = s.t('notifications.booking_cancelled.titleBySeller', { productName });
      const mailBody = label
        ? s.t(
            note
              ? 'notifications.booking_cancelled.mailPresetAndNote'
              : 'notifications.booking_cancelled.mailPreset',
            { label, page },
          )
        : s.t(
            note
              ? 'notifications.booking_cancelled.mailNote'
              : 'notifications.booking_cancelled.mailPlain',
            { page },
          );
      return {
        title:
          by === 'buyer'
            ? s.t('notifications.booking_cancelled.titleByBuyer', { buyerName, productName })
            : bySeller,
        body: s.t('reason', { reason: note ? reason : (label ?? reason) }),
        mail: {
          title:
            by === 'buyer'
              ? s.t('notifications.booking_cancelled.mailTitleByBuyer', { productName })
              : bySeller,
          body: mailBody,
        },
      };
    },
  } satisfies Kind<{
    productName: string;
    buyerName: string;
    by: 'buyer' | 'seller';
    reason: string;
    preset?: CancelReason | undefined;
  }>,
  booking_expired: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName }, s) => ({
      title: s.t('notifications.booking_expired.title', { productName }),
      body: s.t('notifications.booking_expired.body', hours(s, BOOKING_EXPIRY_HOURS)),
    }),
  } satisfies Kind<{ productName: string }>,
  handover_code: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, lockedUntil }, s) =>
      lockedUntil
        ? {
            title: s.t('notifications.handover_code.lockedTitle', {
              productName,
              until: s.utcTime(lockedUntil),
            }),
            body: s.t('notifications.handover_code.lockedBody', {
              max: s.format.number(HANDOVER_CODE_MAX_WRONG),
            }),
          }
        : {
            title: s.t('notifications.handover_code.renewedTitle', { productName }),
            body: s.t('notifications.handover_code.renewedBody'),
          },
  } satisfies Kind<{ productName: string; lockedUntil: Date | null }>,
  meeting_reminder: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, at, timeZone, place, side }, s) => {
      const title = s.t('notifications.meeting_reminder.title', {
        productName,
        when: s.meetingTime(at, timeZone),
      });
      return side === 'buyer'
        ? {
            title,
            body: s.t('notifications.meeting_reminder.buyerBody', { place }),
            // The place is the seller's words: the buyer's email points to it.
            mail: { title, body: s.t('notifications.meeting_reminder.buyerMailBody') },
          }
        : { title, body: s.t('notifications.meeting_reminder.sellerBody', { place }) };
    },
  } satisfies Kind<{
    productName: string;
    at: Date;
    timeZone: string;
    place: string;
    side: 'buyer' | 'seller';
  }>,
  meeting_check_in: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, side }, s) =>
      side === 'buyer'
        ? {
            title: s.t('notifications.meeting_check_in.buyerTitle', { productName }),
            body: s.t('notifications.meeting_check_in.buyerBody'),
          }
        : {
            title: s.t('notifications.meeting_check_in.sellerTitle', { productName }),
            body: s.t('notifications.meeting_check_in.sellerBody'),
          },
  } satisfies Kind<{ productName: string; side: 'buyer' | 'seller' }>,
  no_show_recorded: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    // A mark on their record: the absent side always hears of it, and may answer it.
    optional: false,
    texts: ({ productName, page }, s) => ({
      title: s.t('notifications.no_show_recorded.title', { productName }),
      body: s.t('notifications.no_show_recorded.body', { page: s.t(`pages.${page}`) }),
    }),
  } satisfies Kind<{ productName: string; page: DealsPage }>,
  new_message: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ senderName, productName, text }, s) => ({
      title: s.t('notifications.new_message.title', { senderName, productName }),
      body: preview(text),
      // The sender's name and words stay on the site: the email points to the conversation.
      mail: {
        title: s.t('notifications.new_message.mailTitle', { productName }),
        body: s.t('notifications.new_message.mailBody'),
      },
    }),
  } satisfies Kind<{ senderName: string; productName: string; text: string }>,
  seller_verified: {
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: (_params: Record<string, never>, s) => ({
      title: s.t('notifications.seller_verified.title'),
      body: s.t('notifications.seller_verified.body'),
    }),
  } satisfies Kind<Record<string, never>>,
  saved_price_drop: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, fromCents, toCents }, s) => ({
      title: s.t('notifications.saved_price_drop.title', {
        productName,
        to: money(s, toCents),
      }),
      body: s.t('notifications.saved_price_drop.body', { from: money(s, fromCents) }),
    }),
  } satisfies Kind<{ productName: string; fromCents: number; toCents: number }>,
  saved_sold: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName }, s) => ({
      title: s.t('notifications.saved_sold.title', { productName }),
      body: s.t('notifications.saved_sold.body'),
    }),
  } satisfies Kind<{ productName: string }>,
  offer_received: {
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, priceCents }, s) => ({
      title: s.t('notifications.offer_received.title', {
        productName,
        price: money(s, priceCents),
      }),
      body: s.t('notifications.offer_received.body', hours(s, OFFER_EXPIRY_HOURS)),
    }),
  } satisfies Kind<{ productName: string; priceCents: number }>,
  offer_countered: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, priceCents, saved }, s) => ({
      title: s.t(
        saved ? 'notifications.offer_countered.savedTitle' : 'notifications.offer_countered.title',
        { productName, price: money(s, priceCents) },
      ),
      body: s.t('notifications.offer_countered.body', hours(s, OFFER_EXPIRY_HOURS)),
    }),
  } satisfies Kind<{ productName: string; priceCents: number; saved: boolean }>,
  offer_accepted: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: false,
    texts: ({ productName, priceCents, to, farBelow }, s) => {
      const text = s.t(
        to === 'seller'
          ? 'notifications.offer_accepted.sellerBody'
          : 'notifications.offer_accepted.buyerBody',
      );
      return {
        title: s.t('notifications.offer_accepted.title', {
          productName,
          price: money(s, priceCents),
        }),
        body: farBelow
          ? s.t('notifications.offer_accepted.withWarning', {
              text,
              warning: s.t('notifications.offer_accepted.farBelow'),
            })
          : text,
      };
    },
  } satisfies Kind<{ productName: string; priceCents: number; to: Role; farBelow: boolean }>,
  offer_declined: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, priceCents }, s) => ({
      title: s.t('notifications.offer_declined.title', {
        productName,
        price: money(s, priceCents),
      }),
      body: '',
    }),
  } satisfies Kind<{ productName: string; priceCents: number }>,
  offer_expired: {
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, priceCents }, s) => ({
      title: s.t('notifications.offer_expired.title', {
        productName,
        price: money(s, priceCents),
      }),
      body: s.t('notifications.offer_expired.body', hours(s, OFFER_EXPIRY_HOURS)),
    }),
  } satisfies Kind<{ productName: string; priceCents: number }>,
  saved_search_matches: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ searches }, s) => {
      const phones = (count: number) => s.t('notifications.saved_search_matches.phones', { count });
      const total = searches.reduce((n, search) => n + search.total, 0);
      const only = searches.length === 1 ? searches[0] : undefined;
      return {
        title: only
          ? s.t('notifications.saved_search_matches.titleOne', {
              phones: phones(total),
              name: only.name,
            })
          : s.t('notifications.saved_search_matches.titleMany', {
              phones: phones(total),
              searches: s.format.number(searches.length),
            }),
        body: searches
          .map((search) =>
            search.examples.length > 0
              ? s.t('notifications.saved_search_matches.lineWithExamples', {
                  name: search.name,
                  phones: phones(search.total),
                  examples: search.examples.join(', '),
                })
              : s.t('notifications.saved_search_matches.line', {
                  name: search.name,
                  phones: phones(search.total),
                }),
          )
          .join('\n'),
      };
    },
  } satisfies Kind<{
    /** Each search with new matches: its name, how many, and the names of a few (or none). */
    searches: ReadonlyArray<{ name: string; total: number; examples: readonly string[] }>;
  }>,
  new_review: {
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ reviewer, rating, productName, text }, s) => {
      const stars = s.format.number(rating);
      return {
        title: s.t('notifications.new_review.title', {
          count: rating,
          stars,
          reviewer,
          productName,
        }),
        body: quote(text),
        // The buyer's name and words stay on the site: the email points to the review.
        mail: {
          title: s.t('notifications.new_review.mailTitle', { stars, productName }),
          body: s.t('notifications.new_review.mailBody'),
        },
      };
    },
  } satisfies Kind<{ reviewer: string; rating: number; productName: string; text: string }>,
  report_outcome: {
    audience: ['buyer', 'seller', 'admin'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ targetType, outcome }, s) => ({
      title: s.t('notifications.report_outcome.title', {
        target: s.t(
          `notifications.report_outcome.targets.${isReportTarget(targetType) ? targetType : 'other'}`,
        ),
      }),
      body: outcome,
    }),
  } satisfies Kind<{ targetType: string; outcome: string }>,
  stolen_after_purchase: {
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    // A buyer needs to hear this whatever they chose: it concerns a phone they own.
    optional: false,
    texts: ({ productName }, s) => {
      const title = s.t('notifications.stolen_after_purchase.title', { productName });
      return {
        title,
        body: s.t('notifications.stolen_after_purchase.body'),
        mail: { title, body: s.t('notifications.stolen_after_purchase.mailBody') },
      };
    },
  } satisfies Kind<{ productName: string }>,
  listing_moderated: {
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: (change, s) =>
      change.shown
        ? {
            title: s.t('notifications.listing_moderated.shownTitle', {
              listingName: change.listingName,
            }),
            body: s.t('notifications.listing_moderated.shownBody'),
          }
        : {
            title: s.t('notifications.listing_moderated.hiddenTitle', {
              listingName: change.listingName,
            }),
            body: s.t('notifications.listing_moderated.hiddenBody', { reason: change.reason }),
          },
  } satisfies Kind<
    { listingName: string; shown: true } | { listingName: string; shown: false; reason: string }
  >,
  data_export_ready: {
    audience: ['buyer', 'seller', 'admin'],
    channels: IN_APP_AND_EMAIL,
    // The user asked for this copy a moment ago: the link reaches them whatever they chose.
    optional: false,
    texts: ({ until }, s) => ({
      title: s.t('notifications.data_export_ready.title'),
      body: s.t('notifications.data_export_ready.body', { until: s.utcTime(until) }),
    }),
  } satisfies Kind<{ until: Date }>,
};

export type NotificationKind = keyof typeof NOTIFICATION_KIND_RECORDS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KIND_RECORDS) as [
  NotificationKind,
  ...NotificationKind[],
];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** What a kind's texts are made from. */
export type NotificationParams<K extends NotificationKind> = Parameters<
  (typeof NOTIFICATION_KIND_RECORDS)[K]['texts']
>[0];

/** One kind's record, as the general shape. */
export function notificationKindRecord(kind: NotificationKind): NotificationKindRecord<never> {
  return NOTIFICATION_KIND_RECORDS[kind];
}

/** What a notification of this kind says, made from its parameters, in the language of `s`. */
export function notificationTexts<K extends NotificationKind>(
  kind: K,
  params: NotificationParams<K>,
  s: ServerTexts,
): NotificationTexts {
  // Each kind's builder takes that kind's parameters: the lookup by a generic key loses that.
  const texts = NOTIFICATION_KIND_RECORDS[kind].texts as (
    p: NotificationParams<K>,
    s: ServerTexts,
  ) => NotificationTexts;
  return texts(params, s);
}

/** How a kind is named on the settings page and in its emails' footer, in a language. */
export function notificationKindLabel(kind: NotificationKind, language: Language): string {
  return SERVER_LABELS[language][kind].label;
}

const SERVER_LABELS = { en: en.notifications, bn: bn.notifications } satisfies Record<
  Language,
  Record<NotificationKind, { label: string }>
>;

/** How each kind is named in English. */
export const NOTIFICATION_KIND_LABELS = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, notificationKindLabel(kind, 'en')]),
) as Record<NotificationKind, string>;

/** The kinds a person of this role may turn off by email, in the registry's order. */
export function optionalKindsFor(role: Role): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const record = notificationKindRecord(kind);
    return record.optional && record.channels.includes('email') && record.audience.includes(role);
  });
}

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

/** GET and PUT /api/me/notification-settings: which kinds also come by email, and by push. */
export const notificationSettingsSchema = z.object({
  email: z.record(notificationKindSchema, z.boolean()),
  push: z.record(notificationKindSchema, z.boolean()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = z.object({
  email: z.partialRecord(notificationKindSchema, z.boolean()),
  push: z.partialRecord(notificationKindSchema, z.boolean()).optional(),
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
