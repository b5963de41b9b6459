import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Push notifications (decision 0041):
 * - `push_subscriptions`: one row per device that turned push on, with the push service's
 *   address and the browser's keys. It belongs to the session it was made in, so that signing
 *   out on that device (the session row goes) removes it with it.
 * - `notification_settings.push`: whether a kind also comes by push; null (or no row) means yes,
 *   as a missing row means yes for email.
 * - `push_deliveries`: one row per notification and device, written in the transaction of the
 *   notification and sent once by the worker, claimed as the email outbox's rows are.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sessionId', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('deviceLabel', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('userId')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session_idx')
    .on('push_subscriptions')
    .column('sessionId')
    .execute();

  await db.schema.alterTable('notification_settings').addColumn('push', t.boolean).execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupeKey', 'text', (c) => c.notNull().unique())
    .addColumn('subscriptionId', 'text', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('notBefore', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('sentAt', t.timestamp)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('lockedUntil', t.timestamp)
    .execute();
  // The worker's question: what is due and not sent yet.
  await db.schema
    .createIndex('push_deliveries_due_idx')
    .on('push_deliveries')
    .column('notBefore')
    .where(sql.ref('sentAt'), 'is', null)
    .execute();
  await db.schema
    .createIndex('push_deliveries_subscription_idx')
    .on('push_deliveries')
    .column('subscriptionId')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.alterTable('notification_settings').dropColumn('push').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
