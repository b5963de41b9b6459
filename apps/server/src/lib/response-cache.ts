import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendText, type Encoding } from './compression.ts';

interface Entry {
  expires: number;
  status: number;
  contentType: string;
  /** Encoded once: sending a Buffer skips encoding the text again on every request. */
  body: Buffer;
  headers: Record<string, string | string[]>;
  /** The body compressed, made on first demand. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

type Answer = Omit<Entry, 'expires' | 'compressed'>;

export interface CachedAnswer<T> {
  body: T;
  headers?: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers that many visitors share (public catalogue reads, pages rendered for signed-out
 * visitors), kept for a short time. A successful write on this instance that can change what the
 * catalogue shows clears it at once; writes on other instances show here within `ttlMs`. Only
 * 200 answers that set no cookie are kept. Each goes out compressed to clients that accept it; the
 * compressed forms are kept with the answer.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** Drops every answer; answers being computed now are not stored either. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A JSON answer, serialized once by the route's own response schema. */
  send<T>(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<CachedAnswer<T>>,
  ): Promise<FastifyReply> {
    return this.sendEncoded(reply, key, async () => {
      const answer = await produce();
      return {
        status: 200,
        contentType: JSON_TYPE,
        body: toBuffer(reply.serialize(answer.body)),
        headers: answer.headers ?? {},
      };
    });
  }

  /** An answer that is already encoded, such as a rendered page. */
  async sendEncoded(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<Answer>,
  ): Promise<FastifyReply> {
    const now = Date.now();
    const cached = this.entries.get(key);
    const entry = cached && cached.expires > now ? cached : await this.compute(key, produce);
    void reply.status(entry.status).headers(entry.headers).type(entry.contentType);
    return sendText(reply, entry.body, entry.compressed);
  }

  private async compute(key: string, produce: () => Promise<Answer>): Promise<Entry> {
    const generation = this.generation;
    const entry: Entry = { ...(await produce()), expires: Date.now() + this.ttlMs, compressed: {} };
    // An answer that sets a cookie belongs to one visitor.
    const shareable = entry.status === 200 && !('set-cookie' in entry.headers);
    if (generation === this.generation && shareable) this.remember(key, entry);
    return entry;
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

/** Writes that never change what the catalogue shows (orders, wishlists, uploads, sign-ins). */
const CATALOGUE_NEUTRAL_WRITES = ['/api/booking', '/api/wish-list', '/api/images', '/api/auth/'];

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: ResponseCache;
    /** Pages rendered for signed-out visitors; they show the catalogue, so they go with it. */
    pageCache: ResponseCache;
  }
}

/**
 * The catalogue's caches (its JSON answers, and the pages that show it), cleared after every
 * successful write that may change it.
 */
export function registerCatalogCache(app: FastifyInstance): void {
  const catalog = new ResponseCache(2_000, 5_000);
  // Few pages are shared by all signed-out visitors; the cap bounds memory whatever is asked.
  const pages = new ResponseCache(2_000, 200);
  app.decorate('catalogCache', catalog);
  app.decorate('pageCache', pages);
  // onSend: the write has committed, and the next request of this client cannot overtake it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && reply.statusCode < 400 && !isCatalogueNeutral(request.url)) {
      catalog.invalidate();
      pages.invalidate();
    }
    done(null, payload);
  });
}

function isCatalogueNeutral(url: string): boolean {
  return CATALOGUE_NEUTRAL_WRITES.some((prefix) => url.startsWith(prefix));
}

function toBuffer(serialized: ReturnType<FastifyReply['serialize']>): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}
