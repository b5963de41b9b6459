import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  HTTPMethods,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import { boundedCache, stringBytes, type BoundedCache } from './bounded-cache.ts';
import { sendText, type Encoding } from './compression.ts';

interface Entry {
  status: number;
  contentType: string;
  /** Encoded once: sending a Buffer skips encoding the text again on every request. */
  body: Buffer;
  headers: Record<string, string | string[]>;
  /** The body compressed, made on first demand. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** What a cache can keep; `keep: false` sends it without keeping it (see CachedAnswer). */
type Answer = Omit<Entry, 'compressed'> & { keep?: boolean };

export interface CachedAnswer<T> {
  body: T;
  headers?: Record<string, string>;
  /**
   * False for an answer that is sent but not kept: one that any number of made-up requests
   * would each get a copy of (a page past the end, a cursor this server never gave out).
   */
  keep?: boolean;
}

export interface ResponseCacheLimits {
  /** How long an answer is served before it is made again. */
  ttlMs: number;
  maxEntries: number;
  /** Bodies, their compressed forms, headers and keys together. */
  maxBytes: number;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const MIB = 1024 * 1024;
/** Room for an entry's own bookkeeping beside its key, bodies and headers. */
const ENTRY_OVERHEAD_BYTES = 256;

function entryBytes(entry: Entry, key: string): number {
  let bytes = ENTRY_OVERHEAD_BYTES + stringBytes(key) + stringBytes(entry.contentType);
  bytes += entry.body.length + (entry.compressed.br?.length ?? 0);
  bytes += entry.compressed.gzip?.length ?? 0;
  for (const name in entry.headers) {
    bytes += stringBytes(name) + stringBytes(String(entry.headers[name]));
  }
  return bytes;
}

const variantCount = (entry: Entry) =>
  (entry.compressed.br ? 1 : 0) + (entry.compressed.gzip ? 1 : 0);

/**
 * The key of a cached answer: a name for what is asked, and the request's validated query (and
 * params) whole, so a filter added to a schema is in the key without anyone adding it there.
 * Validated objects hold only the schema's fields, in the schema's order, defaults filled in.
 */
export function cacheKey(name: string, ...inputs: object[]): string {
  let key = name;
  for (const input of inputs) key += JSON.stringify(input);
  return key;
}

/**
 * Answers that many visitors share (public catalogue reads, pages rendered for signed-out
 * visitors), kept for a short time. A successful write on this instance that declares it changes
 * what they show clears them at once; writes on other instances show here within `ttlMs`. Only
 * 200 answers that set no cookie are kept, within a bound in entries and in bytes. Each goes out
 * compressed to clients that accept it; the compressed forms are kept (and counted) with it.
 */
export class ResponseCache {
  private readonly entries: BoundedCache<string, Entry>;
  private generation = 0;

  constructor(readonly limits: Readonly<ResponseCacheLimits>) {
    this.entries = boundedCache<string, Entry>({
      maxEntries: limits.maxEntries,
      maxBytes: limits.maxBytes,
      ttlMs: limits.ttlMs,
      sizeOf: entryBytes,
    });
  }

  /** Drops every answer; answers being computed now are not stored either. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept answers take, as counted against the bound. */
  get bytes(): number {
    return this.entries.calculatedSize;
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
        keep: answer.keep !== false,
      };
    });
  }

  /** An answer that is already encoded, such as a rendered page. */
  async sendEncoded(
    reply: FastifyReply,
    key: string,
    produce: () => Promise<Answer>,
  ): Promise<FastifyReply> {
    let entry = this.entries.get(key);
    let kept = entry !== undefined;
    if (!entry) {
      const generation = this.generation;
      const { keep, ...answer } = await produce();
      entry = { ...answer, compressed: {} };
      // An answer that sets a cookie belongs to one visitor.
      const shareable = entry.status === 200 && !('set-cookie' in entry.headers);
      kept = keep !== false && shareable && generation === this.generation;
      if (kept) this.entries.set(key, entry);
    }
    void reply.status(entry.status).headers(entry.headers).type(entry.contentType);
    if (!kept) return sendText(reply, entry.body);
    const variants = variantCount(entry);
    const sent = sendText(reply, entry.body, entry.compressed);
    // A compressed form made just now counts against the bound from now on. lru-cache sizes
    // an entry again only when it is given a new value: a copy sharing the same buffers.
    if (variantCount(entry) !== variants && this.entries.peek(key) === entry) {
      this.entries.set(key, { ...entry }, { noUpdateTTL: true });
    }
    return sent;
  }
}

