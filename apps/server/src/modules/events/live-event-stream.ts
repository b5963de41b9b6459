import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { liveEventsAfter, type StoredLiveEvent } from './live-events.repository.ts';

/** How long a browser waits before it reconnects, sent once as the stream's `retry:` hint. */
export const RECONNECT_AFTER_MS = 3000;
/** Rows read from the log at a time. */
const BATCH = 200;
/**
 * A client that reads slower than events come is let go once this much waits for it: it
 * reconnects with its Last-Event-ID and reads the rest from the log, rather than the server
 * holding its backlog in memory.
 */
const MAX_BUFFERED_BYTES = 512 * 1024;

/** One event as the text/event-stream format writes it; the JSON holds no line breaks. */
export function eventFrame(event: StoredLiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${event.payload}\n\n`;
}

/**
 * One open GET /api/events: sends the user's log from a position on, in order, each row once.
 * `deliver()` may be called any number of times at once (a wake, the backstop, the connect):
 * reads never overlap, and a call during a read makes one more read after it.
 */
export class LiveEventStream {
  readonly body = new PassThrough();
  private lastSent: number;
  private reading = false;
  private readAgain = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    readonly userId: string,
    after: number,
  ) {
    this.lastSent = after;
    this.body.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    this.body.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends what the log holds after the last event sent. */
  async deliver(): Promise<void> {
    if (this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        let batch: StoredLiveEvent[];
        do {
          batch = await liveEventsAfter(this.db, this.userId, this.lastSent, BATCH);
          for (const event of batch) {
            if (this.closed) return;
            this.body.write(eventFrame(event));
            this.lastSent = event.id;
          }
          if (this.body.writableLength > MAX_BUFFERED_BYTES) return this.close();
        } while (batch.length === BATCH);
      } while (this.readAgain && !this.closed);
    } catch (err) {
      // The client reconnects and reads on from what it received.
      this.log.warn({ err, userId: this.userId }, 'reading live events failed');
      this.close();
    } finally {
      this.reading = false;
    }
  }

  /** A comment line: keeps proxies and the browser from closing a quiet connection. */
  heartbeat(): void {
    if (!this.closed) this.body.write(': keep-alive\n\n');
  }

  /** Ends the stream; with `reconnectAfterMs`, the browser waits that long before it reconnects. */
  close(reconnectAfterMs?: number): void {
    if (this.closed) return;
    this.closed = true;
    if (reconnectAfterMs !== undefined) this.body.write(`retry: ${reconnectAfterMs}\n\n`);
    this.body.end();
  }
}
