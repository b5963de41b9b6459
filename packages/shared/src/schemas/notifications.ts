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
  /** How the kind is named on the settings page and in its emails' footer. */
  label: string;
  /** The roles that receive it: the settings page of each lists it. */
  audience: readonly Role[];
  /** Where it goes; every kind is in the list under the bell. */
  channels: readonly NotificationChannel[];
  /** Whether a person may turn its emails off (the settings page and the unsubscribe link). */
  optional: boolean;
  texts: (params: Params) => NotificationTexts;
}

/** A reason the other side wrote, as a notice quotes it. */
const reasonLine = (reason: string | null) => (reason ? `Reason: ${reason}` : '');
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
const phones = (n: number) => `${n} new ${n === 1 ? 'phone' : 'phones'}`;
const REPORT_TARGET_WORDS: Record<string, string> = {
  listing: 'a listing',
  user: 'an account',
  message: 'a message',
  conversation: 'a conversation',
  stolen_report: 'a stolen phone',
};

type Kind<Params> = NotificationKindRecord<Params>;
const BOTH_SIDES: readonly Role[] = ['buyer', 'seller'];
const IN_APP_AND_EMAIL: readonly NotificationChannel[] = ['in_app', 'email'];

/**
 * Every kind of notification. Adding one here is all the settings page and the emails need; its
 * sender calls `notify` with the kind and its `texts` parameters.
 */
