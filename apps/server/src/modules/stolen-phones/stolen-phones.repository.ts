import type { Kysely } from 'kysely';
import type { PaginationQuery } from '@market/shared';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { listPage, newestFirst } from '../../lib/paging.ts';

type Db = Kysely<Database>;

const REPORT_COLUMNS = [
  'id',
  'reporterId',
  'imeiHash',
  'imeiLast4',
  'stolenOn',
  'policeReport',
  'status',
  'clearedOutcome',
  'createdAt',
] as const;

export function insertStolenReport(
  db: Db,
  row: {
    id: string;
    reporterId: string;
    imeiHash: string;
    imeiLast4: string;
    stolenOn: string;
    policeReport: string | null;
    createdAt: Date;
  },
) {
  return db
    .insertInto('stolen_reports')
    .values({ ...row, status: 'active', createdAt: valueWriters(db).date(row.createdAt) })
    .execute();
}

export function findStolenReport(db: Db, id: string) {
  return db
    .selectFrom('stolen_reports')
    .select(REPORT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type StolenReportRow = NonNullable<Awaited<ReturnType<typeof findStolenReport>>>;

/** Closes an active report; answers whether it was active (another request may have closed it). */
export async function closeStolenReport(
  db: Db,
  id: string,
  change:
    | { status: 'withdrawn' }
    | {
        status: 'cleared';
        clearedBy: string;
        clearedOutcome: 'recovered' | 'mistaken';
        clearedReason: string;
      },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('stolen_reports')
    .set({ ...change, closedAt: valueWriters(db).date(now) })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many reports the person made since `since` (the daily quota is counted by the limiter). */
export function listOwnStolenReports(db: Db, reporterId: string, page: PaginationQuery) {
  const rows = db
    .selectFrom('stolen_reports')
    .select(REPORT_COLUMNS)
    .where('reporterId', '=', reporterId);
  const all = db.selectFrom('stolen_reports').where('reporterId', '=', reporterId);
  return listPage(newestFirst(rows, 'createdAt', 'id'), all, page);
}

/** Active reports for the moderators, newest first, with their reporters. */
export function listActiveStolenReports(db: Db, page: PaginationQuery) {
  const rows = db
    .selectFrom('stolen_reports as s')
    .innerJoin('users as u', 'u.id', 's.reporterId')
    .select([
      's.id',
      's.reporterId',
      's.imeiHash',
      's.imeiLast4',
      's.stolenOn',
      's.policeReport',
      's.status',
      's.clearedOutcome',
      's.createdAt',
      'u.name as reporterName',
      'u.email as reporterEmail',
    ])
    .where('s.status', '=', 'active');
  const all = db.selectFrom('stolen_reports').where('status', '=', 'active');
  return listPage(newestFirst(rows, 's.createdAt', 's.id'), all, page);
}

/** The listings of the phone that are not sold, as the moderators see them. */
export function listUnsoldListingsOfImei(db: Db, imeiHash: string) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'moderation'])
    .where('imeiHash', '=', imeiHash)
    .where('status', '<>', 'sold')
    .orderBy('postedAt')
    .orderBy('id')
    .execute();
}

/** Closes the given open reports (the holds a stolen-phone report caused). */
export async function resolveReports(
  db: Db,
  ids: readonly string[],
  outcome: string,
  resolvedBy: string | null,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('reports')
    .set({ status: 'resolved', outcome, resolvedBy, resolvedAt: valueWriters(db).date(now) })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}
