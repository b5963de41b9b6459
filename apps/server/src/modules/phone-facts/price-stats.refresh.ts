import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { refreshAgedPriceStats } from './phone-facts.service.ts';

/** How often medians that count a sale gone past the window are counted again. */
export const PRICE_STATS_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Every change to a listing counts its median again at once; what no change marks is time
 * passing, as sales leave the 90-day window. So, as the app starts and then every hour (a job
 * in app.ts), keys whose earliest counted sale has aged out are counted again. Several
 * instances may run it at once: each recount is the same and takes its key's lock.
 */
export async function refreshAgedPrices(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<void> {
  const refreshed = await refreshAgedPriceStats(db, now);
  if (refreshed > 0) log.info({ refreshed }, 'aged price medians counted again');
}
