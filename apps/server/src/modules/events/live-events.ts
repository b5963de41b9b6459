import type { Kysely, Transaction } from 'kysely';
import type { LiveEvent } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { insertLiveEvent } from './live-events.repository.ts';

/*
 * The live event log: what each signed-in person's open tabs hear on GET /api/events.
 *
 * Recording an event is two steps:
 *
 *   1. `recordLiveEvent(trx, userId, event)` inside the transaction of the change it is about,
 *      so the event exists exactly when the change does. Record events after the transaction's
 *      other writes (on PostgreSQL it holds the log's lock from there until the commit).
 *   2. After the commit, wake the streams: `app.liveEvents.wake(userIds)`. Every instance hears
 *      it (through Redis when REDIS_URL is set) and sends the new rows to the streams it holds.
 *
 * `app.liveEvents.transaction(work)` does both: it runs `work` in a transaction, hands it a
 * `record(userId, event)` bound to that transaction, and wakes the recorded users once it
 * commits. A wake that never comes (a crash between commit and wake, Redis down) only delays the
 * event: each instance also looks for new rows every second while it has streams open.
 */

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

export type LiveEventsDb = Kysely<Database> | Transaction<Database>;

/** Records one event for one user, bound to a transaction. */
export type RecordLiveEvent = (userId: string, event: LiveEvent) => Promise<void>;

export interface LiveEvents {
  /** These users have new events: every instance sends them to the users' open streams. */
  wake(userIds: Iterable<string>): void;
  /** Runs `work` in a transaction and wakes everyone it recorded events for after the commit. */
  transaction<T>(
    work: (trx: Transaction<Database>, record: RecordLiveEvent) => Promise<T>,
  ): Promise<T>;
}

/**
 * Adds an event to the user's log in the caller's transaction (or on its own when given the
 * database). It reaches the user's streams once the streams are woken (see above).
 */
export async function recordLiveEvent(
  db: LiveEventsDb,
  userId: string,
  event: LiveEvent,
): Promise<void> {
  await insertLiveEvent(db, userId, event, new Date());
}
