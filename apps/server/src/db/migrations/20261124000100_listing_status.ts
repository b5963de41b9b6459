import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A used phone is sold once: every listing now says where it stands in that sale. Existing
 * listings are available (the column's default fills them in).
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('products')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('available')
        .check(sql`status in ('available', 'reserved', 'sold')`),
    )
    .execute();
  await db.schema.alterTable('products').addColumn('soldAt', t.timestamp).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('soldAt').execute();
  await db.schema.alterTable('products').dropColumn('status').execute();
}
