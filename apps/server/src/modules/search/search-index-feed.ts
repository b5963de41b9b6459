import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { App } from '../../app.ts';
import { isPostgres, readBool, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { repeatWhileRunning } from '../../lib/periodic-job.ts';
import { CardCache } from './search-cards.ts';
import { SearchIndex, type IndexedDocument } from './search-index.ts';

type Db = Kysely<Database>;

/**
 * Keeps a server's in-memory search index (search-index.ts) following the database: built from
 * `search_docs` when the server starts, then brought up to date from `search_log` before every
 * search and once a second (decision 0025). A search therefore sees every write committed before
 * it began, on any server, as a query to the database would.
 */

/** Documents read per query while building. */
const BUILD_BATCH = 5_000;
/** Documents or sellers read per query while catching up. */
const CHANGE_BATCH = 500;
/** How often the index catches up when no search asks it to. */
export const FOLLOW_INTERVAL_MS = 1_000;
/** Log entries older than this are deleted. */
export const LOG_KEPT_MS = 60 * 60_000;
/** An index that could not catch up for this long may have missed deleted entries: rebuilt. */
const STALE_AFTER_MS = LOG_KEPT_MS / 2;
/** Removed documents keep their slots until a rebuild: one starts past this many, or a quarter. */
const REBUILD_AFTER_REMOVED = 10_000;
/** The log is pruned once in this many catch-ups. */
const PRUNE_EVERY = 60;

/** PostgreSQL answers a bigint docid as text. */
type DocumentRow = Omit<IndexedDocument, 'docid'> & { docid: number | string };

const toDocument = (row: DocumentRow): IndexedDocument => ({ ...row, docid: Number(row.docid) });

async function readDocuments(db: Db, where: RawBuilder<unknown>, limit: number) {
  const { rows } = await sql<DocumentRow>`
    select d.docid, d.category, d.price, d.condition, d.storage, d.battery, d.seller,
           p.name, p.colour, p.description, p.location, p."postedAt"
    from search_docs d join products p on p.id = d.product
    where ${where} order by d.docid limit ${limit}
  `.execute(db);
  return rows.map(toDocument);
}

interface Change {
  docid: number | null;
  /** Only the card of `docid` changed, not its document. */
  card: boolean | number;
  seller: string | null;
}

/** Where a server stands in the log: the entries it has not read yet. */
interface LogReader {
  /** Marks the log's current end; taken before the documents are read. */
  start(): Promise<void>;
  /** The entries written since the last call (or `start`). */
  next(): Promise<Change[]>;
}

/** SQLite has one writer: entries become visible in `seq` order. */
class SqliteLog implements LogReader {
  private seq = 0;

  constructor(private readonly db: Db) {}

  async start() {
    const { rows } = await sql<{ seq: number | null }>`
      select max(seq) as seq from search_log
    `.execute(this.db);
    this.seq = Number(rows[0]?.seq ?? 0);
  }

  async next() {
    const { rows } = await sql<Change & { seq: number }>`
      select seq, docid, card, seller from search_log where seq > ${this.seq} order by seq
    `.execute(this.db);
    const last = rows.at(-1);
    if (last) this.seq = Number(last.seq);
    return rows;
  }
}

/**
 * PostgreSQL numbers entries when they are written, not when they commit: reading "after the
 * last seq seen" could skip an entry whose transaction commits late. Each read takes its
 * snapshot's xmin (no transaction below it still runs) and the next read takes every entry of
 * transactions from that xmin on, skipping those already applied.
 */
class PostgresLog implements LogReader {
  private since = '0';
  /** Entries applied whose transaction may still have company: seq → tx. */
  private readonly applied = new Map<string, bigint>();

  constructor(private readonly db: Db) {}

  async start() {
    const { rows } = await sql<{ xmin: string }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin
    `.execute(this.db);
    this.since = rows[0]!.xmin;
  }

  async next() {
    // One statement, one snapshot: its xmin and the entries it sees.
    const { rows } = await sql<{
      xmin: string;
      seq: string | null;
      tx: string | null;
      docid: string | null;
      card: boolean | null;
      seller: string | null;
    }>`
      select x.xmin::text as xmin, l.seq::text as seq, l.tx::text as tx, l.docid, l.card, l.seller
      from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin) x
      left join search_log l on l.tx >= ${this.since}::xid8
    `.execute(this.db);
    const changes: Change[] = [];
    for (const row of rows) {
      if (row.seq === null || this.applied.has(row.seq)) continue;
      this.applied.set(row.seq, BigInt(row.tx!));
      changes.push({
        docid: row.docid === null ? null : Number(row.docid),
        card: row.card === true,
        seller: row.seller,
      });
    }
    this.since = rows[0]!.xmin;
    const since = BigInt(this.since);
    for (const [seq, tx] of this.applied) if (tx < since) this.applied.delete(seq);
    return changes;
  }
}

/** One index, the cards kept beside it, and the log reader that keeps both current. */
class Follower {
  readonly index = new SearchIndex();
  readonly cards = new CardCache();
  private readonly log: LogReader;

  constructor(private readonly db: Db) {
    this.log = isPostgres(db) ? new PostgresLog(db) : new SqliteLog(db);
  }

  async build(): Promise<void> {
    await this.log.start();
    let after = -1;
    for (;;) {
      const docs = await readDocuments(this.db, sql`d.docid > ${after}`, BUILD_BATCH);
      for (const doc of docs) this.index.add(doc);
      // SQLite answers without waiting: other requests get their turn between batches.
      await setImmediate();
      const last = docs.at(-1);
      if (!last || docs.length < BUILD_BATCH) break;
      after = last.docid;
    }
    const { rows } = await sql<{ id: string }>`
      select id from users where "isVerifiedUser" = ${valueWriters(this.db).bool(true)}
    `.execute(this.db);
    for (const { id } of rows) this.index.setVerified(id, true);
    this.index.orderWords();
  }

  /** Applies what the log names, as it stands in the database now. */
  async catchUp(): Promise<void> {
    const changes = await this.log.next();
    if (changes.length === 0) return;
    const docids = new Set<number>();
    const sellers = new Set<string>();
    for (const change of changes) {
      if (change.seller !== null) {
        sellers.add(change.seller);
        this.cards.dropSeller(change.seller);
      }
      if (change.docid === null) continue;
      this.cards.drop(change.docid);
      if (!readBool(change.card)) docids.add(change.docid);
    }
    await this.refreshDocuments([...docids]);
    await this.refreshSellers([...sellers]);
  }

  /** Each document as it stands now: added again, or removed when it is gone. */
  private async refreshDocuments(docids: number[]): Promise<void> {
    for (let i = 0; i < docids.length; i += CHANGE_BATCH) {
      const chunk = docids.slice(i, i + CHANGE_BATCH);
      const docs = await readDocuments(this.db, sql`d.docid in (${sql.join(chunk)})`, chunk.length);
      const found = new Map(docs.map((doc) => [doc.docid, doc]));
      for (const docid of chunk) {
        const doc = found.get(docid);
        if (doc) this.index.add(doc);
        else this.index.remove(docid);
      }
    }
  }

  private async refreshSellers(sellers: string[]): Promise<void> {
    for (let i = 0; i < sellers.length; i += CHANGE_BATCH) {
      const chunk = sellers.slice(i, i + CHANGE_BATCH);
      const { rows } = await sql<{ id: string; verified: boolean | number }>`
        select id, "isVerifiedUser" as verified from users where id in (${sql.join(chunk)})
      `.execute(this.db);
      const verified = new Map(rows.map((r) => [r.id, readBool(r.verified)]));
      for (const seller of chunk) this.index.setVerified(seller, verified.get(seller) ?? false);
    }
  }
}

/**
 * The index a server searches. `current()` gives it with every write committed before the call:
 * callers that arrive while a catch-up runs share the next one.
 */
export class LiveSearchIndex {
  private follower: Follower | null = null;
  /** A rebuilt follower, swapped in by the next catch-up (which catches it up first). */
  private fresh: Follower | null = null;
  private rebuilding: Promise<void> | null = null;
  private running: Promise<Follower> | null = null;
  private queued: Promise<Follower> | null = null;
  private caughtUpAt = 0;
  private catchUps = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly limits = {
      staleAfterMs: STALE_AFTER_MS,
      rebuildAfterRemoved: REBUILD_AFTER_REMOVED,
    },
  ) {}

  /** Whether the index is built; until it is, searches go to the database. */
  get ready(): boolean {
    return this.follower !== null;
  }

  /** The index and its cards, caught up with every write committed before this call. */
  current(): Promise<{ index: SearchIndex; cards: CardCache }> {
    return this.catchUp();
  }

  /** Builds the index the first time; afterwards catches up, prunes the log, and rebuilds. */
  async follow(): Promise<void> {
    if (!this.follower) {
      const started = Date.now();
      this.follower = await this.built();
      this.caughtUpAt = Date.now();
      this.log.info(
        { documents: this.follower.index.documents, ms: Date.now() - started },
        'search index built',
      );
      return;
    }
    await this.catchUp();
    if (++this.catchUps % PRUNE_EVERY === 0) await this.prune();
  }

  /** One catch-up at a time; it answers the follower it brought up to date. */
  private catchUp(): Promise<Follower> {
    if (!this.running) {
      this.running = this.step().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A catch-up under way may have read the log before this caller's write: wait for the next.
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.catchUp();
      });
    return this.queued;
  }

  private async step(): Promise<Follower> {
    if (!this.follower) throw new Error('The search index is not built yet');
    if (this.fresh) {
      this.follower = this.fresh;
      this.fresh = null;
    }
    if (Date.now() - this.caughtUpAt > this.limits.staleAfterMs) {
      // Entries it never read may have been deleted since: start again from the documents.
      this.follower = await this.built();
    } else {
      await this.follower.catchUp();
    }
    this.caughtUpAt = Date.now();
    const follower = this.follower;
    const removedAllowed = Math.max(this.limits.rebuildAfterRemoved, follower.index.documents / 4);
    if (!this.rebuilding && follower.index.removed > removedAllowed) {
      // Removed documents keep their slots; a new index gives the memory back.
      this.rebuilding = this.built()
        .then((rebuilt) => {
          this.fresh = rebuilt;
        })
        .catch((err: unknown) => this.log.error({ err }, 'search index rebuild failed'))
        .finally(() => {
          this.rebuilding = null;
        });
    }
    return follower;
  }

  /** A new follower, built and caught up. */
  private async built(): Promise<Follower> {
    const follower = new Follower(this.db);
    await follower.build();
    await follower.catchUp();
    return follower;
  }

  /** Resolves once a rebuild under way, if any, is done (the next catch-up swaps it in). */
  async settled(): Promise<void> {
    await this.rebuilding;
  }

  /** Deletes log entries older than LOG_KEPT_MS. */
  async prune(): Promise<void> {
    const cutoff = Date.now() - LOG_KEPT_MS;
    await (
      isPostgres(this.db)
        ? sql`delete from search_log where at < to_timestamp(${cutoff / 1000})`
        : sql`delete from search_log where at < ${cutoff}`
    ).execute(this.db);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search index: the server's search engine. */
    searchIndex: LiveSearchIndex;
  }
}

/** The in-memory index, built before the server is ready and followed once a second. */
export function registerSearchIndex(app: App): void {
  const live = new LiveSearchIndex(app.db, app.log);
  app.decorate('searchIndex', live);
  repeatWhileRunning(app, 'search index', FOLLOW_INTERVAL_MS, () => live.follow(), {
    firstRunBeforeReady: true,
  });
}
