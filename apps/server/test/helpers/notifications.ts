import crypto from 'node:crypto';
import { valueWriters } from '../../src/db/dialect.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { OutboxWorker } from '../../src/modules/notifications/outbox-worker.ts';
import { UnsubscribeTokens } from '../../src/modules/notifications/unsubscribe-token.ts';
import type { TestApp } from '../build-test-app.ts';

/** The user's notifications as stored, oldest first. */
export function notificationsOf(t: TestApp, userId: string) {
  return t.app.db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The user's emails in the outbox, sent or not, oldest first. */
export function outboxOf(t: TestApp, userId: string) {
  return t.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The user's live events (what their open tabs hear), oldest first, parsed. */
export async function liveEventsOf(t: TestApp, userId: string) {
  const rows = await t.app.db
    .selectFrom('live_events')
    .select(['type', 'payload'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as { type: string } & Record<string, unknown>);
}

/** Everything a refused notification call must leave as it was. */
export async function notificationTables(t: TestApp) {
  const db = t.app.db;
  const [notifications, settings, outbox] = await Promise.all([
    db.selectFrom('notifications').selectAll().orderBy('id').execute(),
    db.selectFrom('notification_settings').selectAll().orderBy('userId').orderBy('kind').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
  ]);
  return { notifications, settings, outbox };
}

/** The token of the user's unsubscribe link for a kind, as the app signs it. */
export function unsubscribeToken(
  t: TestApp,
  userId: string,
  kind: Parameters<UnsubscribeTokens['issue']>[0]['kind'],
) {
  return new UnsubscribeTokens(t.config.authSecret).issue({ userId, kind });
}

/** An outbox worker of the app's own kind, sending to `smtpUrl` on the given clock. */
export function outboxWorker(t: TestApp, smtpUrl: string, clock: () => Date = () => new Date()) {
  const mailer = createMailer(
    { smtpUrl, mailFrom: t.config.mailFrom, outboxDir: t.config.outboxDir },
    t.app.log,
  );
  const worker = new OutboxWorker(
    t.app.db,
    mailer,
    {
      publicUrl: t.config.publicUrl,
      tokens: new UnsubscribeTokens(t.config.authSecret),
      currency: t.config.currency,
    },
    t.app.log,
    clock,
  );
  return { worker, close: () => mailer.close() };
}

/** A conversation between the buyer and the seller about a listing, written to the database. */
export async function insertConversation(
  t: TestApp,
  buyerId: string,
  sellerId: string,
  productId: string,
  at: Date = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  const w = valueWriters(t.app.db);
  await t.app.db
    .insertInto('conversations')
    .values({
      id,
      productId,
      buyerId,
      sellerId,
      productName: 'Bulk phone 0',
      productImage: '/demo/iphone-2.webp',
      createdAt: w.date(at),
      updatedAt: w.date(at),
      buyerLastReadAt: null,
      sellerLastReadAt: null,
      blockedBy: null,
    })
    .execute();
  return id;
}

/** A message in the conversation, written to the database; answers its id. */
export async function insertMessage(
  t: TestApp,
  conversationId: string,
  senderId: string,
  at: Date,
  text = 'Is it still available?',
): Promise<string> {
  const id = crypto.randomUUID();
  await t.app.db
    .insertInto('messages')
    .values({
      id,
      conversationId,
      senderId,
      text,
      createdAt: valueWriters(t.app.db).date(at),
      readAt: null,
    })
    .execute();
  return id;
}
