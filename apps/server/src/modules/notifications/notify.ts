import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  notificationKindRecord,
  notificationTexts,
  type Notification,
  type NotificationKind,
  type NotificationParams,
  type NotificationTexts,
} from '@market/shared';
import { serverTexts, type ServerTexts } from '@market/shared/texts';
import { readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveEvents, RecordLiveEvent } from '../events/public.ts';
import { queuePushes } from '../push/public.ts';
import { MAIL_PER_HOUR, renderNotificationMail } from './notification-mail.ts';
import { unreadCountsOf } from './unread-counts.ts';
import {
  countOwnMailSince,
  findRecipient,
  insertNotification,
  insertOutboxMail,
  wantsEmail,
  type NotificationRow,
} from './notifications.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

type Trx = Transaction<Database>;

/**
 * What notices need from the app's settings: the site's address and the unsubscribe link's key
 * for emails, and the currency prices are written in.
 */
export interface NotificationMailSettings {
  publicUrl: string;
  tokens: UnsubscribeTokens;
  currency: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** The top of the hour after `at`: when the emails folded during that hour go. */
export function nextDigestAt(at: Date): Date {
  return new Date((Math.floor(at.getTime() / HOUR_MS) + 1) * HOUR_MS);
}

/** A kind with the parameters its texts are made from (the shared NOTIFICATION_KIND_RECORDS). */
export type NotificationContent = {
  [K in NotificationKind]: { kind: K; params: NotificationParams<K> };
}[NotificationKind];

interface NotifyBase {
  userId: string;
  /** A path in the web app. */
  link: string;
  /** Names the cause: the same key again records nothing. Include the recipient. */
  dedupeKey: string;
  /** The email, unless `false` (in-app only). `notBefore` holds it back until then. */
  email?: { notBefore?: Date } | false;
  /** The time of the change; the service's clock. */
  now?: Date;
}

export type NotifyInput = NotifyBase & NotificationContent;

/** A notification's email as the outbox gets it: written in its recipient's language. */
export type QueuedNotificationMail = Pick<NotifyBase, 'userId' | 'link' | 'dedupeKey'> &
  NotificationContent;

/** The kind's texts for this notification, in the language of `s`. */
export function textsOf(content: NotificationContent, s: ServerTexts): NotificationTexts {
  return notificationTexts(content.kind, content.params, s);
}

type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

/** The texts a person reads: in their language (English until they choose one). */
function textsFor(recipient: Recipient | undefined, settings: NotificationMailSettings) {
  return serverTexts(recipient?.language ?? 'en', settings.currency);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: readDate(row.createdAt).toISOString(),
    readAt: row.readAt === null ? null : readDate(row.readAt).toISOString(),
  };
}

/**
 * What one transaction tells people: notifications (with their emails) and live events. All of
 * it is written in the transaction, so it exists exactly when the change it is about does; the
 * users' open streams are woken once the transaction commits. Record after the transaction's
 * other writes (on PostgreSQL live events hold the event log's lock until the commit).
 */
export interface Notices {
  /** The transaction of the change. */
  readonly trx: Trx;
  /**
   * Records a notification: the entry in the user's list, the email in the outbox (unless the
   * user turned this kind off by email), and the live events that update the user's open tabs.
   * A key already recorded records nothing and answers null.
   */
  notify(input: NotifyInput): Promise<Notification | null>;
  /**
   * Puts a notification's email in the outbox, unless the user turned its kind off by email or
   * an email with its key is already there (`notify` does this for a new notification).
   */
  queueEmail(mail: QueuedNotificationMail, now: Date, notBefore: Date): Promise<void>;
  /** Records a live event for the user: it reaches their streams once the transaction commits. */
  record: RecordLiveEvent;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells people of changes (made in app.ts). */
    notifier: Notifier;
  }
}

/**
 * Tells people of changes: made once in app.ts (`app.notifier`) with the live event hub and the
 * emails' settings, and handed to the modules whose changes notify.
 */
export class Notifier {
  constructor(
    private readonly liveEvents: LiveEvents,
    private readonly mail: NotificationMailSettings,
  ) {}

  /** The currency the site's prices are in (CURRENCY), for the texts a change's refusal words. */
  get currency(): string {
    return this.mail.currency;
  }

