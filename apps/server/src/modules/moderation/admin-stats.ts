import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AdminStats, DailyStats } from '@market/shared';
import { isPostgres, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export const STATS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a stored time, on either database. */
function dayOf(db: Db, column: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : // SQLite keeps times as ISO 8601 text in UTC.
      sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

type Metric = Exclude<keyof DailyStats, 'day'>;

/** How many rows of each day since `from`, by the day of `column`. */
async function perDay(
  db: Db,
  table: 'products' | 'bookings' | 'users' | 'reports',
  column: string,
  from: Date,
  only?: RawBuilder<boolean>,
): Promise<Map<string, number>> {
  const day = dayOf(db, column);
  let query = db
    .selectFrom(table)
    .select([day.as('day'), sql<number | string>`count(*)`.as('n')])
    .where(sql.ref(column), '>=', valueWriters(db).date(from));
  if (only) query = query.where(only);
  const rows = await query.groupBy(day).execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

async function countOf(
  db: Db,
  table: 'users' | 'products' | 'bookings' | 'reports',
  only?: RawBuilder<boolean>,
) {
  let query = db.selectFrom(table).select(sql<number | string>`count(*)`.as('n'));
  if (only) query = query.where(only);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The admin dashboard's figures: listings posted, booking requests made, deals completed,
 * accounts made and reports filed on each of the last 30 days (UTC, today included), and the
 * marketplace's totals now.
 */
export async function getAdminStats(db: Db, now: Date = new Date()): Promise<AdminStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (STATS_DAYS - 1) * DAY_MS);
  const completed = sql<boolean>`status = 'completed'`;
  const [listings, requests, deals, signUps, reports] = await Promise.all([
    perDay(db, 'products', 'postedAt', from),
    perDay(db, 'bookings', 'createdAt', from),
    perDay(db, 'bookings', 'completedAt', from, completed),
    perDay(db, 'users', 'createdAt', from),
    perDay(db, 'reports', 'createdAt', from),
  ]);
  const days = Array.from({ length: STATS_DAYS }, (_, i) => {
    const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return {
      day,
      listings: listings.get(day) ?? 0,
      requests: requests.get(day) ?? 0,
      completedDeals: deals.get(day) ?? 0,
      signUps: signUps.get(day) ?? 0,
      reports: reports.get(day) ?? 0,
    } satisfies Record<Metric | 'day', string | number>;
  });
  const [users, allListings, allRequests, allDeals, openReports, hidden, suspended] =
    await Promise.all([
      countOf(db, 'users'),
      countOf(db, 'products'),
      countOf(db, 'bookings'),
      countOf(db, 'bookings', completed),
      countOf(db, 'reports', sql<boolean>`status = 'open'`),
      countOf(db, 'products', sql<boolean>`moderation in ('held', 'hidden')`),
      countOf(db, 'users', sql<boolean>`"suspendedAt" is not null`),
    ]);
  return {
    days,
    totals: {
      users,
      listings: allListings,
      requests: allRequests,
      completedDeals: allDeals,
      openReports,
      hiddenListings: hidden,
      suspendedUsers: suspended,
    },
  };
}
