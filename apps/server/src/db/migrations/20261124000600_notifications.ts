import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What people hear about: each user's notifications, which kinds they also want by email (a
 * missing row means yes), and the outbox of emails still to send.
 *
 * Both notifications and emails are written in the transaction of the change that causes them,
 * each under a unique key naming that cause, so that doing the same work twice (a retried job,
 * two instances) records it once. A worker sends the outbox: it claims a row by setting
 * `lockedUntil` in a conditional update, sends it, and sets `sentAt`.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('readAt', t.timestamp)
    .addColumn('dedupeKey', 'text', (c) => c.notNull().unique())
    .execute();
  // A user's list, newest first, a page at a time.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['userId', 'createdAt desc', 'id desc'])
    .execute();
  // The unread count in the top bar, asked on every page.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('userId')
    .where(sql.ref('readAt'), 'is', null)
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', t.boolean, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['userId', 'kind'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupeKey', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('toEmail', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('notBefore', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('sentAt', t.timestamp)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('lockedUntil', t.timestamp)
    .execute();
  // The worker's question: what is due and not sent yet.
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .column('notBefore')
    .where(sql.ref('sentAt'), 'is', null)
    .execute();
  // At most one message email per conversation an hour looks at the user's recent ones.
  await db.schema
    .createIndex('outbox_user_kind_idx')
    .on('outbox')
    .columns(['userId', 'kind', 'createdAt'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
