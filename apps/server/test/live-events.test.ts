import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventSchema, type LiveEvent, type Message } from '@market/shared';
import { buildApp, type App } from '../src/app.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { deleteLiveEventsBefore } from '../src/modules/events/live-events.repository.ts';
import { recordLiveEvent } from '../src/modules/events/live-events.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { insertCategories, insertProducts } from './helpers/market.ts';
import { sendMessage, startConversation } from './helpers/conversations.ts';
import { EventStreamClient } from './helpers/event-stream.ts';

const t = useTestApp();
let baseUrl: string;
let buyer: TestUser;
let seller: TestUser;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(() => {
  for (const stream of open) stream.close();
});

async function stream(
  user: TestUser | null,
  headers: Record<string, string> = {},
  query = '',
  base = baseUrl,
): Promise<EventStreamClient> {
  const client = await EventStreamClient.open(`${base}/api/events${query}`, {
    ...user?.headers,
    ...headers,
  });
  open.push(client);
  return client;
}

async function newConversation(text = 'Hello') {
  const [productId] = await insertProducts(t, seller.id, 1);
  return startConversation(t, buyer, productId!, text);
}

const messagesIn = (client: EventStreamClient) =>
  client.ofType<Extract<LiveEvent, { type: 'message' }>>('message');

