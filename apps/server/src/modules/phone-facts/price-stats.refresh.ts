import type { FastifyInstance } from 'fastify';
import { repeatWhileRunning } from '../../lib/periodic-job.ts';
import { refreshAgedPriceStats } from './phone-facts.service.ts';

/** How often medians that count a sale gone past the window are counted again. */
export const PRICE_STATS_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Every change to a listing counts its median again at once; what no change marks is time
 * passing, as sales leave the 90-day window. So, as the app starts and then every hour, keys
 * whose earliest counted sale has aged out are counted again. Several instances may run it at
 * once: each recount is the same and takes its key's lock.
 */
export function startPriceStatsRefresh(
  app: FastifyInstance,
  clock: () => Date = () => new Date(),
): void {
  repeatWhileRunning(
    app,
    'counting aged price medians again',
    PRICE_STATS_REFRESH_INTERVAL_MS,
    async () => {
      const refreshed = await refreshAgedPriceStats(app.db, clock());
      if (refreshed > 0) app.log.info({ refreshed }, 'aged price medians counted again');
    },
    { firstRunBeforeReady: true },
  );
}