export const NOTIFICATION_KIND_RECORDS = {
  booking_requested: {
    label: 'A buyer asks to book one of my phones',
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ buyerName, productName }) => ({
      title: `${buyerName} asked to book ${productName}`,
      body: `Accept with a meeting time and place, or decline, within ${BOOKING_EXPIRY_HOURS} hours.`,
      mail: {
        title: `New request to book ${productName}`,
        body: `See who asked in My Buyers, and accept with a meeting time and place, or decline, within ${BOOKING_EXPIRY_HOURS} hours.`,
      },
    }),
  } satisfies Kind<{ buyerName: string; productName: string }>,
  booking_accepted: {
    label: 'A seller accepts my booking request',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, when, place }) => ({
      title: `Your request for ${productName} was accepted`,
      body: `Meeting: ${when}, ${place}`,
      mail: {
        title: `Your request for ${productName} was accepted`,
        body: `Meeting: ${when}. The place, the seller's phone number and your hand-over code are in My Orders.`,
      },
    }),
  } satisfies Kind<{ productName: string; when: string; place: string }>,
  booking_declined: {
    label: 'A booking request is declined',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, reason }) => ({
      title: `Your request for ${productName} was declined`,
      body: reasonLine(reason),
      mail: {
        title: `Your request for ${productName} was declined`,
        body:
          reason === SOLD_REASON
            ? 'The phone has been sold.'
            : reason
              ? 'The seller gave a reason: see it in My Orders.'
              : '',
      },
    }),
  } satisfies Kind<{ productName: string; reason: string | null }>,
  booking_cancelled: {
    label: 'A booking is cancelled',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, buyerName, by, reason, preset }) => {
      // By email, the preset reason (the marketplace's words), never the other's note.
      const page = by === 'buyer' ? 'My Buyers' : 'My Orders';
      const label = preset && preset !== 'other' ? CANCEL_REASONS[preset] : undefined;
      const note = reason !== label;
      return {
        title:
          by === 'buyer'
            ? `${buyerName} cancelled the booking of ${productName}`
            : `The seller cancelled your booking of ${productName}`,
        body: `Reason: ${reason}`,
        mail: {
          title:
            by === 'buyer'
              ? `The buyer cancelled the booking of ${productName}`
              : `The seller cancelled your booking of ${productName}`,
          body:
            (label ? `Reason: ${label}. ` : '') +
            (note ? `They gave a reason: see it in ${page}.` : `See it in ${page}.`),
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
    label: 'A booking request expires unanswered',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName }) => ({
      title: `Your request for ${productName} expired`,
      body: `The seller did not answer within ${BOOKING_EXPIRY_HOURS} hours.`,
    }),
  } satisfies Kind<{ productName: string }>,
  handover_code: {
    label: 'My hand-over code is renewed, or completing my deal is locked',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, lockedUntil }) =>
      lockedUntil
        ? {
            title: `Completing your deal for ${productName} is locked until ${lockedUntil}`,
            body: `The seller entered ${HANDOVER_CODE_MAX_WRONG} wrong hand-over codes in all, so nobody can complete this deal until then. Your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.`,
          }
        : {
            title: `Your hand-over code for ${productName} was renewed`,
            body: 'The seller entered wrong hand-over codes, so your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.',
          },
  } satisfies Kind<{ productName: string; lockedUntil: string | null }>,
  meeting_reminder: {
    label: 'A reminder two hours before a meeting',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, when, place, side }) => {
      const title = `Your meeting for ${productName} is at ${when}`;
      return side === 'buyer'
        ? {
            title,
            body: `Place: ${place}. Bring your hand-over code from My Orders.`,
            // The place is the seller's words: the buyer's email points to it.
            mail: { title, body: 'The place and your hand-over code are in My Orders.' },
          }
        : {
            title,
            body: `Place: ${place}. Ask the buyer for the hand-over code once they are satisfied.`,
          };
    },
  } satisfies Kind<{ productName: string; when: string; place: string; side: 'buyer' | 'seller' }>,
  meeting_check_in: {
    label: 'The other side of my meeting says they are there',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, side }) => ({
      title:
        side === 'buyer'
          ? `The buyer of ${productName} is at the meeting place`
          : `The seller of ${productName} is at the meeting place`,
      body: `They pressed "I'm here". ${side === 'buyer' ? 'See My Buyers.' : 'See My Orders.'}`,
    }),
  } satisfies Kind<{ productName: string; side: 'buyer' | 'seller' }>,
  no_show_recorded: {
    label: 'A no-show is recorded against me',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    // A mark on their record: the absent side always hears of it, and may answer it.
    optional: false,
    texts: ({ productName, page }) => ({
      title: `You were recorded as not coming to the meeting for ${productName}`,
      body: `The other side was there and the deal did not go ahead. If something kept you away, add a reason in ${page}: moderators see it.`,
    }),
  } satisfies Kind<{ productName: string; page: 'My Orders' | 'My Buyers' }>,
  new_message: {
    label: 'A new message I have not read for 10 minutes',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ senderName, productName, text }) => ({
      title: `${senderName} sent you a message about ${productName}`,
      body: preview(text),
      // The sender's name and words stay on the site: the email points to the conversation.
      mail: {
        title: `New message about ${productName}`,
        body: 'Read it and answer in your messages.',
      },
    }),
  } satisfies Kind<{ senderName: string; productName: string; text: string }>,
  seller_verified: {
    label: 'My seller account is verified',
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: (_params: Record<string, never>) => ({
      title: 'Your seller account is verified',
      body: 'Your listings now show the verified badge, and buyers can find them with the verified sellers filter.',
    }),
  } satisfies Kind<Record<string, never>>,
  saved_price_drop: {
    label: 'A phone I saved gets cheaper',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, from, to }) => ({
      title: `${productName} is now ${to}`,
      body: `It was ${from}. You saved it in your wish list.`,
    }),
  } satisfies Kind<{ productName: string; from: string; to: string }>,
  saved_sold: {
    label: 'A phone I saved is sold',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName }) => ({
      title: `${productName} has been sold`,
      body: 'A phone you saved in your wish list is no longer available.',
    }),
  } satisfies Kind<{ productName: string }>,
  offer_received: {
    label: 'A buyer makes an offer on one of my phones',
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, price }) => ({
      title: `New offer of ${price} for ${productName}`,
      body: `Accept, decline or counter within ${OFFER_EXPIRY_HOURS} hours.`,
    }),
  } satisfies Kind<{ productName: string; price: string }>,
  offer_countered: {
    label: 'A seller counters my offer or offers me a price',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, price, saved }) => ({
      title: saved
        ? `The seller of ${productName}, which you saved, offers it to you for ${price}`
        : `The seller of ${productName} counters with ${price}`,
      body: `Accept or decline within ${OFFER_EXPIRY_HOURS} hours.`,
    }),
  } satisfies Kind<{ productName: string; price: string; saved: boolean }>,
  offer_accepted: {
    label: 'An offer is accepted',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: false,
    texts: ({ productName, price, to, farBelow }) => ({
      title: `Offer of ${price} for ${productName} accepted`,
      body: [
        to === 'seller'
          ? 'It is now a booking request at that price: set the meeting time and place in My Buyers.'
          : 'It is now your booking request at that price: the seller sets the meeting time and place.',
        farBelow
          ? 'This price is far below what this phone usually sells for: meet in a busy public place and check the phone, its IMEI and that it is not locked before paying.'
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    }),
  } satisfies Kind<{ productName: string; price: string; to: Role; farBelow: boolean }>,
  offer_declined: {
    label: 'An offer is declined',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, price }) => ({
      title: `Offer of ${price} for ${productName} declined`,
      body: '',
    }),
  } satisfies Kind<{ productName: string; price: string }>,
  offer_expired: {
    label: 'An offer expires unanswered',
    audience: BOTH_SIDES,
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ productName, price }) => ({
      title: `Offer of ${price} for ${productName} expired`,
      body: `It was not answered within ${OFFER_EXPIRY_HOURS} hours.`,
    }),
  } satisfies Kind<{ productName: string; price: string }>,
  saved_search_matches: {
    label: 'New phones for my saved searches (one email a day)',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ searches }) => {
      const total = searches.reduce((n, s) => n + s.total, 0);
      const only = searches.length === 1 ? searches[0] : undefined;
      return {
        title: only
          ? `${phones(total)} for your saved search "${only.name}"`
          : `${phones(total)} for ${searches.length} of your saved searches`,
        body: searches
          .map(
            (s) =>
              `${s.name}: ${phones(s.total)}` +
              (s.examples.length > 0 ? `, such as ${s.examples.join(', ')}` : ''),
          )
          .join('\n'),
      };
    },
  } satisfies Kind<{
    /** Each search with new matches: its name, how many, and the names of a few (or none). */
    searches: ReadonlyArray<{ name: string; total: number; examples: readonly string[] }>;
  }>,
  new_review: {
    label: 'A buyer reviews me as a seller',
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ reviewer, rating, productName, text }) => ({
      title: `${reviewer} gave you ${rating} ${rating === 1 ? 'star' : 'stars'} for ${productName}`,
      body: quote(text),
      // The buyer's name and words stay on the site: the email points to the review.
      mail: {
        title: `You got a ${rating}-star review for ${productName}`,
        body: 'Read it, and answer it if you wish, in My Reviews.',
      },
    }),
  } satisfies Kind<{ reviewer: string; rating: number; productName: string; text: string }>,
  report_outcome: {
    label: 'A report I filed has been dealt with',
    audience: ['buyer', 'seller', 'admin'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: ({ targetType, outcome }) => ({
      title: `Your report about ${REPORT_TARGET_WORDS[targetType] ?? 'something'} was reviewed`,
      body: outcome,
    }),
  } satisfies Kind<{ targetType: string; outcome: string }>,
  stolen_after_purchase: {
    label: 'A phone I bought here is reported stolen',
    audience: ['buyer'],
    channels: IN_APP_AND_EMAIL,
    // A buyer needs to hear this whatever they chose: it concerns a phone they own.
    optional: false,
    texts: ({ productName }) => ({
      title: `About the ${productName} you bought here`,
      body:
        'Someone has reported a phone with the same IMEI as stolen, a few weeks after your deal. ' +
        'This is not a finding against you: our moderators are looking into how the phone was ' +
        'sold and may write to you. Your deal stays in My Orders; please keep the phone and any ' +
        'receipt as they are for now.',
      mail: {
        title: `About the ${productName} you bought here`,
        body: 'A moderator is looking into a report about this phone. This is not a finding against you: read more in your notifications.',
      },
    }),
  } satisfies Kind<{ productName: string }>,
  listing_moderated: {
    label: 'A moderator hides or shows again one of my listings',
    audience: ['seller'],
    channels: IN_APP_AND_EMAIL,
    optional: true,
    texts: (change) =>
      change.shown
        ? {
            title: `Your listing ${change.listingName} is on show again`,
            body: 'A moderator reviewed it. Buyers can find and book it again.',
          }
        : {
            title: `Your listing ${change.listingName} is hidden`,
            body: `${change.reason} You can edit it and ask for a review from My Products.`,
          },
  } satisfies Kind<
    { listingName: string; shown: true } | { listingName: string; shown: false; reason: string }
  >,
  data_export_ready: {
    label: 'A copy of my data is ready to download',
    audience: ['buyer', 'seller', 'admin'],
    channels: IN_APP_AND_EMAIL,
    // The user asked for this copy a moment ago: the link reaches them whatever they chose.
    optional: false,
    texts: ({ until }) => ({
      title: 'Your data is ready to download',
      body: `Download it from My Profile, under Your data, until ${until}. After that the file is deleted.`,
    }),
  } satisfies Kind<{ until: string }>,
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

/** What a notification of this kind says, made from its parameters. */
export function notificationTexts<K extends NotificationKind>(
  kind: K,
  params: NotificationParams<K>,
): NotificationTexts {
  // Each kind's builder takes that kind's parameters: the lookup by a generic key loses that.
  const texts = NOTIFICATION_KIND_RECORDS[kind].texts as (
    p: NotificationParams<K>,
  ) => NotificationTexts;
  return texts(params);
}

/** How each kind is named on the settings page. */
export const NOTIFICATION_KIND_LABELS = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, NOTIFICATION_KIND_RECORDS[kind].label]),
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
