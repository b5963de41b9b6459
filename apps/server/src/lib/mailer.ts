import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import type { MailObserver } from './metrics.ts';

const require = createRequire(import.meta.url);
/** The mail library, loaded when the first mail is sent rather than at every start. */
function nodemailer(): typeof Nodemailer {
  return require('nodemailer') as typeof Nodemailer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The same id on a message sent again lets mail programs show it once. */
  messageId?: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const unobserved: MailObserver = { sent: () => {}, failed: () => {} };

/**
 * Mail through SMTP when SMTP_URL is set. Without it each message is logged and written to
 * DATA_DIR/outbox/<timestamp>-<to>.eml, so a local operator can still follow a reset link.
 * `observer` counts what is sent and what fails (the app's metrics).
 */
export function createMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; outboxDir: string },
  log: FastifyBaseLogger,
  observer: MailObserver = unobserved,
): Mailer {
  const mailer = createTransportMailer(options, log);
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        observer.failed();
        throw err;
      }
      observer.sent();
    },
    close: () => mailer.close(),
  };
}

function createTransportMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let transport: Nodemailer.Transporter | undefined;
    return {
      async send(message) {
        transport ??= nodemailer().createTransport(smtpUrl);
        await transport.sendMail({ from: options.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport?.close(),
    };
  }

  let builder: Nodemailer.Transporter | undefined;
  return {
    async send(message) {
      builder ??= nodemailer().createTransport({ streamTransport: true, buffer: true });
      const info = await builder.sendMail({ from: options.mailFrom, ...message });
      // Written beside the outbox, then moved in whole: whoever reads the outbox never finds a
      // message half written (a rename within one file system is atomic).
      const writing = `${options.outboxDir}.writing`;
      await fs.mkdir(options.outboxDir, { recursive: true });
      await fs.mkdir(writing, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const name = `${Date.now()}-${safeTo}.eml`;
      const partial = path.join(writing, name);
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      log.info(
        { to: message.to, subject: message.subject, file, text: message.text },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
    close: () => builder?.close(),
  };
}
