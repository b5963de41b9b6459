import type { Kysely } from 'kysely';
import {
  NOTIFICATION_KINDS,
  DEFAULT_LANGUAGE,
  notificationKindLabel,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
  type UnsubscribePreview,
} from '@market/shared';
import { isForeignKeyViolation } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { permittedAmong } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import {
  countNotifications,
  findRecipient,
  listEmailSettings,
  listNotificationRows,
  markNotificationsRead,
  upsertEmailSettings,
  upsertPushSettings,
} from './notifications.repository.ts';
import { toNotification, type Notifier } from './notify.ts';
import { unreadCountsOf } from './unread-counts.ts';
import { SignedValues } from '../../lib/signed-values.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

type Db = Kysely<Database>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Keyset cursors of the notification list: the last row's time and id, signed. */
export class NotificationCursors {
  private readonly signed: SignedValues;

  constructor(secret: string) {
    this.signed = new SignedValues(secret, 'notification-cursor');
  }

  issue(row: { createdAt: string; id: string }): string {
    return this.signed.issue([row.createdAt, row.id]);
  }

  read(cursor: string): { createdAt: Date; id: string } {
    const value = this.signed.read(cursor);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'string') {
      throw badRequest('common.pageLink');
    }
    const createdAt = new Date(typeof value[0] === 'string' ? value[0] : Number.NaN);
    if (Number.isNaN(createdAt.getTime())) throw badRequest('common.pageLink');
    return { createdAt, id: value[1] };
  }
}

export interface NotificationPage {
  items: Notification[];
  total: number;
  nextCursor: string | null;
}

/** The caller's own notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  cursors: NotificationCursors,
  actor: Actor,
  query: { cursor?: string | undefined; unread?: boolean | undefined },
): Promise<NotificationPage> {
  // Read before any query: a forged cursor costs nothing.
  const after = query.cursor ? cursors.read(query.cursor) : null;
  const unread = query.unread ?? false;
  const [rows, total] = await Promise.all([
    listNotificationRows(db, actor.id, { unread, after, limit: NOTIFICATIONS_PAGE_SIZE }),
    countNotifications(db, actor.id, unread),
  ]);
  const items = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map(toNotification);
  const last = items.at(-1);
  const nextCursor =
    rows.length > NOTIFICATIONS_PAGE_SIZE && last
      ? cursors.issue({ createdAt: last.createdAt, id: last._id })
      : null;
  return { items, total, nextCursor };
}

/**
 * Marks the caller's notifications read: those of `ids` that are theirs, or all. Someone else's
 * ids change nothing, as ids that do not exist. The caller's open tabs get the new unread count.
 */
export async function readNotifications(
  notifier: Notifier,
  actor: Actor,
  ids: string[] | undefined,
  now: Date = new Date(),
): Promise<number> {
  return notifier.transaction(async ({ trx, record }) => {
    const which = ids
      ? { ids: await permittedAmong(trx, actor, 'notification.mark', ids) }
      : { userId: actor.id };
    const changed = await markNotificationsRead(trx, which, now);
    if (changed > 0) {
      await record(actor.id, {
        type: 'unread',
        counts: await unreadCountsOf(trx, actor.id),
      });
    }
    return changed;
  });
}

async function emailSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const rows = await listEmailSettings(db, userId);
  const chosen = new Map(rows.map((s) => [s.kind, s]));
  const email = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind)?.email ?? true]),
  ) as Record<NotificationKind, boolean>;
  const push = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind)?.push ?? true]),
  ) as Record<NotificationKind, boolean>;
  return { email, push };
}

export function getNotificationSettings(db: Db, actor: Actor): Promise<NotificationSettings> {
  return emailSettings(db, actor.id);
}

/** Sets the kinds given; the others stay as they were. Answers every kind. */
export async function updateNotificationSettings(
  db: Db,
  actor: Actor,
  input: {
    email: Partial<Record<NotificationKind, boolean>>;
    push?: Partial<Record<NotificationKind, boolean>> | undefined;
  },
): Promise<NotificationSettings> {
  const changes = NOTIFICATION_KINDS.filter((kind) => input.email[kind] !== undefined).map(
    (kind) => ({ kind, email: input.email[kind]! }),
  );
  const pushInput = input.push ?? {};
  const pushChanges = NOTIFICATION_KINDS.filter((kind) => pushInput[kind] !== undefined).map(
    (kind) => ({ kind, push: pushInput[kind]! }),
  );
  await db.transaction().execute(async (trx) => {
    await upsertEmailSettings(trx, actor.id, changes);
    await upsertPushSettings(trx, actor.id, pushChanges);
  });
  return emailSettings(db, actor.id);
}

/** What an unsubscribe link would turn off; 400 for a link that is not one of ours. */
export async function previewUnsubscribe(
  db: Db,
  tokens: UnsubscribeTokens,
  token: string,
): Promise<UnsubscribePreview> {
  const target = tokens.read(token);
  const user = await findRecipient(db, target.userId);
  // The account was deleted since: the link names nobody.
  if (!user) throw badRequest('accounts.notifications.unsubscribeLink');
  return {
    kind: target.kind,
    // Named as the email named it: in the recipient's language.
    label: notificationKindLabel(target.kind, user.language ?? DEFAULT_LANGUAGE),
    email: maskEmail(user.email),
  };
}

/** Turns the link's kind of email off for its user; doing it again changes nothing. */
export async function unsubscribe(
  db: Db,
  tokens: UnsubscribeTokens,
  token: string,
): Promise<UnsubscribePreview> {
  const preview = await previewUnsubscribe(db, tokens, token);
  const { userId, kind } = tokens.read(token);
  await upsertEmailSettings(db, userId, [{ kind, email: false }]).catch((err: unknown) => {
    // The account went meanwhile.
    if (isForeignKeyViolation(err)) throw badRequest('accounts.notifications.unsubscribeLink');
    throw err;
  });
  return preview;
}
