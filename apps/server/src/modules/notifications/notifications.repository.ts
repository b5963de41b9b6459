import { sql, type Insertable, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { notificationKindRecord, type NotificationKind } from '@market/shared';
import { readBool, valueWriters } from '../../db/dialect.ts';
import type { Database, NotificationsTable, OutboxTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NotificationRow = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date | string;
  readAt: Date | string | null;
};

/** Adds the notification unless one with its key exists; answers whether it did. */
export async function insertNotification(
  db: Db,
  row: Insertable<NotificationsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

export async function notificationExists(db: Db, dedupeKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('dedupeKey', '=', dedupeKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user wants this kind by email: yes unless they turned it off. */
export async function wantsEmail(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  // A kind nobody may turn off comes whatever an old setting says.
  if (!notificationKindRecord(kind).optional) return true;
  const row = await db
    .selectFrom('notification_settings')
    .select('email')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row === undefined || readBool(row.email);
}

export function findRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['name', 'email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Adds the email unless one with its key exists; answers whether it did. */
export async function insertOutboxMail(db: Db, row: Insertable<OutboxTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .execute();
  return inserted.length > 0;
}

/** Emails queued for the user between two times to go on their own (not folded into a digest). */
export async function countOwnMailSince(
  db: Db,
  userId: string,
  since: Date,
  until: Date,
): Promise<number> {
  const w = valueWriters(db);
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', w.date(since))
    .where('createdAt', '<=', w.date(until))
    .where('folded', '=', w.bool(false))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether an email of this kind whose key begins with `keyPrefix` was queued since a time. */
export async function mailQueuedSince(
  db: Db,
  userId: string,
  kind: NotificationKind,
  keyPrefix: string,
  since: Date,
): Promise<boolean> {
  const escaped = keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('createdAt', '>', valueWriters(db).date(since))
    .where(sql<SqlBool>`"dedupeKey" like ${`${escaped}%`} escape '\\'`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NotificationPageInput {
  unread: boolean;
  /** Strictly after this row in the order (newest first). */
  after: { createdAt: Date; id: string } | null;
  limit: number;
}

/** One page of the user's notifications, newest first: `limit` rows and one more if there is. */
export function listNotificationRows(
  db: Db,
  userId: string,
  input: NotificationPageInput,
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'createdAt', 'readAt'])
    .where('userId', '=', userId);
  if (input.unread) query = query.where('readAt', 'is', null);
  if (input.after) {
    const at = valueWriters(db).date(input.after.createdAt);
    const id = input.after.id;
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', at), eb.and([eb('createdAt', '=', at), eb('id', '<', id)])]),
    );
  }
  return query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();
}

export async function countNotifications(db: Db, userId: string, unread: boolean) {
  let query = db
    .selectFrom('notifications')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('userId', '=', userId);
  if (unread) query = query.where('readAt', 'is', null);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Marks unread notifications read (these, or all of a user's); answers how many. */
export async function markNotificationsRead(
  db: Db,
  which: { ids: readonly string[] } | { userId: string },
  at: Date,
): Promise<number> {
  if ('ids' in which && which.ids.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ readAt: valueWriters(db).date(at) })
    .where((eb) => ('ids' in which ? eb('id', 'in', which.ids) : eb('userId', '=', which.userId)))
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The kinds the user set, with whether each comes by email and by push (null: not set). */
export async function listEmailSettings(db: Db, userId: string) {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['kind', 'email', 'push'])
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    email: readBool(r.email),
    push: r.push === null ? null : readBool(r.push),
  }));
}

/** Sets whether kinds come by push; a new row keeps email on, as no row means. */
export async function upsertPushSettings(
  db: Db,
  userId: string,
  settings: ReadonlyArray<{ kind: NotificationKind; push: boolean }>,
): Promise<void> {
  if (settings.length === 0) return;
  const w = valueWriters(db);
  await db
    .insertInto('notification_settings')
    .values(
      settings.map((s) => ({ userId, kind: s.kind, email: w.bool(true), push: w.bool(s.push) })),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'kind']).doUpdateSet((eb) => ({ push: eb.ref('excluded.push') })),
    )
    .execute();
}

export async function upsertEmailSettings(
  db: Db,
  userId: string,
  settings: ReadonlyArray<{ kind: NotificationKind; email: boolean }>,
): Promise<void> {
  if (settings.length === 0) return;
  const w = valueWriters(db);
  await db
    .insertInto('notification_settings')
    .values(settings.map((s) => ({ userId, kind: s.kind, email: w.bool(s.email) })))
    .onConflict((oc) =>
      oc.columns(['userId', 'kind']).doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
    )
    .execute();
}
