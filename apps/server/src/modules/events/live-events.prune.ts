import type { FastifyInstance } from 'fastify';
import { deleteLiveEventsBefore } from './live-events.repository.ts';

/** How long the log keeps an event: a browser away longer reloads its lists instead. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often old events are removed. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes events older than a day, as the app starts and then every hour. Several instances may
 * run it at once: it is one conditional delete.
 */
export function startLiveEventPruning(
  app: FastifyInstance,
  clock: () => Date = () => new Date(),
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const removed = await deleteLiveEventsBefore(
        app.db,
        new Date(clock().getTime() - LIVE_EVENT_RETENTION_MS),
      );
      if (removed > 0) app.log.info({ removed }, 'old live events removed');
    } catch (err) {
      app.log.error({ err }, 'removing old live events failed');
    }
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
