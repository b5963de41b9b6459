import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Buyers' reviews of sellers, one per completed deal, and each seller's running figures (the
 * sum and count of their ratings, their completed deals), kept in the transaction of each review
 * and each completed deal so that a card or a profile reads one row.
 *
 * A review outlives its deal's order and its author's account (both then read as gone), so that
 * deleting an account neither erases what a seller earned nor leaves the figures wrong. It goes
 * with the seller's account, as do their figures.
 *
 * The completed deals before this change are counted into the figures once, here.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('seller_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) =>
      c.unique().references('bookings.id').onDelete('set null'),
    )
    .addColumn('sellerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyerId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('editedAt', t.timestamp)
    .addColumn('reply', 'text')
    .addColumn('repliedAt', t.timestamp)
    .execute();
  // A seller's reviews, newest first, a page at a time.
  await db.schema
    .createIndex('seller_reviews_seller_idx')
    .on('seller_reviews')
    .columns(['sellerId', 'createdAt desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('seller_stats')
    .addColumn('sellerId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('ratingSum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ratingCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completedDeals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await sql`
    insert into seller_stats ("sellerId", "ratingSum", "ratingCount", "completedDeals")
    select "sellerId", 0, 0, count(*) from bookings
    where status = 'completed' and "sellerId" is not null
    group by "sellerId"
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('seller_stats').execute();
  await db.schema.dropTable('seller_reviews').execute();
}
