import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveEvents, RecordLiveEvent } from './live-events.ts';
import {
  insertLiveEvent,
  newestLiveEventId,
  usersWithEventsAfter,
} from './live-events.repository.ts';
import { LiveStreams } from './live-streams.ts';

/** The Redis channel on which instances tell each other who has news. */
export const LIVE_EVENTS_CHANNEL = 'market:live-events';

/** How often an instance with open streams looks for rows no wake told it about. */
export const BACKSTOP_POLL_MS = 1000;
const BACKSTOP_BATCH = 1000;

/** Told that a user has new rows in their log. */
export type NewsListener = () => void;

/**
 * Who has news, heard by the open streams of this instance: from this instance's own writes at
 * once, from other instances through Redis, and from a once-a-second look at the log that
 * catches whatever a lost wake left behind (an instance that crashed after its commit, Redis
 * down, PostgreSQL shared without Redis).
 */
export class LiveEventHub implements LiveEvents {
  private readonly local = new EventEmitter();
  private readonly instanceId = crypto.randomUUID();
  private subscriber: Redis | null = null;
  private listeners = 0;
  private seenUpTo = 0;
  private pollTimer: NodeJS.Timeout | undefined;
  private polling = false;

  constructor(private readonly app: FastifyInstance) {
    // One listener per open stream: thousands are expected, not a leak.
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.seenUpTo = await newestLiveEventId(this.app.db);
    this.pollTimer = setInterval(() => void this.poll(), BACKSTOP_POLL_MS);
    this.pollTimer.unref();
    if (this.app.redis) await this.subscribe(this.app.redis);
  }

  async stop(): Promise<void> {
    clearInterval(this.pollTimer);
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (!subscriber) return;
    if (subscriber.status !== 'ready') return subscriber.disconnect();
    await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** Calls `listener` whenever the user has news; answers the call that stops it. */
  listen(userId: string, listener: NewsListener): () => void {
    this.local.on(userId, listener);
    this.listeners++;
    let listening = true;
    // A stream ends through more than one event (its body, its socket): counted off once.
    return () => {
      if (!listening) return;
      listening = false;
      this.local.off(userId, listener);
      this.listeners--;
    };
  }

  /** How many streams listen on this instance. */
  get listenerCount(): number {
    return this.listeners;
  }

  wake(userIds: Iterable<string>): void {
    const users = [...new Set(userIds)];
    if (users.length === 0) return;
    this.tell(users);
    const redis = this.app.redis;
    if (redis?.status !== 'ready') return;
    redis
      .publish(LIVE_EVENTS_CHANNEL, JSON.stringify([this.instanceId, users]))
      .catch((err: unknown) => this.app.log.warn({ err }, 'publishing live events failed'));
  }

  async transaction<T>(
    work: (trx: Transaction<Database>, record: RecordLiveEvent) => Promise<T>,
  ): Promise<T> {
    const recorded = new Set<string>();
    const result = await this.app.db.transaction().execute((trx) =>
      work(trx, async (userId, event) => {
        await insertLiveEvent(trx, userId, event, new Date());
        recorded.add(userId);
      }),
    );
    this.wake(recorded);
    return result;
  }

  private tell(userIds: readonly string[]): void {
    for (const userId of userIds) this.local.emit(userId);
  }

  private async subscribe(shared: Redis): Promise<void> {
    // A connection in SUBSCRIBE mode can do nothing else: the shared one stays free.
    const subscriber = shared.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', () => {
      // The shared connection already reports the server's state; the backstop covers the gap.
    });
    subscriber.on('message', (_channel: string, text: string) => this.heard(text));
    try {
      await subscriber.subscribe(LIVE_EVENTS_CHANNEL);
    } catch (err) {
      // ioredis subscribes again once it reconnects.
      this.app.log.warn({ err }, 'subscribing to live events failed; polling until Redis is back');
    }
  }

  private heard(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] === this.instanceId) return;
    const users: unknown = parsed[1];
    if (!Array.isArray(users)) return;
    this.tell(users.filter((u): u is string => typeof u === 'string'));
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      let more = true;
      while (more) {
        const found = await usersWithEventsAfter(this.app.db, this.seenUpTo, BACKSTOP_BATCH);
        this.seenUpTo = found.lastId;
        more = found.more;
        // Without open streams nobody is told; the position still moves on.
        if (this.listeners > 0) this.tell([...found.userIds]);
      }
    } catch (err) {
      this.app.log.warn({ err }, 'looking for new live events failed');
    } finally {
      this.polling = false;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEventHub: LiveEventHub;
    /** This instance's open streams: ended with their sessions (see `forgetUserSessions`). */
    liveStreams: LiveStreams;
  }
}

/**
 * Makes `app.liveEvents` (and the hub the streams listen on, and the streams' registry). The
 * hub is a job in app.ts: it starts when the app is ready and stops when it closes.
 */
export function registerLiveEvents(app: FastifyInstance): LiveEventHub {
  const hub = new LiveEventHub(app);
  app.decorate('liveEvents', hub);
  app.decorate('liveEventHub', hub);
  app.decorate('liveStreams', new LiveStreams(app.db, app.log));
  return hub;
}
