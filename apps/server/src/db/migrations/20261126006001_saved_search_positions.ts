import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Two more positions of a saved search, beside `seenUntil` (what the daily email told of):
 * - `viewedUntil`: what its buyer last opened it at; later matches count as new on the saved
 *   searches page;
 * - `alertedUntil`: what the bell last told of; later matches are told under the bell within the
 *   hour, without waiting for the daily email.
 * Both start where the search's email stands.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('savedSearches').addColumn('viewedUntil', t.timestamp).execute();
  await db.schema.alterTable('savedSearches').addColumn('alertedUntil', t.timestamp).execute();
  await db
    .updateTable('savedSearches')
    .set((eb) => ({ viewedUntil: eb.ref('seenUntil'), alertedUntil: eb.ref('seenUntil') }))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('savedSearches').dropColumn('alertedUntil').execute();
  await db.schema.alterTable('savedSearches').dropColumn('viewedUntil').execute();
}
