import type { Kysely } from 'kysely';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The language a person reads the marketplace in (decision 0042): their notifications, emails and
 * calendar files are written in it, and signing in on a new device opens the site in it. Null
 * for accounts made before languages, which are English until the person chooses.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
