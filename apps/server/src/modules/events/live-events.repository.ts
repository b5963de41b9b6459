import { sql, type Kysely, type Transaction } from 'kysely';
import type { LiveEvent } from '@market/shared';
import { isPostgres, readDate, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The transaction-scoped advisory lock that orders the log on PostgreSQL. Without it, two
 * transactions could take ids 5 and 6 and commit 6 first: a stream that sent 6 would never send
 * 5. Held from the insert to the commit, it makes ids follow commit order, as SQLite's single
 * writer does on its own.
 */
const LOG_ORDER_LOCK = 7_240_331_001;

export interface StoredLiveEvent {
  id: number;
  type: string;
  /** The event's JSON, as recorded. */
  payload: string;
}

export async function insertLiveEvent(
  db: Db,
  userId: string,
  event: LiveEvent,
  at: Date,
): Promise<void> {
  const row = {
    userId,
    type: event.type,
    payload: JSON.stringify(event),
    createdAt: valueWriters(db).date(at),
  };
  if (!isPostgres(db)) {
    await db.insertInto('live_events').values(row).execute();
    return;
  }
  const write = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(${LOG_ORDER_LOCK})`.execute(trx);
    await trx.insertInto('live_events').values(row).execute();
  };
  // The lock lasts as long as its transaction: on its own, the insert gets one.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** The user's events after a position, oldest first. */
export function liveEventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  return db
    .selectFrom('live_events')
    .select(['id', 'type', 'payload'])
    .where('userId', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The position of the user's newest event, or 0 when the log holds none. */
export async function lastLiveEventId(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The position of the newest event of anyone, or 0. */
export async function newestLiveEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Who has events after a position, with the position of the last row read. */
export async function usersWithEventsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<{ userIds: Set<string>; lastId: number; more: boolean }> {
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'userId'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return {
    userIds: new Set(rows.map((r) => r.userId)),
    lastId: rows.at(-1)?.id ?? afterId,
    more: rows.length === limit,
  };
}

/** Removes the events recorded before a time; answers how many went. */
export async function deleteLiveEventsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('live_events')
    .where('createdAt', '<', valueWriters(db).date(before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Of these sessions, the ones that still let their user in: not signed out or revoked (the row
 * is gone), not expired, and of an account that is not suspended.
 */
export async function liveSessionIds(
  db: Db,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.expiresAt', 'users.suspendedAt'])
    .where('sessions.id', 'in', sessionIds)
    .execute();
  return new Set(
    rows
      .filter((r) => r.suspendedAt === null && readDate(r.expiresAt).getTime() > now.getTime())
      .map((r) => r.id),
  );
}
