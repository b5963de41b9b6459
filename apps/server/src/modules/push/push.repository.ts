import type { Insertable, Kysely, Transaction } from 'kysely';
import { notificationKindRecord, type NotificationKind } from '@market/shared';
import { readBool, valueWriters } from '../../db/dialect.ts';
import type { Database, PushDeliveriesTable, PushSubscriptionsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** After this many failed tries a push is given up: it stays, with its last error, unsent. */
export const PUSH_MAX_ATTEMPTS = 5;

/**
 * Adds the device, or, for an endpoint already known (the browser subscribed again, or another
 * person signed in on it), gives it to this session with its new keys.
 */
export async function upsertSubscription(
  db: Db,
  row: Insertable<PushSubscriptionsTable>,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        userId: eb.ref('excluded.userId'),
        sessionId: eb.ref('excluded.sessionId'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        deviceLabel: eb.ref('excluded.deviceLabel'),
        createdAt: eb.ref('excluded.createdAt'),
      })),
    )
    .execute();
}

export function findSubscription(db: Db, endpoint: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'userId', 'endpoint', 'deviceLabel', 'createdAt'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/** Removes the user's device of this endpoint; answers whether there was one. */
export async function deleteOwnSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A device the push service no longer knows (it answered 404 or 410). */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function listSubscriptionIds(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Whether the user wants this kind by push: yes unless they turned it off. */
export async function wantsPush(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  if (!notificationKindRecord(kind).optional) return true;
  const row = await db
    .selectFrom('notification_settings')
    .select('push')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.push === undefined || row.push === null || readBool(row.push);
}

/** Adds the push unless one with its key exists. */
export async function insertDelivery(db: Db, row: Insertable<PushDeliveriesTable>): Promise<void> {
  await db
    .insertInto('push_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .execute();
}

/** The pushes due now that nobody is sending, with their device's address and keys. */
export function findDuePushes(db: Db, now: Date, limit: number) {
  const at = valueWriters(db).date(now);
  return db
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscriptionId')
    .select([
      'd.id',
      'd.kind',
      'd.userId',
      'd.title',
      'd.link',
      'd.attempts',
      'd.subscriptionId',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .where('d.sentAt', 'is', null)
    .where('d.notBefore', '<=', at)
    .where((eb) => eb.or([eb('d.lockedUntil', 'is', null), eb('d.lockedUntil', '<', at)]))
    .where('d.attempts', '<', PUSH_MAX_ATTEMPTS)
    .orderBy('d.notBefore')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}
export type DuePush = Awaited<ReturnType<typeof findDuePushes>>[number];