  /**
   * Runs `work` in a transaction, with the notices it may send; the users they are for are
   * woken once it commits.
   */
  transaction<T>(work: (notices: Notices) => Promise<T>): Promise<T> {
    return this.liveEvents.transaction((trx, record) => {
      const mail = this.mail;
      return work({
        trx,
        record,
        notify: (input) => notify(trx, record, mail, input),
        queueEmail: async (queued, now, notBefore) => {
          const recipient = await findRecipient(trx, queued.userId);
          if (!recipient) return;
          const s = textsFor(recipient, mail);
          const texts = textsOf(queued, s);
          await queueNotificationEmail(
            trx,
            mail,
            { ...queued, recipient, texts, s },
            now,
            notBefore,
          );
        },
      });
    });
  }
}

/**
 * Records a notification in the caller's transaction, so that it exists exactly when its cause
 * does: the entry in the user's list, the email in the outbox (unless the user turned this kind
 * off by email), and the live events that update the user's open tabs. A key already recorded
 * records nothing and answers null. Call it after the transaction's other writes (live events
 * hold the event log's lock until the commit).
 */
async function notify(
  trx: Trx,
  record: RecordLiveEvent,
  mail: NotificationMailSettings,
  input: NotifyInput,
): Promise<Notification | null> {
  const now = input.now ?? new Date();
  const w = valueWriters(trx);
  const recipient = await findRecipient(trx, input.userId);
  const s = textsFor(recipient, mail);
  const texts = textsOf(input, s);
  const row = {
    id: crypto.randomUUID(),
    userId: input.userId,
    kind: input.kind,
    title: texts.title,
    body: texts.body,
    link: input.link,
    createdAt: w.date(now),
    readAt: null,
    dedupeKey: input.dedupeKey,
  };
  if (!(await insertNotification(trx, row))) return null;
  if (input.email !== false && recipient) {
    const queued = { ...input, recipient, texts, s };
    await queueNotificationEmail(trx, mail, queued, now, input.email?.notBefore ?? now);
  }
  // The push carries the title only: the push service keeps it, so no one else's words go.
  const { userId, kind, link, dedupeKey } = input;
  await queuePushes(trx, { userId, kind, title: texts.title, link, dedupeKey }, now);
  const notification = toNotification(row);
  await record(input.userId, { type: 'notification', notification });
  await record(input.userId, {
    type: 'unread',
    counts: await unreadCountsOf(trx, input.userId),
  });
  return notification;
}

/**
 * Puts the notification's email in the outbox, unless the user turned its kind off by email or
 * an email with its key is already there. `notify` does this for a new notification. Past
 * MAIL_PER_HOUR emails in the last hour the email is folded: it waits for the digest at the top
 * of the next hour instead of going on its own.
 */
async function queueNotificationEmail(
  trx: Trx,
  settings: NotificationMailSettings,
  input: Pick<NotifyBase, 'userId' | 'link' | 'dedupeKey'> & {
    kind: NotificationKind;
    recipient: Recipient;
    texts: NotificationTexts;
    s: ServerTexts;
  },
  now: Date,
  notBefore: Date,
): Promise<void> {
  const kind = notificationKindRecord(input.kind);
  if (!kind.channels.includes('email')) return;
  if (!(await wantsEmail(trx, input.userId, input.kind))) return;
  const { recipient, texts } = input;
  const words = texts.mail ?? { title: texts.title, body: texts.body };
  const mail = renderNotificationMail(input.s, {
    kind: input.kind,
    recipientName: recipient.name,
    title: words.title,
    body: words.body,
    link: input.link,
    publicUrl: settings.publicUrl,
    unsubscribeToken: settings.tokens.issue({ userId: input.userId, kind: input.kind }),
  });
  const w = valueWriters(trx);
  const recent = await countOwnMailSince(trx, input.userId, new Date(now.getTime() - HOUR_MS), now);
  const folded = recent >= MAIL_PER_HOUR;
  await insertOutboxMail(trx, {
    id: crypto.randomUUID(),
    dedupeKey: input.dedupeKey,
    kind: input.kind,
    userId: input.userId,
    toEmail: recipient.email,
    ...mail,
    notBefore: w.date(folded ? nextDigestAt(notBefore) : notBefore),
    createdAt: w.date(now),
    folded: w.bool(folded),
  });
}
