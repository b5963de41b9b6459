import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Conversations between a buyer and the seller of a listing, their messages, reports about
 * them, and each person's log of live events (what their open tabs hear, by position).
 *
 * A conversation keeps a copy of the listing's name and cover so that it stays readable once the
 * listing is deleted; it goes with either party's account. A buyer has one per listing.
 *
 * The live event ids only grow, and are never reused once old rows are pruned (SQLite needs
 * AUTOINCREMENT for that), so a browser's Last-Event-ID always names a position in its log.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productId', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('buyerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sellerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('productImage', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('buyerLastReadAt', t.timestamp)
    .addColumn('sellerLastReadAt', t.timestamp)
    .addColumn('blockedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('conversations_buyer_product_unique', ['buyerId', 'productId'])
    .execute();
  // Each party's inbox, newest first.
  await db.schema
    .createIndex('conversations_buyer_idx')
    .on('conversations')
    .columns(['buyerId', 'updatedAt desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('conversations_seller_idx')
    .on('conversations')
    .columns(['sellerId', 'updatedAt desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('senderId', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('readAt', t.timestamp)
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversationId', 'createdAt', 'id'])
    .execute();
  // Unread counts look only at the few messages nobody has read yet.
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['conversationId', 'senderId'])
    .where(sql.ref('readAt'), 'is', null)
    .execute();

  await db.schema
    .createTable('conversation_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('messageId', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('reporterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('spam', 'scam', 'offensive', 'other')`),
    )
    .addColumn('note', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .execute();
  // One open report per reporter about a conversation, and one about each of its messages.
  await sql`
    create unique index conversation_reports_open_unique on conversation_reports
      ("reporterId", "conversationId", coalesce("messageId", ''))
      where status = 'open'
  `.execute(db);

  await db.schema
    .createTable('live_events')
    .$call((table) =>
      isPostgres(db)
        ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_events_user_idx')
    .on('live_events')
    .columns(['userId', 'id'])
    .execute();
  await db.schema
    .createIndex('live_events_created_idx')
    .on('live_events')
    .column('createdAt')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_events').execute();
  await db.schema.dropTable('conversation_reports').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