describe(`GET /api/events on ${testDbKind}`, () => {
  it('streams a new message to both parties as it is sent', async () => {
    const sellers = await stream(seller);
    const buyers = await stream(buyer);
    expect(sellers.status).toBe(200);
    const { conversation, message } = await newConversation('Is it unlocked? 01712345678');

    await sellers.until((events) => events.some((e) => e.event === 'message'));
    await buyers.until((events) => events.some((e) => e.event === 'message'));
    const [toSeller] = messagesIn(sellers);
    expect(liveEventSchema.parse(toSeller!.data)).toMatchObject({
      type: 'message',
      conversationId: conversation._id,
      message: { _id: message._id, mine: false, masked: true },
    });
    expect(toSeller!.data.message.text).not.toContain('01712345678');
    expect(Number(toSeller!.id)).toBeGreaterThan(0);
    expect(messagesIn(buyers)[0]!.data.message).toMatchObject({ _id: message._id, mine: true });
    // The seller also hears fresh unread counts.
    await sellers.until((events) => events.some((e) => e.event === 'unread'));
    const unread = sellers.ofType<Extract<LiveEvent, { type: 'unread' }>>('unread');
    expect(unread.at(-1)!.data.counts.messages).toBeGreaterThanOrEqual(1);
  });

  it('answers an event stream: not compressed, not cached, with the security headers', async () => {
    const client = await stream(seller, { 'accept-encoding': 'gzip, deflate, br' });
    expect(client.header('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.header('cache-control')).toBe('no-cache, no-transform');
    expect(client.header('x-accel-buffering')).toBe('no');
    expect(client.header('content-encoding')).toBeNull();
    expect(client.header('content-security-policy')).toContain("default-src 'self'");
    expect(client.header('x-content-type-options')).toBe('nosniff');
    await client.until(() => client.retry !== null);
    expect(client.retry).toBe(3000);
  });

  it('sends only new events to a stream opened without Last-Event-ID', async () => {
    await newConversation('Before the stream');
    const client = await stream(seller);
    const { message } = await newConversation('After the stream');
    await client.until((events) => events.some((e) => e.event === 'message'));
    expect(messagesIn(client).map((e) => e.data.message._id)).toEqual([message._id]);
  });

  it('sends what a reconnecting stream missed, in order, each once, then goes on live', async () => {
    const first = await stream(seller);
    const { conversation } = await newConversation('First');
    await first.until((events) => events.some((e) => e.event === 'message'));
    const lastSeen = first.events.at(-1)!.id;
    first.close();

    const missed: Message[] = [];
    for (const text of ['Second', 'Third', 'Fourth']) {
      missed.push(await sendMessage(t, buyer, conversation._id, text));
    }
    const logged = await t.app.db
      .selectFrom('live_events')
      .select(['id', 'type'])
      .where('userId', '=', seller.id)
      .where('id', '>', Number(lastSeen))
      .orderBy('id')
      .execute();

    const again = await stream(seller, { 'last-event-id': lastSeen });
    await again.until((events) => events.length >= logged.length);
    expect(again.events.map((e) => [Number(e.id), e.event])).toEqual(
      logged.map((row) => [row.id, row.type]),
    );
    expect(messagesIn(again).map((e) => e.data.message._id)).toEqual(missed.map((m) => m._id));

    const live = await sendMessage(t, buyer, conversation._id, 'Fifth');
    await again.until((events) => events.filter((e) => e.event === 'message').length === 4);
    expect(messagesIn(again).at(-1)!.data.message._id).toBe(live._id);
    const ids = again.events.map((e) => Number(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('takes the position from ?lastEventId= for clients that cannot set the header', async () => {
    const before = await t.app.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('userId', '=', seller.id)
      .executeTakeFirstOrThrow();
    const { message } = await newConversation('By query');
    const client = await stream(seller, {}, `?lastEventId=${Number(before.id ?? 0)}`);
    await client.until((events) => events.some((e) => e.event === 'message'));
    expect(messagesIn(client)[0]!.data.message._id).toBe(message._id);
  });

  it('keeps each user to their own events', async () => {
    const stranger = await createUser(t, { role: 'buyer' });
    const strangers = await stream(stranger, { 'last-event-id': '0' });
    const sellers = await stream(seller);
    await newConversation('Private');
    await sellers.until((events) => events.some((e) => e.event === 'message'));
    await new Promise((r) => setTimeout(r, 300));
    expect(strangers.events).toEqual([]);
  });

  it('refuses anonymous callers (401) and a malformed Last-Event-ID (400)', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Sign in to continue' },
    });
    for (const bad of ['abc', '-1', '1.5', '9'.repeat(20)]) {
      const refused = await stream(seller, { 'last-event-id': bad });
      expect(refused.status, bad).toBe(400);
    }
    const byQuery = await stream(seller, {}, '?lastEventId=nope');
    expect(byQuery.status).toBe(400);
  });

  it('records an event in the caller transaction: a rolled-back change sends nothing', async () => {
    const client = await stream(seller);
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        await recordLiveEvent(trx, seller.id, { type: 'conversation', conversationId: 'gone' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    t.app.liveEvents.wake([seller.id]);
    await t.app.liveEvents.transaction(async (_trx, record) => {
      await record(seller.id, { type: 'conversation', conversationId: 'kept' });
    });
    await client.until((events) => events.some((e) => e.event === 'conversation'));
    expect(client.ofType<{ conversationId: string }>('conversation').map((e) => e.data)).toEqual([
      { type: 'conversation', conversationId: 'kept' },
    ]);
  });

  it('numbers events in the order their transactions commit', async () => {
    // A stream that sent a later position must never find an earlier one committed after it.
    const user = await createUser(t, { role: 'buyer' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = t.app.db.transaction().execute(async (trx) => {
      await recordLiveEvent(trx, user.id, { type: 'conversation', conversationId: 'first' });
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    let secondDone = false;
    const second = t.app.db
      .transaction()
      .execute((trx) =>
        recordLiveEvent(trx, user.id, { type: 'conversation', conversationId: 'second' }),
      )
      .then(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    const rows = await t.app.db
      .selectFrom('live_events')
      .select(['id', 'payload'])
      .where('userId', '=', user.id)
      .orderBy('id')
      .execute();
    expect(
      rows.map((r) => (JSON.parse(r.payload) as { conversationId: string }).conversationId),
    ).toEqual(['first', 'second']);
  });

  it('removes events older than a day', async () => {
    const w = valueWriters(t.app.db);
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.app.db
      .insertInto('live_events')
      .values({ userId: seller.id, type: 'conversation', payload: '{}', createdAt: w.date(old) })
      .execute();
    const removed = await deleteLiveEventsBefore(t.app.db, new Date(Date.now() - 24 * 3600_000));
    expect(removed).toBe(1);
    const left = await t.app.db
      .selectFrom('live_events')
      .select('createdAt')
      .where('createdAt', '<', w.date(new Date(Date.now() - 24 * 3600_000)))
      .execute();
    expect(left).toEqual([]);
  });

  describe('two instances sharing Redis', () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    let writer: App;
    let reader: App;
    let readerUrl: string;

    beforeAll(async () => {
      const config = { ...t.config, redisUrl };
      writer = await buildApp(config, { database: t.db.handle, serveWeb: false });
      reader = await buildApp(config, { database: t.db.handle, serveWeb: false });
      await reader.listen({ port: 0, host: '127.0.0.1' });
      readerUrl = `http://127.0.0.1:${(reader.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const client of open) client.close();
      await writer?.close();
      await reader?.close();
    });

    it('wakes the stream on the other instance at once, not at its next look', async () => {
      const client = await stream(seller, {}, '', readerUrl);
      await client.until(() => client.retry !== null);
      const { conversation } = await newConversation('Through Redis');
      const took: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        // Written through the instance without the stream: only Redis tells the reader at once.
        await writer.liveEvents.transaction(async (_trx, record) => {
          await record(seller.id, { type: 'conversation', conversationId: conversation._id });
        });
        await client.until(
          (events) => events.filter((e) => e.event === 'conversation').length > i,
          2000,
        );
        took.push(Date.now() - started);
      }
      // The once-a-second look would leave some of five waits far longer.
      expect(Math.max(...took)).toBeLessThan(200);
    });
  });

  describe('a second instance on the same database, without Redis', () => {
    let other: App;
    let otherUrl: string;

    beforeAll(async () => {
      other = await buildApp(t.config, { database: t.db.handle, serveWeb: false });
      await other.listen({ port: 0, host: '127.0.0.1' });
      otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const client of open) client.close();
      await other?.close();
    });

    it("delivers a message written on one instance to a stream on the other within a second's look", async () => {
      const client = await stream(seller, {}, '', otherUrl);
      const started = Date.now();
      const { message } = await newConversation('Across instances');
      await client.until((events) => events.some((e) => e.event === 'message'), 3000);
      const took = Date.now() - started;
      expect(messagesIn(client)[0]!.data.message._id).toBe(message._id);
      // The once-a-second look for new rows, plus the read.
      expect(took).toBeLessThan(1500);
    });

    it('ends its open streams when it closes, rather than waiting for their clients', async () => {
      const client = await stream(seller, {}, '', otherUrl);
      await client.until(() => client.retry !== null);
      const started = Date.now();
      await other.close();
      await client.until(() => client.isEnded, 2000).catch(() => {});
      expect(client.isEnded).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});
