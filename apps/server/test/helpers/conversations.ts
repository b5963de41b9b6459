import crypto from 'node:crypto';
import type { Conversation, Message } from '@market/shared';
import { valueWriters } from '../../src/db/dialect.ts';
import type { TestApp } from '../build-test-app.ts';
import { call, type Caller } from './market.ts';

/**
 * Conversations of the buyer with the seller, one per listing, each with one message from the
 * seller, written straight to the database; the second one, when given, blocked by the buyer.
 * Answers their ids.
 */
export async function insertConversations(
  t: TestApp,
  buyerId: string,
  sellerId: string,
  productIds: readonly [string, ...string[]],
): Promise<string[]> {
  const w = valueWriters(t.app.db);
  const now = w.date(new Date());
  const ids = productIds.map(() => crypto.randomUUID());
  await t.app.db
    .insertInto('conversations')
    .values(
      productIds.map((productId, i) => ({
        id: ids[i]!,
        productId,
        buyerId,
        sellerId,
        productName: 'Bulk phone',
        productImage: '/demo/iphone-2.webp',
        createdAt: now,
        updatedAt: now,
        blockedBy: i === 1 ? buyerId : null,
      })),
    )
    .execute();
  await t.app.db
    .insertInto('messages')
    .values(
      ids.map((conversationId) => ({
        id: crypto.randomUUID(),
        conversationId,
        senderId: sellerId,
        text: 'Yes, it is still available',
        createdAt: now,
      })),
    )
    .execute();
  return ids;
}

/**
 * Opens an endless answer (GET /api/events) through the app, waits for its status and headers,
 * and closes it. A refusal's body is read whole, as for any other call.
 */
export async function openStream(t: TestApp, caller: Caller, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: caller?.headers ?? {},
    payloadAsStream: true,
  });
  const stream = res.stream();
  let body = '';
  if (res.statusCode >= 400) {
    for await (const chunk of stream) body += String(chunk);
  } else {
    stream.destroy();
  }
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}

export interface Started {
  conversation: Conversation;
  message: Message;
}

/** Asks the seller of a listing as the buyer; fails the test on refusal. */
export async function startConversation(
  t: TestApp,
  buyer: Caller,
  productId: string,
  text = 'Is it still available?',
): Promise<Started> {
  const res = await call(t, buyer, 'POST', '/api/conversations', { productId, text });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`POST /api/conversations answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<Started>();
}

/** Writes in a conversation; fails the test on refusal. */
export async function sendMessage(
  t: TestApp,
  sender: Caller,
  conversationId: string,
  text: string,
): Promise<Message> {
  const res = await call(t, sender, 'POST', `/api/conversations/${conversationId}/messages`, {
    text,
  });
  if (res.statusCode !== 201) {
    throw new Error(`sending answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<Message>();
}

/**
 * Messages written straight to the database, a second apart, the newest `newest`; for threads
 * too long to write through the rate limit. Answers their ids, oldest first.
 */
export async function insertMessages(
  t: TestApp,
  conversationId: string,
  senderIds: readonly string[],
  count: number,
  newest: Date = new Date(),
): Promise<string[]> {
  const w = valueWriters(t.app.db);
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    conversationId,
    senderId: senderIds[i % senderIds.length]!,
    text: `Message ${i}`,
    createdAt: w.date(new Date(newest.getTime() - (count - 1 - i) * 1000)),
    readAt: null,
  }));
  await t.app.db.insertInto('messages').values(rows).execute();
  await t.app.db
    .updateTable('conversations')
    .set({ updatedAt: w.date(newest) })
    .where('id', '=', conversationId)
    .execute();
  return rows.map((r) => r.id);
}

/** Everything a refused conversation call must leave as it was. */
export async function conversationSnapshot(t: TestApp) {
  const db = t.app.db;
  const [conversations, messages, reports, liveEvents] = await Promise.all([
    db.selectFrom('conversations').selectAll().orderBy('id').execute(),
    db.selectFrom('messages').selectAll().orderBy('id').execute(),
    db.selectFrom('reports').selectAll().orderBy('id').execute(),
    db.selectFrom('live_events').select(['id', 'userId', 'type']).orderBy('id').execute(),
  ]);
  return { conversations, messages, reports, liveEvents };
}

/**
 * Makes an account `days` old, past the limits of a new account (5 new conversations in its
 * first day; decision 0036), for tests that start more conversations than that.
 */
export async function backdateAccount(t: TestApp, userId: string, days = 2): Promise<void> {
  const createdAt = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await t.app.db
    .updateTable('users')
    .set({ createdAt: valueWriters(t.app.db).date(createdAt) })
    .where('id', '=', userId)
    .execute();
}
