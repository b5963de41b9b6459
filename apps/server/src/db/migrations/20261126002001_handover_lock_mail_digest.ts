import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * - `bookings.codeWrongTotal`: wrong hand-over codes a request took in all, across renewed codes;
 *   `bookings.codeLockedUntil`: completing it is refused until then, after too many.
 * - `outbox.folded`: an email past its recipient's hourly cap, sent in one digest with the
 *   others folded in the same hour rather than on its own.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('bookings')
    .addColumn('codeWrongTotal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('codeLockedUntil', t.timestamp).execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('folded', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('folded').execute();
  await db.schema.alterTable('bookings').dropColumn('codeLockedUntil').execute();
  await db.schema.alterTable('bookings').dropColumn('codeWrongTotal').execute();
}
