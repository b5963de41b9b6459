import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Show-up reliability (decision 0032):
 * - `bookings.buyerCheckedInAt`, `bookings.sellerCheckedInAt`: when each side pressed "I'm here"
 *   within the meeting window; once per side.
 * - `bookings.noShowSide` ('buyer' or 'seller'), `bookings.noShowAt`: the side recorded absent,
 *   once per deal; `bookings.noShowReason`: the words the absent side added, which moderators see.
 * - An index of the accepted meetings by time, for the job that records no-shows.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('bookings').addColumn('buyerCheckedInAt', t.timestamp).execute();
  await db.schema.alterTable('bookings').addColumn('sellerCheckedInAt', t.timestamp).execute();
  await db.schema.alterTable('bookings').addColumn('noShowSide', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('noShowAt', t.timestamp).execute();
  await db.schema.alterTable('bookings').addColumn('noShowReason', 'text').execute();
  await db.schema
    .createIndex('bookings_accepted_meeting_idx')
    .on('bookings')
    .column('meetingAt')
    .where(sql.ref('status'), '=', sql`'accepted'`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('bookings_accepted_meeting_idx').execute();
  for (const column of [
    'noShowReason',
    'noShowAt',
    'noShowSide',
    'sellerCheckedInAt',
    'buyerCheckedInAt',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
