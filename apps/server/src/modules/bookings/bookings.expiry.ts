import type { FastifyInstance } from 'fastify';
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
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const expired = await expireStaleRequests(app.db, clock());
      if (expired > 0) app.log.info({ expired }, 'booking requests expired');
    } catch (err) {
      app.log.error({ err }, 'expiring booking requests failed');
    }
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), EXPIRY_CHECK_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
