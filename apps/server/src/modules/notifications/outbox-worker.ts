import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { unsubscribeApiUrl } from './notification-mail.ts';
import { conversationOfMessageMail, MESSAGE_MAIL_DELAY_MS } from './message-notifications.ts';
import type { NotificationMailSettings } from './notify.ts';
import { wantsEmail } from './notifications.repository.ts';
import {
  OUTBOX_MAX_ATTEMPTS,
  claimMail,
  dropMail,
  findDueMail,
  markMailFailed,
  markMailSent,
  oldestUnreadMessageAt,
  postponeMail,
  type DueMail,
} from './outbox.repository.ts';

/** How long a claim lasts: longer than any send takes, so nobody else sends it meanwhile. */
export const CLAIM_MS = 10 * 60 * 1000;
const BATCH = 20;
const FIRST_RETRY_MS = 60 * 1000;
const LAST_RETRY_MS = 6 * 60 * 60 * 1000;

/** The wait before try `attempts + 1`: a minute, doubling, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

/**
 * The same email always carries the same Message-ID, so that one sent twice (the process died
 * after the mail server took it and before it was marked sent) is recognisable as one.
 */
export function messageIdFor(dedupeKey: string, publicUrl: string): string {
  const hash = crypto.createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32);
  return `<${hash}@${new URL(publicUrl).hostname}>`;
}

export interface OutboxRun {
  sent: number;
  /** Not wanted any more (the message was read meanwhile). */
  dropped: number;
  /** Due later than it looked (a newer message is still unread). */
  postponed: number;
  failed: number;
}

/**
 * Sends the outbox. Each due email is claimed with a conditional update before it is sent, so
 * any number of workers, in this process or on other instances, send each email once; a claim
 * left by a worker that died runs out after CLAIM_MS and the email is sent then. A failed send
 * is tried again later, each wait twice the one before.
 */
export class OutboxWorker {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly settings: NotificationMailSettings,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Sends what is due now, batch after batch, until nothing due is left to claim. */
  async runOnce(): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, dropped: 0, postponed: 0, failed: 0 };
    for (;;) {
      const due = await findDueMail(this.db, this.clock(), BATCH);
      let claimed = 0;
      for (const mail of due) {
        const now = this.clock();
        if (!(await claimMail(this.db, mail.id, now, new Date(now.getTime() + CLAIM_MS)))) {
          continue;
        }
        claimed += 1;
        run[await this.deliver(mail)] += 1;
      }
      if (due.length < BATCH || claimed === 0) return run;
    }
  }

  private async deliver(mail: DueMail): Promise<keyof OutboxRun> {
    const wanted = await this.stillWanted(mail);
    if (wanted !== 'send') return wanted;
    try {
      await this.mailer.send(this.message(mail));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const attempts = await markMailFailed(
        this.db,
        mail.id,
        error,
        new Date(this.clock().getTime() + retryDelayMs(mail.attempts + 1)),
      );
      const context = { err, outboxId: mail.id, kind: mail.kind, attempts };
      if (attempts >= OUTBOX_MAX_ATTEMPTS) this.log.error(context, 'notification email given up');
      else this.log.warn(context, 'notification email failed; it will be tried again');
      return 'failed';
    }
    await markMailSent(this.db, mail.id, this.clock());
    return 'sent';
  }

  /**
   * An email whose kind the user turned off since it was queued is dropped. A message email
   * goes only while a message is still unread 10 minutes after it came; one read meanwhile
   * drops it, a newer unread one moves it to that message's time.
   */
  private async stillWanted(mail: DueMail): Promise<'send' | 'dropped' | 'postponed'> {
    if (!(await wantsEmail(this.db, mail.userId, mail.kind))) {
      await dropMail(this.db, mail.id);
      return 'dropped';
    }
    const conversationId = conversationOfMessageMail(mail.kind, mail.dedupeKey);
    if (!conversationId) return 'send';
    const oldest = await oldestUnreadMessageAt(this.db, conversationId, mail.userId);
    if (!oldest) {
      await dropMail(this.db, mail.id);
      return 'dropped';
    }
    const due = new Date(oldest.getTime() + MESSAGE_MAIL_DELAY_MS);
    if (due > this.clock()) {
      await postponeMail(this.db, mail.id, due);
      return 'postponed';
    }
    return 'send';
  }

  private message(mail: DueMail): MailMessage {
    const { publicUrl, tokens } = this.settings;
    const token = tokens.issue({ userId: mail.userId, kind: mail.kind });
    return {
      to: mail.toEmail,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: messageIdFor(mail.dedupeKey, publicUrl),
      headers: {
        'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}
