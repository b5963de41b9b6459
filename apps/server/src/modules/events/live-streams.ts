import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LiveEventStream } from './live-event-stream.ts';
import { liveSessionIds } from './live-events.repository.ts';

/**
 * Comment lines this often keep a quiet stream open through proxies (most close at 30-60 s);
 * each heartbeat first closes the streams whose session has ended (a job in app.ts).
 */
export const HEARTBEAT_MS = 25_000;

/** A user's open streams on one instance: a new one past this closes their oldest. */
export const STREAMS_PER_USER = 10;
/**
 * Open streams from one client address (an IPv6 /64) on one instance: past this a new one is
 * refused. Room for an office or a carrier's shared address, not for one client's thousands.
 */
export const STREAMS_PER_ADDRESS = 50;
/**
 * A stream closed to make room for a newer one of its user is told to wait this long before it
 * reconnects: a user with more tabs than the cap would otherwise have them take turns closing
 * each other every few seconds.
 */
export const EVICTED_RECONNECT_MS = 60_000;
/** Sessions looked up in one statement. */
const CHECK_BATCH = 500;

/** Whose stream it is: the session it was opened under and the address it came from. */
export interface StreamOwner {
  userId: string;
  sessionId: string;
  /** The client address as the rate limits count it (`addressKey`). */
  address: string;
}

/** The connection under a stream: a real socket, or an injected request's stand-in. */
interface ClosableSocket {
  destroySoon?: () => void;
  destroy?: () => void;
}

interface Entry extends StreamOwner {
  socket: ClosableSocket;
}

/**
 * The open GET /api/events streams of this instance, by session and address. A stream lasts
 * only as long as its session: it is closed when the session ends (sign-out, revocation, a
 * password change or reset, suspension, deletion) and each heartbeat looks again at every
 * stream's session, which also catches sessions ended on another instance.
 */
export class LiveStreams {
  // In opening order: a user's first entry is their oldest stream.
  private readonly open = new Map<LiveEventStream, Entry>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** Whether the address may open one more stream. */
  admits(address: string): boolean {
    let count = 0;
    for (const entry of this.open.values()) {
      if (entry.address === address && ++count >= STREAMS_PER_ADDRESS) return false;
    }
    return true;
  }

  /** Keeps the stream; the user's oldest streams past the cap are closed. */
  add(stream: LiveEventStream, owner: StreamOwner, socket: ClosableSocket): void {
    this.open.set(stream, { ...owner, socket });
    const mine = [...this.open].filter(([, entry]) => entry.userId === owner.userId);
    for (const [oldest] of mine.slice(0, Math.max(0, mine.length - STREAMS_PER_USER))) {
      this.end(oldest, EVICTED_RECONNECT_MS);
    }
  }

  remove(stream: LiveEventStream): void {
    this.open.delete(stream);
  }

  /** Every open stream, for the heartbeat. */
  streams(): LiveEventStream[] {
    return [...this.open.keys()];
  }

  /** Closes the user's streams whose session no longer lets them in. */
  async recheckUser(userId: string): Promise<void> {
    await this.recheck([...this.open].filter(([, entry]) => entry.userId === userId));
  }

  /** Closes the streams whose session has ended, then sends the others a comment line. */
  async heartbeat(): Promise<void> {
    await this.recheckAll();
    for (const stream of this.streams()) stream.heartbeat();
  }

  /** Closes every stream whose session no longer lets its user in. */
  async recheckAll(): Promise<void> {
    await this.recheck([...this.open]);
  }

  /**
   * Ends every stream and drops its connection once the end is written (a closing server
   * closes only connections idle at once, and a stream never is).
   */
  closeAll(): void {
    for (const [stream, { socket }] of this.open) {
      stream.body.once('end', () => setImmediate(() => dropConnection(socket)));
      this.end(stream);
    }
  }

  private end(stream: LiveEventStream, reconnectAfterMs?: number): void {
    this.open.delete(stream);
    stream.close(reconnectAfterMs);
  }

  private async recheck(entries: Array<[LiveEventStream, Entry]>): Promise<void> {
    const sessionIds = [...new Set(entries.map(([, entry]) => entry.sessionId))];
    const live = new Set<string>();
    try {
      for (let i = 0; i < sessionIds.length; i += CHECK_BATCH) {
        const batch = sessionIds.slice(i, i + CHECK_BATCH);
        for (const id of await liveSessionIds(this.db, batch, new Date())) live.add(id);
      }
    } catch (err) {
      // The next heartbeat looks again; a stream is not ended on a failed look.
      this.log.warn({ err }, 'checking the sessions of live event streams failed');
      return;
    }
    for (const [stream, entry] of entries) {
      if (!live.has(entry.sessionId)) this.end(stream);
    }
  }
}

/** Closes a connection once what was written has gone; an injected request's may have neither. */
function dropConnection(socket: ClosableSocket): void {
  if (typeof socket.destroySoon === 'function') socket.destroySoon();
  else if (typeof socket.destroy === 'function') socket.destroy();
}
