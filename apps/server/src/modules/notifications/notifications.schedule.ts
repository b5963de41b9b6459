import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../lib/mailer.ts';
import { sendMeetingReminders, sendSavedSearchDigests } from './notification-jobs.ts';
import type { NotificationMailSettings } from './notify.ts';
import { OutboxWorker } from './outbox-worker.ts';

/** How often the outbox is looked at for emails that are due. */
export const OUTBOX_POLL_MS = 5_000;
/** How often accepted meetings are checked for a reminder (two hours ahead, so a few minutes early at most). */
export const REMINDER_CHECK_MS = 5 * 60 * 1000;
/** How often buyers without today's digest are looked at. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the notification emails (null when OUTBOX_WORKER is off on this instance). */
    outboxWorker: OutboxWorker | null;
  }
}

/**
 * Runs `job` when the app is ready and then every `intervalMs`, one run at a time; a failed run
 * is logged and the next one tries again. Stops, and waits for a run under way, when the app
 * closes.
 */
function repeat(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = job()
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, `${name} failed`),
      )
      .finally(() => {
        busy = false;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
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
  repeat(app, 'saved search digests', DIGEST_CHECK_MS, () => sendSavedSearchDigests(app.db));
}
