import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '@market/shared';
import type { Database } from '../../db/schema.ts';
import {
  claimDelivery,
  dropDelivery,
  markDeliveryFailed,
  markDeliverySent,
} from '../../db/delivery-queue.ts';
import {
  PUSH_MAX_ATTEMPTS,
  deleteSubscriptionById,
  findDuePushes,
  wantsPush,
  type DuePush,
} from './push.repository.ts';

/** How often each instance looks for pushes to send. */
export const PUSH_POLL_MS = 2_000;
/** How long a claim lasts: longer than any send takes, so nobody else sends it meanwhile. */
export const PUSH_CLAIM_MS = 5 * 60 * 1000;
const BATCH = 20;
const FIRST_RETRY_MS = 30 * 1000;
const LAST_RETRY_MS = 60 * 60 * 1000;
/** A push about a booking or a message is stale after a day; the list still has it. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface PushRun {
  sent: number;
  /** Not wanted any more: the kind was turned off since. */
  dropped: number;
  /** The push service no longer knows the device (404 or 410): the device is removed. */
  gone: number;
  failed: number;
}

export interface PushWorkerSettings {
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  /** The TLS agent for the push services (a test's own certificate authority); the default else. */
  agent?: https.Agent;
}

/** What a push carries: the notification's title and where it leads, nothing personal more. */
export function pushPayloadOf(push: Pick<DuePush, 'title' | 'link'>): PushPayload {
  return { title: push.title, url: push.link };
}

/**
 * Sends the queued pushes with Web Push (RFC 8030, encrypted as RFC 8291 says, signed with the
 * server's VAPID key). Each is claimed with a conditional update before it is sent, as the
 * notification emails are, so any number of workers send each push once; a claim left by a
 * worker that died runs out after PUSH_CLAIM_MS. A device the push service answers 404 or 410
 * for is removed with its queued pushes.
 */
export class PushWorker {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: PushWorkerSettings,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Sends what is due now, batch after batch, until nothing due is left to claim. */
  async runOnce(options: { limit?: number } = {}): Promise<PushRun> {
    const run: PushRun = { sent: 0, dropped: 0, gone: 0, failed: 0 };
    let left = options.limit ?? Number.POSITIVE_INFINITY;
    for (;;) {
      const due = await findDuePushes(this.db, this.clock(), Math.min(BATCH, left));
      let claimed = 0;
      for (const push of due) {
        const now = this.clock();
        if (
          !(await claimDelivery(
            this.db,
            'push_deliveries',
            push.id,
            now,
            new Date(now.getTime() + PUSH_CLAIM_MS),
          ))
        ) {
          continue;
        }
        claimed += 1;
        left -= 1;
        run[await this.deliver(push)] += 1;
      }
      if (due.length < BATCH || claimed === 0 || left <= 0) return run;
    }
  }

  private async deliver(push: DuePush): Promise<keyof PushRun> {
    if (!(await wantsPush(this.db, push.userId, push.kind))) {
      await dropDelivery(this.db, 'push_deliveries', push.id);
      return 'dropped';
    }
    try {
      await webpush.sendNotification(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        JSON.stringify(pushPayloadOf(push)),
        {
          vapidDetails: { subject: this.settings.subject, ...this.settings.vapid },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          ...(this.settings.agent ? { agent: this.settings.agent } : {}),
        },
      );
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        // The subscription expired or the person turned push off in the browser.
        await deleteSubscriptionById(this.db, push.subscriptionId);
        this.log.info({ subscriptionId: push.subscriptionId }, 'push subscription gone; removed');
        return 'gone';
      }
      const error = err instanceof Error ? err.message : String(err);
      const attempts = push.attempts + 1;
      const wait = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LAST_RETRY_MS);
      await markDeliveryFailed(
        this.db,
        'push_deliveries',
        push.id,
        error,
        new Date(this.clock().getTime() + wait),
      );
      const context = { err, pushId: push.id, kind: push.kind, attempts };
      if (attempts >= PUSH_MAX_ATTEMPTS) this.log.error(context, 'push notification given up');
      else this.log.warn(context, 'push notification failed; it will be tried again');
      return 'failed';
    }
    await markDeliverySent(this.db, 'push_deliveries', push.id, this.clock());
    return 'sent';
  }
}
