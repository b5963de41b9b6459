import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Stolen-phone reports and proof of possession (decision 0031).
 *
 * `stolen_reports`: an owner's word that the phone with an IMEI was stolen, kept as the IMEI's
 * keyed hash (as listings keep theirs) and its last four digits, shown to the owner only. It
 * stays `active` until its owner withdraws it or a moderator clears it.
 *
 * `possession_proofs`: one per listing, its short code ("PM-4821") and, once the seller sends
 * one, the photo of the phone beside the code, stored under a private name no public route
 * serves; `verified` once a moderator approved it, until the IMEI or model changes.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('stolen_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('imeiHash', 'text', (c) => c.notNull())
    .addColumn('imeiLast4', 'text', (c) => c.notNull())
    // YYYY-MM-DD, the day the owner says it was stolen.
    .addColumn('stolenOn', 'text', (c) => c.notNull())
    .addColumn('policeReport', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'withdrawn', 'cleared')`),
    )
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('closedAt', t.timestamp)
    // A moderator's clearing: who, why ('recovered' or 'mistaken') and their words.
    .addColumn('clearedBy', 'text')
    .addColumn('clearedOutcome', 'text', (c) =>
      c.check(sql`"clearedOutcome" in ('recovered', 'mistaken')`),
    )
    .addColumn('clearedReason', 'text')
    .execute();
  await db.schema
    .createIndex('stolen_reports_active_hash_idx')
    .on('stolen_reports')
    .column('imeiHash')
    .where(sql.ref('status'), '=', sql`'active'`)
    .execute();
  await db.schema
    .createIndex('stolen_reports_reporter_idx')
    .on('stolen_reports')
    .columns(['reporterId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('stolen_reports_created_idx')
    .on('stolen_reports')
    .columns(['createdAt', 'id'])
    .execute();

  await db.schema
    .createTable('possession_proofs')
    .addColumn('productId', 'text', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('photoKey', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`status in ('none', 'pending', 'verified', 'rejected')`),
    )
    .addColumn('submittedAt', t.timestamp)
    .addColumn('reviewedBy', 'text')
    .addColumn('reviewedAt', t.timestamp)
    .addColumn('rejectReason', 'text')
    // The last time a verification was cleared, and why ('imei_changed', 'model_changed').
    .addColumn('clearedAt', t.timestamp)
    .addColumn('clearedBecause', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('possession_proofs_pending_idx')
    .on('possession_proofs')
    .column('submittedAt')
    .where(sql.ref('status'), '=', sql`'pending'`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('possession_proofs').execute();
  await db.schema.dropTable('stolen_reports').execute();
}
