import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveEventSchema, type LiveEvent, type Message } from '@market/shared';
import crypto from 'node:crypto';
import { buildApp, type App } from '../src/app.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { deleteLiveEventsBefore } from '../src/modules/events/live-events.repository.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { cookiesFrom, createUser, signIn, type TestUser } from './factories.ts';
import { sameOriginJson } from './helpers/auth.ts';
import {
  EVICTED_RECONNECT_MS,
  STREAMS_PER_ADDRESS,
  STREAMS_PER_USER,
} from '../src/modules/events/live-streams.ts';
import { insertCategories, insertProducts } from './helpers/market.ts';
import { backdateAccount, sendMessage, startConversation } from './helpers/conversations.ts';
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
  await backdateAccount(t, buyer.id);
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
    // An event of the stranger's own, recorded after: their stream has read past the message.
    await t.app.liveEvents.transaction(async (_trx, record) => {
      await record(stranger.id, { type: 'conversation', conversationId: 'own' });
    });
    await strangers.until((events) => events.length > 0);
    expect(strangers.ofType('conversation').map((e) => e.data)).toEqual([
      { type: 'conversation', conversationId: 'own' },
    ]);
    expect(strangers.events).toHaveLength(1);
  });

  it('refuses anonymous callers (401) and a malformed Last-Event-ID (400)', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Sign in to continue', reason: 'common.signIn' },
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
    await t.app.liveEvents
      .transaction(async (_trx, record) => {
        await record(seller.id, { type: 'conversation', conversationId: 'gone' });
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
    let recorded!: () => void;
    const firstRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const first = t.app.liveEvents.transaction(async (_trx, record) => {
      await record(user.id, { type: 'conversation', conversationId: 'first' });
      recorded();
      await held;
    });
    await firstRecorded;
    let secondDone = false;
    const second = t.app.liveEvents
      .transaction((_trx, record) =>
        record(user.id, { type: 'conversation', conversationId: 'second' }),
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

  describe('a stream lasts as long as its session', () => {
    /** Another session of the user, as from a second device. */
    async function secondSession(user: TestUser): Promise<TestUser> {
      const res = await signIn(t, user.email, user.password);
      expect(res.statusCode).toBe(200);
      const cookie = cookiesFrom(res.headers['set-cookie']);
      return { ...user, cookie, headers: { cookie } };
    }

    async function openedStream(user: TestUser) {
      const client = await stream(user);
      expect(client.status).toBe(200);
      await client.until(() => client.retry !== null);
      return client;
    }

    const ends = (client: EventStreamClient) => client.until(() => client.isEnded, 3000);

    it("ends at sign-out; the same user's other sessions keep theirs", async () => {
      const user = await createUser(t, { role: 'buyer' });
      const phone = await secondSession(user);
      const here = await openedStream(user);
      const there = await openedStream(phone);

      const res = await sameOriginJson(t, user, '/api/auth/sign-out', {});
      expect(res.statusCode, res.body).toBe(200);
      await ends(here);
      expect(there.isEnded).toBe(false);
      // A reconnect under the ended session is refused.
      expect((await stream(user)).status).toBe(401);
    });

    it('ends every stream at a password change; only the new session opens one again', async () => {
      const user = await createUser(t, { role: 'seller' });
      const elsewhere = await secondSession(user);
      const stolen = await openedStream(elsewhere);
      const own = await openedStream(user);

      const res = await sameOriginJson(t, user, '/api/auth/change-password', {
        currentPassword: user.password,
        newPassword: 'a-new-password-1',
      });
      expect(res.statusCode, res.body).toBe(200);
      await ends(stolen);
      // The page that made the change gets a new session; its browser reconnects under it.
      await ends(own);
      const cookie = cookiesFrom(res.headers['set-cookie']);
      expect((await stream(elsewhere)).status).toBe(401);
      expect((await stream({ ...user, cookie, headers: { cookie } })).status).toBe(200);
    });

    it('ends when an admin suspends the account, and delivers nothing after', async () => {
      const user = await createUser(t, { role: 'seller' });
      const admin = await createUser(t, { role: 'admin' });
      const client = await openedStream(user);
      const reportId = crypto.randomUUID();
      await t.app.db
        .insertInto('reports')
        .values({
          id: reportId,
          targetType: 'user',
          targetId: user.id,
          reporterId: null,
          reason: 'spam',
          note: null,
          createdAt: valueWriters(t.app.db).date(new Date()),
        })
        .execute();

      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${reportId}/resolve`,
        headers: { ...admin.headers, origin: 'http://localhost:3000' },
        payload: { action: 'suspend_user', reason: 'Selling stolen phones.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await ends(client);
      expect(client.events).toEqual([]);
    });

    it('ends when the account is deleted', async () => {
      const user = await createUser(t, { role: 'buyer' });
      const client = await openedStream(user);
      const res = await sameOriginJson(t, user, '/api/auth/delete-user', {
        password: user.password,
      });
      expect(res.statusCode, res.body).toBe(200);
      await ends(client);
    });

    it('ends at the next heartbeat when the session ended where this instance did not hear', async () => {
      const user = await createUser(t, { role: 'buyer' });
      const client = await openedStream(user);
      // As another instance (or an expiry) would: the row goes, nobody tells this one.
      await t.app.db.deleteFrom('sessions').where('userId', '=', user.id).execute();
      // The stream still delivers an event recorded after that.
      await t.app.liveEvents.transaction(async (_trx, record) => {
        await record(user.id, { type: 'conversation', conversationId: 'still-open' });
      });
      await client.until((events) => events.some((e) => e.event === 'conversation'));
      expect(client.isEnded).toBe(false);

      await t.app.liveStreams.recheckAll();
      await ends(client);
    });

    it(`keeps at most ${STREAMS_PER_USER} streams per user, closing the oldest`, async () => {
      const user = await createUser(t, { role: 'buyer' });
      const clients: EventStreamClient[] = [];
      for (let i = 0; i < STREAMS_PER_USER; i++) clients.push(await openedStream(user));
      expect(clients.some((c) => c.isEnded)).toBe(false);

      const newest = await openedStream(user);
      await ends(clients[0]!);
      // It waits a minute before it reconnects, rather than close another tab's at once.
      expect(clients[0]!.retry).toBe(EVICTED_RECONNECT_MS);
      expect(clients.slice(1).some((c) => c.isEnded)).toBe(false);
      expect(newest.isEnded).toBe(false);
      // The newest still hears what happens.
      const { message } = await startConversation(
        t,
        user,
        (await insertProducts(t, seller.id, 1))[0]!,
        'Still there?',
      );
      await newest.until((events) => events.some((e) => e.event === 'message'));
      expect(messagesIn(newest).map((e) => e.data.message._id)).toEqual([message._id]);
      for (const client of [...clients, newest]) client.close();
    });

    it(`refuses more than ${STREAMS_PER_ADDRESS} streams from one address (429), with a message`, async () => {
      for (const client of open) client.close();
      const deadline = Date.now() + 3000;
      while (t.app.liveStreams.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(t.app.liveStreams.size).toBe(0);

      const users: TestUser[] = [];
      const perUser = STREAMS_PER_USER;
      for (let i = 0; i < Math.ceil((STREAMS_PER_ADDRESS + 1) / perUser); i++) {
        users.push(await createUser(t, { role: 'buyer' }));
      }
      const clients: EventStreamClient[] = [];
      for (let i = 0; i < STREAMS_PER_ADDRESS; i++) {
        clients.push(await openedStream(users[Math.floor(i / perUser)]!));
      }
      const refused = await stream(users.at(-1)!);
      expect(refused.status).toBe(429);
      expect(refused.header('retry-after')).toBe('30');
      expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(
        'Too many live connections from your address. Try again in 30 seconds.',
      );
      expect(clients.some((c) => c.isEnded)).toBe(false);

      clients[0]!.close();
      const deadline2 = Date.now() + 3000;
      while (t.app.liveStreams.size >= STREAMS_PER_ADDRESS && Date.now() < deadline2) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await openedStream(users.at(-1)!)).status).toBe(200);
    });

    it('closes a stream opened through app.inject when the app closes, without an error', async () => {
      const other = await buildApp(t.config, { database: t.db.handle });
      await other.ready();
      const user = await createUser(t, { role: 'buyer' });
      const res = await other.inject({
        method: 'GET',
        url: '/api/events',
        headers: user.headers,
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      expect(other.liveStreams.size).toBe(1);
      const errors: unknown[] = [];
      const onError = (err: unknown) => errors.push(err);
      process.on('uncaughtException', onError);
      try {
        await other.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        process.off('uncaughtException', onError);
      }
      expect(errors).toEqual([]);
      expect(other.liveStreams.size).toBe(0);
    });
  });

  // The Redis of this run (test/global-setup.ts). On a machine with none, the instances without
  // Redis below still find each other's events at their next look.
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  (redisUrl ? describe : () => undefined)('two instances sharing Redis', () => {
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
      // The reader's once-a-second look at the log finds nothing: only Redis can wake it.
      const looks = vi
        .spyOn(reader.liveEvents as unknown as { poll(): Promise<void> }, 'poll')
        .mockResolvedValue();
      try {
        const client = await stream(seller, {}, '', readerUrl);
        await client.until(() => client.retry !== null);
        const { conversation } = await newConversation('Through Redis');
        for (let i = 0; i < 5; i++) {
          // Written through the instance without the stream: only Redis tells the reader.
          await writer.liveEvents.transaction(async (_trx, record) => {
            await record(seller.id, { type: 'conversation', conversationId: conversation._id });
          });
          await client.until(
            (events) => events.filter((e) => e.event === 'conversation').length > i,
            5000,
          );
        }
      } finally {
        looks.mockRestore();
      }
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
