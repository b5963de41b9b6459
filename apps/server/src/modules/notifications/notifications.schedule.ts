import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../lib/mailer.ts';
import { repeatWhileRunning as repeat } from '../../lib/periodic-job.ts';
import {
  sendMeetingReminders,
  sendSavedSearchAlerts,
  sendSavedSearchDigests,
} from './notification-jobs.ts';
import type { NotificationMailSettings } from './notify.ts';
import { OutboxWorker } from './outbox-worker.ts';

/** How often the outbox is looked at for emails that are due. */
export const OUTBOX_POLL_MS = 5_000;
/** How often accepted meetings are checked for a reminder (two hours ahead, so a few minutes early at most). */
export const REMINDER_CHECK_MS = 5 * 60 * 1000;
/** How often buyers without today's digest are looked at. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;
/** How often saved searches are run for the bell's notices of new matches (one a buyer an hour). */
export const ALERT_CHECK_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the notification emails (null when OUTBOX_WORKER is off on this instance). */
    outboxWorker: OutboxWorker | null;
  }
}

/**
 * The notifications' background work, on every instance: the outbox worker (unless turned off
 * with OUTBOX_WORKER=false), meeting reminders and the saved-search digests. Several instances
 * may run all of it at once: each email is claimed before it is sent, each reminder and digest
 * is keyed so that it is recorded once.
 */
export function startNotificationWork(
  app: FastifyInstance,
  settings: NotificationMailSettings,
): void {
  let worker: OutboxWorker | null = null;
  if (app.config.outboxWorker) {
    const mailer = createMailer(app.config, app.log);
    worker = new OutboxWorker(app.db, mailer, settings, app.log);
    const sender = worker;
    repeat(app, 'sending notification emails', OUTBOX_POLL_MS, () => sender.runOnce());
    app.addHook('onClose', async () => mailer.close());
  }
  app.decorate('outboxWorker', worker);
  repeat(app, 'meeting reminders', REMINDER_CHECK_MS, () => sendMeetingReminders(app.db));
  repeat(app, 'saved search digests', DIGEST_CHECK_MS, () =>
    sendSavedSearchDigests(app.db, app.searchIndex),
  );
  repeat(app, 'saved search alerts', ALERT_CHECK_MS, () =>
    sendSavedSearchAlerts(app.db, app.searchIndex),
  );
}
