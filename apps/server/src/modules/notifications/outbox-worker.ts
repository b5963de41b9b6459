import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { readBool } from '../../db/dialect.ts';
import {
  claimDelivery,
  dropDelivery,
  markDeliveryFailed,
  markDeliverySent,
} from '../../db/delivery-queue.ts';
import { serverTexts } from '@market/shared/texts';
import { renderDigestMail, unsubscribeApiUrl } from './notification-mail.ts';
import { conversationOfMessageMail, MESSAGE_MAIL_DELAY_MS } from './message-notifications.ts';
import type { NotificationMailSettings } from './notify.ts';
import { findRecipient, wantsEmail } from './notifications.repository.ts';
import {
  OUTBOX_MAX_ATTEMPTS,
  findDueFoldedMail,
  findDueMail,
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
        if (
          !(await claimDelivery(
            this.db,
            'outbox',
            mail.id,
            now,
            new Date(now.getTime() + CLAIM_MS),
          ))
        ) {
          continue;
        }
        claimed += 1;
        run[await this.deliver(mail)] += 1;
      }
      if (due.length < BATCH || claimed === 0) return run;
    }
  }

  private async deliver(mail: DueMail): Promise<keyof OutboxRun> {
    if (readBool(mail.folded)) return this.deliverDigest(mail);
    const wanted = await this.stillWanted(mail);
    if (wanted !== 'send') return wanted;
    return this.send([mail], this.message(mail));
  }

  /** Sends one message for the given rows: all sent, or all tried again later. */
  private async send(rows: readonly DueMail[], message: MailMessage): Promise<keyof OutboxRun> {
    try {
      await this.mailer.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      for (const mail of rows) {
        const attempts =
          (await markDeliveryFailed(
            this.db,
            'outbox',
            mail.id,
            error,
            new Date(this.clock().getTime() + retryDelayMs(mail.attempts + 1)),
          )) ?? OUTBOX_MAX_ATTEMPTS;
        const context = { err, outboxId: mail.id, kind: mail.kind, attempts };
        if (attempts >= OUTBOX_MAX_ATTEMPTS) this.log.error(context, 'notification email given up');
        else this.log.warn(context, 'notification email failed; it will be tried again');
      }
      return 'failed';
    }
    for (const mail of rows) await markDeliverySent(this.db, 'outbox', mail.id, this.clock());
    return 'sent';
  }

  /**
   * A folded email (past its recipient's hourly cap) goes in one digest with the recipient's
   * other folded emails due now, each claimed as any email is; those no longer wanted are
   * dropped. The digest names what each was about and leads to the notification list.
   */
  private async deliverDigest(first: DueMail): Promise<keyof OutboxRun> {
    const rows: DueMail[] = [];
    const now = this.clock();
    const others = await findDueFoldedMail(this.db, first.userId, now, first.id);
    const claimed = [first];
    for (const mail of others) {
      if (
        await claimDelivery(this.db, 'outbox', mail.id, now, new Date(now.getTime() + CLAIM_MS))
      ) {
        claimed.push(mail);
      }
    }
    for (const mail of claimed) {
      if ((await this.stillWanted(mail, { postpone: false })) === 'send') rows.push(mail);
    }
    const recipient = await findRecipient(this.db, first.userId);
    if (rows.length === 0 || !recipient) {
      for (const mail of rows) await dropDelivery(this.db, 'outbox', mail.id);
      return 'dropped';
    }
    const { publicUrl, tokens } = this.settings;
    const rendered = renderDigestMail(
      serverTexts(recipient.language ?? 'en', this.settings.currency),
      {
        recipientName: recipient.name,
        titles: rows.map((mail) => mail.subject),
        publicUrl,
      },
    );
    const kinds = new Set(rows.map((mail) => mail.kind));
    const [onlyKind] = kinds.size === 1 ? [...kinds] : [];
    return this.send(rows, {
      to: first.toEmail,
      ...rendered,
      messageId: messageIdFor(`digest:${rows.map((mail) => mail.id).join(',')}`, publicUrl),
      // One kind only: its one-click unsubscribe; several: the settings link in the email.
      ...(onlyKind
        ? {
            headers: {
              'List-Unsubscribe': `<${unsubscribeApiUrl(publicUrl, tokens.issue({ userId: first.userId, kind: onlyKind }))}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
  }

  /**
   * An email whose kind the user turned off since it was queued is dropped. A message email
   * goes only while a message is still unread 10 minutes after it came; one read meanwhile
   * drops it, a newer unread one moves it to that message's time.
   */
  private async stillWanted(
    mail: DueMail,
    { postpone } = { postpone: true },
  ): Promise<'send' | 'dropped' | 'postponed'> {
    if (!(await wantsEmail(this.db, mail.userId, mail.kind))) {
      await dropDelivery(this.db, 'outbox', mail.id);
      return 'dropped';
    }
    const conversationId = conversationOfMessageMail(mail.kind, mail.dedupeKey);
    if (!conversationId) return 'send';
    const oldest = await oldestUnreadMessageAt(this.db, conversationId, mail.userId);
    if (!oldest) {
      await dropDelivery(this.db, 'outbox', mail.id);
      return 'dropped';
    }
    const due = new Date(oldest.getTime() + MESSAGE_MAIL_DELAY_MS);
    if (postpone && due > this.clock()) {
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
