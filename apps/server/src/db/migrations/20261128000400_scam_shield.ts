import { sql, type Kysely } from 'kysely';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The scam shield (decision 0036):
 * - `messages.scamFlags`: the scam rules a message matched when it was sent, as their names
 *   split by spaces ("payment_first other_app"); null for a clean message. Stored with the
 *   message so that the warning shows the same on reload, in the live stream and after the
 *   patterns change.
 * - An index of each account's flagged messages by time, for the automatic report on an account
 *   whose first week brings three of them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('messages').addColumn('scamFlags', 'text').execute();
  await db.schema
    .createIndex('messages_flagged_sender_idx')
    .on('messages')
    .columns(['senderId', 'createdAt'])
    .where(sql.ref('scamFlags'), 'is not', sql`null`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('messages_flagged_sender_idx').execute();
  await db.schema.alterTable('messages').dropColumn('scamFlags').execute();
}
