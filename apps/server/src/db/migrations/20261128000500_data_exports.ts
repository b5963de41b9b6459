import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * "Your data" exports (decision 0040).
 *
 * `data_exports`: one zip of everything the marketplace holds about a person, built in the
 * background. `pending` until a worker built it (a worker claims it until `lockedUntil`, so a
 * worker that died leaves it to the next one), then `ready` until `expiresAt`, when the file is
 * deleted and it is `expired`; `failed` after the last try. At most one pending export per person
 * (a partial unique index). `userId` is set null when the account goes, so that the sweep still
 * finds the file and deletes it.
 */
export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'ready', 'failed', 'expired')`),
    )
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('lockedUntil', t.timestamp)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('readyAt', t.timestamp)
    .addColumn('expiresAt', t.timestamp)
    .addColumn('fileKey', 'text')
    .addColumn('sizeBytes', t.bigint)
    .addColumn('lastError', 'text')
    .execute();
  await db.schema
    .createIndex('data_exports_pending_unique')
    .on('data_exports')
    .column('userId')
    .unique()
    .where(sql.ref('status'), '=', sql`'pending'`)
    .execute();
  await db.schema
    .createIndex('data_exports_user_created_idx')
    .on('data_exports')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('data_exports_status_idx')
    .on('data_exports')
    .columns(['status', 'expiresAt'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
