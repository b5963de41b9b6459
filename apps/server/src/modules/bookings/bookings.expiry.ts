import type { FastifyInstance } from 'fastify';
import { repeatWhileRunning } from '../../lib/periodic-job.ts';
import { expireStaleRequests } from './bookings.service.ts';

/** How often waiting requests are checked for their age. */
export const EXPIRY_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Requests not answered in time expire. The check runs as the app starts (so requests that
 * aged while it was stopped expire at once) and then every few minutes while it runs. Several
 * instances may run it at once: it is one conditional update, which does the same work once.
 */
export function startBookingExpiry(
  app: FastifyInstance,
  clock: () => Date = () => new Date(),
): void {
  repeatWhileRunning(
    app,
    'expiring booking requests',
    EXPIRY_CHECK_INTERVAL_MS,
    async () => {
      const expired = await expireStaleRequests(app.db, clock());
      if (expired > 0) app.log.info({ expired }, 'booking requests expired');
    },
    { firstRunBeforeReady: true },
  );
}
