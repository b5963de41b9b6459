import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { columnTypes, isPostgres } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A listing on show: not sold and not taken down by moderation. */
const LISTED = (row: string) => sql.raw(`${row}.status <> 'sold' and ${row}.moderation is null`);

/**
 * Trust and safety: reports about listings, users, conversations and messages in one queue;
 * listings a moderator holds or hides (or whose seller is suspended); suspended accounts; and
 * an append-only log of what administrators did and why.
 *
 * `products.moderation` is null for a listing on show, 'held' while it waits for a moderator
 * (a duplicate IMEI), 'hidden' once a moderator took it down, and 'suspended' while its seller's
 * account is suspended. Any value takes it out of every list, search and category count, so the
 * category count triggers now count listings that are neither sold nor moderated.
 *
 * Reports filed about conversations before this queue existed move into it, and their own table
 * goes: from now on they are filed here.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('targetType', 'text', (c) =>
      c.notNull().check(sql`"targetType" in ('listing', 'user', 'message', 'conversation')`),
    )
    .addColumn('targetId', 'text', (c) => c.notNull())
    // Null for a report the marketplace filed itself (a duplicate IMEI, a review request).
    .addColumn('reporterId', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'resolved', 'dismissed')`),
    )
    .addColumn('outcome', 'text')
    .addColumn('resolvedBy', 'text')
    .addColumn('resolvedAt', t.timestamp)
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_open_unique')
    .on('reports')
    .columns(['reporterId', 'targetType', 'targetId'])
    .unique()
    .where(sql.ref('status'), '=', sql`'open'`)
    .execute();
  // The queue groups open reports by target; resolving closes every open report of one target.
  await db.schema
    .createIndex('reports_open_target_idx')
    .on('reports')
    .columns(['targetType', 'targetId', 'createdAt'])
    .where(sql.ref('status'), '=', sql`'open'`)
    .execute();
  // A reporter's own reports, and the daily count of new reports on the dashboard.
  await db.schema
    .createIndex('reports_reporter_idx')
    .on('reports')
    .columns(['reporterId', 'createdAt'])
    .execute();
  await db.schema.createIndex('reports_created_idx').on('reports').column('createdAt').execute();

  await db.schema
    .alterTable('products')
    .addColumn('moderation', 'text', (c) =>
      c.check(sql`moderation in ('held', 'hidden', 'suspended')`),
    )
    .execute();
  await db.schema.alterTable('products').addColumn('moderationReason', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspendedAt', t.timestamp).execute();
  await db.schema.alterTable('users').addColumn('suspendedReason', 'text').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No reference: the record outlives the administrator's account.
    .addColumn('actorId', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targetType', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('details', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['createdAt desc', 'id desc'])
    .execute();

  await countListedOnly(db);

  await db.schema.dropIndex('products_category_posted_idx').execute();
  await db.schema
    .createIndex('products_category_posted_idx')
    .on('products')
    .columns(['category', 'postedAt desc', 'id desc'])
    .where(sql<SqlBool>`status <> 'sold' and moderation is null`)
    .execute();

  await moveConversationReports(db);
}

/**
 * Reports kept with conversations before this queue existed become reports here: one
 * about a message names the message, one about a whole conversation names the conversation.
 * Closed ones were dealt with, so they arrive dismissed.
 */
async function moveConversationReports(db: AnyDb): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'conversation_reports')) return;
  await sql`
    insert into reports (id, "targetType", "targetId", "reporterId", reason, note, status, "createdAt")
    select id,
      case when "messageId" is null then 'conversation' else 'message' end,
      coalesce("messageId", "conversationId"),
      "reporterId", reason, note,
      case when status = 'open' then 'open' else 'dismissed' end,
      "createdAt"
    from conversation_reports
  `.execute(db);
  await db.schema.dropTable('conversation_reports').execute();
}

/**
 * The category counts of the booking_requests migration, now of listed listings only: neither
 * sold nor taken down by moderation. A listing that leaves or comes back by either column moves
 * its category's count and order.
 */
async function countListedOnly(db: AnyDb): Promise<void> {
  await sql`
    update categories set "productCount" = (select count(*) from products
      where products.category = categories.name and ${LISTED('products')}),
      "productVersion" = "productVersion" + 1
  `.execute(db);

  if (isPostgres(db)) {
    await sql`
      create or replace function products_count_added() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from added where ${LISTED('added')}
            group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create or replace function products_count_removed() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" - d.n, "productVersion" = c."productVersion" + 1
          from (select category, count(*) as n from removed where ${LISTED('removed')}
            group by category) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    await sql`
      create or replace function products_count_moved() returns trigger language plpgsql as $$
      begin
        update categories c
          set "productCount" = c."productCount" + d.n, "productVersion" = c."productVersion" + 1
          from (
            select category, sum(n) as n from (
              select a.category, 1 as n from added a join removed r on r.id = a.id
                where ${LISTED('a')} and (a.category <> r.category
                  or a."postedAt" <> r."postedAt" or not (${LISTED('r')}))
              union all
              select r.category, -1 as n from added a join removed r on r.id = a.id
                where ${LISTED('r')} and (a.category <> r.category
                  or a."postedAt" <> r."postedAt" or not (${LISTED('a')}))
            ) changes group by category
          ) d
          where c.name = d.category;
        return null;
      end $$
    `.execute(db);
    return;
  }

  for (const trigger of [
    'products_count_insert',
    'products_count_delete',
    'products_count_update',
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`
    create trigger products_count_insert after insert on products
    when ${LISTED('new')} begin
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1 where name = new.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_delete after delete on products
    when ${LISTED('old')} begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1 where name = old.category;
    end
  `.execute(db);
  await sql`
    create trigger products_count_update
    after update of category, "postedAt", status, moderation on products
    when old.category <> new.category or old."postedAt" <> new."postedAt"
      or (${LISTED('old')}) <> (${LISTED('new')}) begin
      update categories set "productCount" = "productCount" - 1,
        "productVersion" = "productVersion" + 1
        where name = old.category and ${LISTED('old')};
      update categories set "productCount" = "productCount" + 1,
        "productVersion" = "productVersion" + 1
        where name = new.category and ${LISTED('new')};
    end
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  void db;
  throw new Error('Moderation cannot be undone: reports and the audit log would be lost');
}