/**
 * What a write can change, each naming the cached answers that show it. `catalog`: products,
 * their sellers as cards show them, categories, reviews and blogs; the shared pages (drawn for
 * signed-out visitors, or once for each role) show them too.
 */
export type CacheScope = 'catalog';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: ResponseCache;
    /** Pages drawn once for signed-out visitors or a whole role; they show the catalogue. */
    pageCache: ResponseCache;
  }
  interface FastifyContextConfig {
    /**
     * What a successful call of this route changes; the caches that show it are cleared as it
     * answers. Every /api route that is not a GET must say, `[]` when no cached answer shows
     * what it writes.
     */
    changes?: readonly CacheScope[];
  }
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

function writeMethods(method: HTTPMethods | HTTPMethods[]): string[] {
  return (Array.isArray(method) ? method : [method]).filter((m) => !READ_METHODS.has(m));
}

/** Clears the caches once a call succeeds, before its answer leaves. */
function clearAfterSuccess(caches: readonly ResponseCache[]): onSendHookHandler {
  // onSend: the write has committed, and the next request of this client cannot overtake it.
  return (_request, reply, payload, done) => {
    if (reply.statusCode < 400) for (const cache of caches) cache.invalidate();
    done(null, payload);
  };
}

/**
 * The caches of answers many visitors share, and the rule that keeps them true: each write
 * route declares in `config.changes` what it changes, and clears exactly those caches. A write
 * under /api that declares nothing stops the app from starting, so no route keeps or clears a
 * cache by accident. Register before any route.
 */
export function registerResponseCaches(app: FastifyInstance): void {
  const catalog = new ResponseCache({ ttlMs: 2_000, maxEntries: 5_000, maxBytes: 32 * MIB });
  // Pages shared by signed-out visitors and by each role (four kinds of visitor, each page and
  // page number); the caps bound memory whatever is asked.
  const pages = new ResponseCache({ ttlMs: 2_000, maxEntries: 1_000, maxBytes: 32 * MIB });
  app.decorate('catalogCache', catalog);
  app.decorate('pageCache', pages);
  const cachesOf: Record<CacheScope, readonly ResponseCache[]> = { catalog: [catalog, pages] };

  app.addHook('onRoute', (route: RouteOptions) => {
    const writes = writeMethods(route.method);
    if (writes.length === 0 || !route.url.startsWith('/api/')) return;
    const changes = (route.config as FastifyContextConfig | undefined)?.changes;
    if (changes === undefined) {
      throw new Error(
        `${writes.join(',')} ${route.url} must declare what it changes: config.changes, ` +
          `e.g. ['catalog'], or [] when no cached answer shows what it writes`,
      );
    }
    const unknown = changes.filter((scope) => !Object.hasOwn(cachesOf, scope));
    if (unknown.length > 0) {
      throw new Error(`${route.url} declares changes no cache knows of: ${unknown.join(', ')}`);
    }
    const caches = [...new Set(changes.flatMap((scope) => cachesOf[scope]))];
    if (caches.length === 0) return;
    const onSend = route.onSend ?? [];
    route.onSend = [...(Array.isArray(onSend) ? onSend : [onSend]), clearAfterSuccess(caches)];
  });
}

function toBuffer(serialized: ReturnType<FastifyReply['serialize']>): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}
