import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteLiveEventsBefore } from './live-events.repository.ts';

/** How long the log keeps an event: a browser away longer reloads its lists instead. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often old events are removed. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes events older than a day, as the app starts and then every hour (a job in app.ts).
 * Several instances may run it at once: it is one conditional delete.
 */
export async function pruneLiveEvents(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<void> {
  const removed = await deleteLiveEventsBefore(
    db,
    new Date(now.getTime() - LIVE_EVENT_RETENTION_MS),
  );
  if (removed > 0) log.info({ removed }, 'old live events removed');
}
