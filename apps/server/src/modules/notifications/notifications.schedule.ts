import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createMailer } from '../../lib/mailer.ts';
import type { MailObserver } from '../../lib/metrics.ts';
import type { NotificationMailSettings } from './notify.ts';
import { OutboxWorker } from './outbox-worker.ts';

/*
 * How often the notifications' background work runs (jobs in app.ts), on every instance: the
 * outbox worker (unless turned off with OUTBOX_WORKER=false), meeting reminders and the
 * saved-search digests and alerts. Several instances may run all of it at once: each email is
 * claimed before it is sent, each reminder and digest is keyed so that it is recorded once.
 */

/** How often the outbox is looked at for emails that are due. */
export const OUTBOX_POLL_MS = 5_000;
/** How often accepted meetings are checked for a reminder (two hours ahead, so a few minutes early at most). */
export const REMINDER_CHECK_MS = 5 * 60 * 1000;
/** How often buyers without today's digest are looked at. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;
/** How often saved searches are run for the bell's notices of new matches (one a buyer an hour). */
export const ALERT_CHECK_MS = 10 * 60 * 1000;

/** The worker that sends the outbox's emails, with the mailer it closes when it stops. */
export function createOutboxSender(
  config: Readonly<Config>,
  db: Kysely<Database>,
  settings: NotificationMailSettings,
  log: FastifyBaseLogger,
  observer: MailObserver,
): { worker: OutboxWorker; close: () => void } {
  const mailer = createMailer(config, log, observer);
  return { worker: new OutboxWorker(db, mailer, settings, log), close: () => mailer.close() };
}
