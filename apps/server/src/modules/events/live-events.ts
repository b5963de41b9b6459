import type { Transaction } from 'kysely';
import type { LiveEvent } from '@market/shared';
import type { Database } from '../../db/schema.ts';

/*
 * The live event log: what each signed-in person's open tabs hear on GET /api/events.
 *
 * One function records an event and wakes the streams: the `record(userId, event)` that
 * `app.liveEvents.transaction(work)` hands to `work`. It writes the event in the transaction of
 * the change it is about, so the event exists exactly when the change does, and once the
 * transaction commits the recorded users are woken: every instance hears it (through Redis
 * when REDIS_URL is set) and sends the new rows to the streams it holds. Record events after the
 * transaction's other writes (on PostgreSQL it holds the log's lock from there until the
 * commit). A change that also notifies runs in `app.notifier.transaction`, which is built on it.
 * A wake that never comes (a crash between commit and wake, Redis down) only delays the event:
 * each instance also looks for new rows every second while it has streams open.
 */

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

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
