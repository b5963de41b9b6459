import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../notifications/public.ts';
import { recordDueNoShows } from './check-ins.service.ts';

/** How often meetings are checked for a no-show that is due (a few minutes late at most). */
export const NO_SHOW_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Records the no-shows that are due (a job in app.ts, first as the app starts, so meetings that
 * aged while it was stopped are recorded). `now` is the clock, for tests.
 */
export async function recordNoShows(
  db: Kysely<Database>,
  notifier: Notifier,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const recorded = await recordDueNoShows(db, notifier, now);
  if (recorded > 0) log.info({ recorded }, 'meeting no-shows recorded');
  return recorded;
}
