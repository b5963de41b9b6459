import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  notificationKindRecord,
  notificationTexts,
  type Notification,
  type NotificationKind,
  type NotificationParams,
  type NotificationTexts,
} from '@market/shared';
import { readDate, valueWriters, type DbLike } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { recordLiveEvent } from '../events/public.ts';
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

type Db = Kysely<Database> | Transaction<Database>;

/** What an email needs from the app's settings: its address, and the unsubscribe link's key. */
export interface NotificationMailSettings {
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

/*
 * Notifications are recorded deep inside other modules' transactions, which hold only the
 * transaction. The settings are kept with the database's adapter: the one object a Kysely
 * instance shares with every transaction it opens, so `notify(trx, ...)` finds them without
 * each caller passing them along.
 */
const mailSettings = new WeakMap<object, NotificationMailSettings>();

/** Called once as the app starts: notifications on this database send emails with these. */
export function setNotificationMailSettings(db: DbLike, settings: NotificationMailSettings): void {
  mailSettings.set(db.getExecutor().adapter, settings);
}

function mailSettingsOf(db: DbLike): NotificationMailSettings {
  const settings = mailSettings.get(db.getExecutor().adapter);
  if (!settings) throw new Error('Notification emails are not set up on this database');
  return settings;
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

/** A notification's email as the outbox gets it: its kind's texts already made. */
export type QueuedNotificationMail = Pick<NotifyBase, 'userId' | 'link' | 'dedupeKey'> &
  NotificationTexts & { kind: NotificationKind };

/** The kind's texts for this notification. */
export function textsOf(content: NotificationContent): NotificationTexts {
  return notificationTexts(content.kind, content.params);
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
 * Records a notification in the caller's transaction, so that it exists exactly when its cause
 * does: the entry in the user's list, the email in the outbox (unless the user turned this kind
 * off by email), and the live events that update the user's open tabs. A key already recorded
 * records nothing and answers null. Call it after the transaction's other writes (live events
 * hold the event log's lock until the commit).
 */
export async function notify(trx: Db, input: NotifyInput): Promise<Notification | null> {
  const now = input.now ?? new Date();
  const w = valueWriters(trx);
  const texts = textsOf(input);
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
  if (input.email !== false) {
    const { userId, kind, link, dedupeKey } = input;
    const mail = { userId, kind, link, dedupeKey, ...texts };
    await queueNotificationEmail(trx, mail, now, input.email?.notBefore ?? now);
  }
  const notification = toNotification(row);
  await recordLiveEvent(trx, input.userId, { type: 'notification', notification });
  await recordLiveEvent(trx, input.userId, {
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
export async function queueNotificationEmail(
  trx: Db,
  input: QueuedNotificationMail,
  now: Date,
  notBefore: Date,
): Promise<void> {
  const kind = notificationKindRecord(input.kind);
  if (!kind.channels.includes('email')) return;
  if (!(await wantsEmail(trx, input.userId, input.kind))) return;
  const recipient = await findRecipient(trx, input.userId);
  if (!recipient) return;
  const settings = mailSettingsOf(trx);
  const words = input.mail ?? { title: input.title, body: input.body };
  const mail = renderNotificationMail({
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
