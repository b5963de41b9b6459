import type { FastifyInstance } from 'fastify';
import { repeatWhileRunning } from '../../lib/periodic-job.ts';
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
  repeatWhileRunning(
    app,
    'removing old live events',
    PRUNE_INTERVAL_MS,
    async () => {
      const removed = await deleteLiveEventsBefore(
        app.db,
        new Date(clock().getTime() - LIVE_EVENT_RETENTION_MS),
      );
      if (removed > 0) app.log.info({ removed }, 'old live events removed');
    },
    { firstRunBeforeReady: true },
  );
}
