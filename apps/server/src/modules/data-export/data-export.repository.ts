import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DataExportsTable, Database } from '../../db/schema.ts';
import { valueWriters } from '../../db/dialect.ts';

type Db = Kysely<Database> | Transaction<Database>;

/* The export jobs: one row per asked-for export. */

export async function insertDataExport(db: Db, row: Insertable<DataExportsTable>): Promise<void> {
  await db.insertInto('data_exports').values(row).execute();
}

const EXPORT_COLUMNS = [
  'id',
  'userId',
  'status',
  'createdAt',
  'readyAt',
  'expiresAt',
  'fileKey',
  'sizeBytes',
  'attempts',
] as const;

export function findOwnDataExport(db: Db, userId: string, id: string) {
  return db
    .selectFrom('data_exports')
    .select(EXPORT_COLUMNS)
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export type DataExportRow = NonNullable<Awaited<ReturnType<typeof findOwnDataExport>>>;

export function findLatestDataExport(db: Db, userId: string) {
  return db
    .selectFrom('data_exports')
    .select(EXPORT_COLUMNS)
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The person's exports asked for since `since` that count towards the daily limit, oldest first. */
export async function listCountedExportsSince(db: Db, userId: string, since: Date) {
  return db
    .selectFrom('data_exports')
    .select(['createdAt'])
    .where('userId', '=', userId)
    .where('createdAt', '>', valueWriters(db).date(since))
    .where('status', '!=', 'failed')
    .orderBy('createdAt', 'asc')
    .execute();
}

/** Pending exports no worker holds now (none did yet, or its claim ran out), oldest first. */
export function findClaimableExports(db: Db, now: Date, limit: number) {
  const w = valueWriters(db);
  return db
    .selectFrom('data_exports')
    .select(['id', 'userId', 'attempts'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', w.date(now))]))
    .orderBy('createdAt', 'asc')
    .limit(limit)
    .execute();
}

/** Takes the export for one worker until `until`, unless another took it first. */
export async function claimExport(db: Db, id: string, now: Date, until: Date): Promise<boolean> {
  const w = valueWriters(db);
  const result = await db
    .updateTable('data_exports')
    .set((eb) => ({ lockedUntil: w.date(until), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', w.date(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the export ready, if it is still pending (its owner may have gone meanwhile). */
export async function markExportReady(
  db: Db,
  id: string,
  values: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const w = valueWriters(db);
  const result = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      fileKey: values.fileKey,
      sizeBytes: values.sizeBytes,
      readyAt: w.date(values.readyAt),
      expiresAt: w.date(values.expiresAt),
      lockedUntil: null,
      lastError: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('userId', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markExportFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'failed', lockedUntil: null, lastError: error.slice(0, 1000) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Lets another try come sooner than the claim's end (a failed try that will be retried). */
export async function releaseExport(db: Db, id: string, error: string, retryAt: Date) {
  await db
    .updateTable('data_exports')
    .set({ lockedUntil: valueWriters(db).date(retryAt), lastError: error.slice(0, 1000) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Exports whose file must go: ready ones past their time, and any whose owner is gone (their
 * file, and the row itself, are removed).
 */
export function findExportsToRemove(db: Db, now: Date, limit: number) {
  const w = valueWriters(db);
  return db
    .selectFrom('data_exports')
    .select(['id', 'userId', 'status', 'fileKey'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'ready'), eb('expiresAt', '<=', w.date(now))]),
        eb('userId', 'is', null),
      ]),
    )
    .limit(limit)
    .execute();
}

export async function markExportExpired(db: Db, id: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'expired', fileKey: null })
    .where('id', '=', id)
    .execute();
}

export async function deleteExportRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}
