import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { changeStampOf, type ChangeStamp } from '../../db/database.ts';
import { SQLITE_BUSY_TIMEOUT_MS, isPostgres, readBool, valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { collectGarbage } from '../../lib/heap.ts';
import { CardCache, type CardFigures } from './search-cards.ts';
import { SearchIndex, type IndexedDocument } from './search-index.ts';
import type { LogPosition, SnapshotPlace } from './search-snapshot.ts';

type Db = Kysely<Database>;

/**
 * Keeps a server's in-memory search index (search-index.ts) following the database: built from
 * `search_docs` in the background once the server has started (searches answer 503 "starting"
 * until then; every other route answers at once), then brought up to date from `search_log`
 * before every search and once a second (decision 0017). A search sees every write committed
 * before it began, on any server, as a query to the database would, whenever no more than a search's page
 * of the log is waiting; a longer backlog (a bulk import) is applied in the background while
 * searches are answered from the index as it stands.
 */

/**
 * Documents read per query while building: a batch's rows live until they are indexed, and
 * larger batches let the heap grow by a hundred megabytes at a million listings.
 */
const BUILD_BATCH = 1_000;
/** Documents a build reads between two full garbage collections. */
const COLLECT_EVERY = 100_000;
/** Log entries read at once in the background. */
export const LOG_PAGE = 5_000;
/**
 * Log entries a search applies itself before it is answered: a trickle of writes is seen by the
 * next search; a longer backlog (a bulk import) is applied in the background meanwhile.
 */
export const SEARCH_PAGE = 500;
/** Documents or sellers read per query while catching up; other requests run between them. */
const CHANGE_BATCH = 100;
/**
 * Background work (a catch-up after a bulk import, a rebuild) runs for at most this long before
 * it rests for as long: requests have the event loop to themselves at least every few
 * milliseconds, and at least half of it under a long backlog.
 */
export const BACKGROUND_WORK_MS = 10;
export const BACKGROUND_REST_MS = 10;
/**
 * While a backlog is applied in the background, searches' kept matches take the listings applied
 * since in steps of this many (`SearchIndex.deferMatching`): about a second of a catch-up.
 */
export const MATCH_STEP = 2_000;
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
/** The wait a search is told while the index is first built (Retry-After). */
export const STARTING_RETRY_SECONDS = 3;

/** How long a stopping server waits for background work to end before it writes the snapshot. */
const SNAPSHOT_WAIT_MS = 5_000;

/** PostgreSQL answers a bigint docid as text. */
type DocumentRow = Omit<IndexedDocument, 'docid'> & { docid: number | string };

/** The row itself, its docid made a number: a copy of every row would double the garbage. */
function toDocument(row: DocumentRow): IndexedDocument {
  row.docid = Number(row.docid);
  return row as IndexedDocument;
}

async function readDocuments(db: Db, where: RawBuilder<unknown>, limit: number) {
  const { rows } = await sql<DocumentRow>`
    select d.docid, d.category, d.price, d.condition, d.storage, d.battery, d.seller,
           p.name, p.colour, p.description, p.location, p."postedAt", p."networkLock",
           p."activationLockOff", p."placeLat", p."placeLon"
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

/** One read of the log: at most a page of entries, and whether more were waiting. */
interface LogPage {
  changes: Change[];
  more: boolean;
  /** Rows the read answered (the page, and one more when more were waiting). */
  rows: number;
}

/** Where a server stands in the log: the entries it has not read yet. */
interface LogReader {
  /** Marks the log's current end; taken before the documents are read. */
  start(): Promise<void>;
  /** Up to `limit` of the entries written since the last call (or `start`), oldest first. */
  next(limit: number): Promise<LogPage>;
  /** About how many entries are written and not read yet. */
  behind(): Promise<number>;
  /** Where it stands: the entries read so far (a snapshot keeps it). */
  position(): LogPosition;
  /** Stands where `position` said, as if it had read the log so far (a snapshot read back). */
  resume(position: LogPosition): void;
  /** Reads that scanned nothing, the database showing what it showed the last read. */
  readonly unchangedReads: number;
}

/** The listings on show: the documents an index built now would hold. */
async function countDocuments(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from search_docs
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function lastSeq(db: Db): Promise<number> {
  const { rows } = await sql<{ seq: number | string | null }>`
    select max(seq) as seq from search_log
  `.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** SQLite has one writer: entries become visible in `seq` order. */
class SqliteLog implements LogReader {
  private seq = 0;
  /**
   * Every read scans: SQLite answers in the process, without a round trip to save. Searches read
   * only when something may have been committed since the last read (`ChangeStamp`).
   */
  readonly unchangedReads = 0;

  constructor(private readonly db: Db) {}

  async start() {
    this.seq = await lastSeq(this.db);
  }

  async next(limit: number): Promise<LogPage> {
    const { rows } = await sql<Change & { seq: number }>`
      select seq, docid, card, seller from search_log where seq > ${this.seq}
      order by seq limit ${limit + 1}
    `.execute(this.db);
    const changes = rows.slice(0, limit);
    const last = changes.at(-1);
    if (last) this.seq = Number(last.seq);
    return { changes, more: rows.length > limit, rows: rows.length };
  }

  async behind() {
    return Math.max(0, (await lastSeq(this.db)) - this.seq);
  }

  position(): LogPosition {
    return { seq: this.seq };
  }

  resume(position: LogPosition) {
    this.seq = position.seq;
  }
}

interface PostgresLogRow {
  xmax: string;
  xip: string[];
  seq: number | string | null;
  tx: string | null;
  docid: number | string | null;
  card: boolean | null;
  seller: string | null;
}

/**
 * PostgreSQL numbers entries when they are written, not when they commit: reading only "after
 * the last seq seen" could skip an entry whose transaction commits late. Each read takes its
 * statement's snapshot and remembers which transactions it could not see: those running then
 * (`xip`) and those begun after it (from `xmax` on). The next read takes the entries above the
 * last seq applied, and the entries of those transactions, whatever their seq; an entry it can
 * see was either applied or is among these. A transaction held open for hours costs each read
 * only its own entries (none are visible until it commits), not the log written since it began.
 *
 * A snapshot with the same `xmax` and `xip` as the last read's sees what that one saw: what it
 * cannot see is exactly the transactions in `xip` and from `xmax` on, and every other one had
 * ended. After a read that took every entry it could see, such a read scans nothing (the
 * statement still answers its snapshot). Searches then cost no scan of the log, in particular of
 * the entries a long transaction, a bulk import, has written and not committed, which every scan
 * must step over.
 */
class PostgresLog implements LogReader {
  private seq = 0;
  /** Transactions running at the last read's snapshot. */
  private pending: string[] = [];
  /** The first transaction id the last read's snapshot did not cover. */
  private xmax = '0';
  /** The last read took every entry it could see (no page was left waiting). */
  private complete = false;
  /** Reads that found the snapshot as the last one left it, and scanned nothing. */
  unchangedReads = 0;

  constructor(private readonly db: Db) {}

  async start() {
    // One statement, one snapshot: the transactions it cannot see and the entries it can.
    const { rows } = await sql<{ xmax: string; xip: string[]; seq: number | string | null }>`
      select pg_snapshot_xmax(s)::text as xmax,
             array(select x::text from pg_snapshot_xip(s) x order by x) as xip,
             (select max(seq) from search_log) as seq
      from pg_current_snapshot() s
    `.execute(this.db);
    const row = rows[0]!;
    this.seq = Number(row.seq ?? 0);
    this.pending = row.xip;
    this.xmax = row.xmax;
    this.complete = false;
  }

  async next(limit: number): Promise<LogPage> {
    const n = limit + 1;
    // Each part is bounded: by the page (seq, primary key), by the entries of the transactions
    // that were running (tx index), by the entries of transactions begun since the last read.
    // None runs when the log can show no more than the last read saw (`moved` false: the same
    // snapshot, and no page left waiting): the database tests it once, before any scan.
    const { rows } = await sql<PostgresLogRow & { moved: boolean }>`
      select x.xmax, x.xip, x.moved, l.seq, l.tx::text as tx, l.docid, l.card, l.seller
      from (
        select xmax, xip,
               (xmax <> ${this.xmax} or xip <> ${this.pending}::text[] or ${!this.complete}) as moved
        from (
          select pg_snapshot_xmax(s)::text as xmax,
                 array(select t::text from pg_snapshot_xip(s) t order by t) as xip
          from pg_current_snapshot() s
        ) snapshot
      ) x
      left join lateral (
        (select seq, tx, docid, card, seller from search_log
          where seq > ${this.seq} and x.moved order by seq limit ${n})
        union
        (select seq, tx, docid, card, seller from search_log
          where tx = any(${this.pending}::xid8[]) and x.moved order by seq limit ${n})
        union
        (select seq, tx, docid, card, seller from search_log
          where tx >= ${this.xmax}::xid8 and x.moved order by seq limit ${n})
        order by seq limit ${n}
      ) l on true
    `.execute(this.db);
    const found = rows.filter((row) => row.seq !== null);
    const page = found.slice(0, limit);
    const more = found.length > limit;
    this.complete = !more;
    if (!rows[0]!.moved) this.unchangedReads += 1;
    const last = page.at(-1);
    if (last) {
      const seq = Number(last.seq);
      // A page that stopped short leaves what lies above it, below the old mark too, to the next.
      this.seq = more ? seq : Math.max(this.seq, seq);
    }
    const head = rows[0]!;
    this.pending = head.xip;
    this.xmax = head.xmax;
    return {
      changes: page.map((row) => ({
        docid: row.docid === null ? null : Number(row.docid),
        card: row.card === true,
        seller: row.seller,
      })),
      more,
      rows: found.length,
    };
  }

  async behind() {
    return Math.max(0, (await lastSeq(this.db)) - this.seq);
  }

  position(): LogPosition {
    return { seq: this.seq, pending: [...this.pending], xmax: this.xmax };
  }

  resume(position: LogPosition) {
    if (position.pending === undefined || position.xmax === undefined) {
      throw new Error('A position in another database’s log');
    }
    this.seq = position.seq;
    this.pending = [...position.pending];
    this.xmax = position.xmax;
    this.complete = false;
  }
}

/** Raised inside a build or catch-up when the server closes. */
class Stopped extends Error {
  constructor() {
    super('The search index stopped following the database');
  }
}

/** Lets other work run between two steps of a long task. */
export type Yielder = () => Promise<void>;

/** Between two steps of work done for a request: the next turn of the event loop. */
const nextTurn: Yielder = () => setImmediate();

/**
 * Paces background work: between two steps it gives the event loop a turn, and once it has
 * worked `workMs` since it last rested, it rests `restMs` (a timer), so that requests arriving
 * meanwhile are answered without waiting for the whole backlog. Its clock and sleep can be
 * replaced (tests).
 */
export class Pacer {
  private since: number;

  constructor(
    private readonly workMs: number = BACKGROUND_WORK_MS,
    private readonly restMs: number = BACKGROUND_REST_MS,
    private readonly clock: () => number = () => performance.now(),
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    this.since = clock();
  }

  /** Times it rested so far. */
  rests = 0;

  readonly pause: Yielder = async () => {
    if (this.clock() - this.since < this.workMs) return nextTurn();
    this.rests += 1;
    await this.wait(this.restMs);
    this.since = this.clock();
  };
}

/** One index, the cards kept beside it, and the log reader that keeps both current. */
class Follower {
  readonly cards: CardCache;
  private readonly log: LogReader;
  private readSinceCollected = 0;
  /** Whether the documents read are counted for a full collection: while it is built only. */
  private collecting = true;

  constructor(
    private readonly db: Db,
    private readonly page: number,
    private readonly collectEvery: number,
    private readonly stopped: () => boolean,
    cardFigures: CardFigures,
    /** The index it follows with: a new, empty one to build, or one read from a snapshot. */
    readonly index: SearchIndex = new SearchIndex(),
  ) {
    this.cards = new CardCache(cardFigures);
    this.log = isPostgres(db) ? new PostgresLog(db) : new SqliteLog(db);
  }

  /** Where it stands in the log: what its index has applied, once no page waits to be. */
  position(): LogPosition {
    return this.log.position();
  }

  /** Reads of the log that scanned nothing (PostgreSQL, nothing having changed since the last). */
  get unchangedReads(): number {
    return this.log.unchangedReads;
  }

  /** Follows on from where a snapshot of its index stood. */
  resume(position: LogPosition): void {
    this.log.resume(position);
  }

  async build(between: Yielder = nextTurn): Promise<void> {
    await this.log.start();
    // Room for the catalogue to double before the index's arrays are copied (`reserve`).
    this.index.reserve(2 * (await countDocuments(this.db)));
    let after = -1;
    for (;;) {
      if (this.stopped()) throw new Stopped();
      const docs = await readDocuments(this.db, sql`d.docid > ${after}`, BUILD_BATCH);
      for (const doc of docs) this.index.add(doc);
      this.tally(docs.length);
      // SQLite answers without waiting: other requests get their turn between batches.
      await between();
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

  /** Applies up to `limit` log entries, as what they name stands in the database now. */
  async catchUp(limit: number, between: Yielder = nextTurn): Promise<LogPage> {
    const page = await this.read(limit);
    await this.apply(page, between);
    return page;
  }

  /** Reads up to `limit` log entries (and whether more are waiting) without applying them. */
  read(limit: number): Promise<LogPage> {
    return this.log.next(limit);
  }

  /**
   * Counts documents read while the index is built; past `collectEvery` since the last time, a
   * full garbage collection (`collectGarbage`): the heap would otherwise grow to hold every row
   * read so far. Once the index answers searches, none: a full collection stops every request
   * for as long as it marks the whole heap (over 100 ms at a million listings), and the rows a
   * catch-up reads are collected by V8's own, concurrent collections.
   */
  private tally(documents: number): void {
    if (!this.collecting) return;
    this.readSinceCollected += documents;
    if (this.readSinceCollected < this.collectEvery) return;
    this.readSinceCollected = 0;
    collectGarbage();
  }

  /** The index answers searches from now on: the documents it reads are no longer counted. */
  serving(): void {
    this.collecting = false;
  }

  /** Applies a page read from the log, as what it names stands in the database now. */
  async apply(page: LogPage, between: Yielder = nextTurn): Promise<void> {
    const docids = new Set<number>();
    const sellers = new Set<string>();
    for (const change of page.changes) {
      if (change.seller !== null) sellers.add(change.seller);
      if (change.docid === null) continue;
      this.cards.drop(change.docid);
      if (!readBool(change.card)) docids.add(change.docid);
    }
    this.cards.dropSellers(sellers);
    await this.refreshDocuments([...docids], between);
    await this.refreshSellers([...sellers]);
  }

  /** Applies every entry waiting, a page at a time, letting other work run between pages. */
  async catchUpFully(between: Yielder = nextTurn): Promise<void> {
    for (;;) {
      if (this.stopped()) throw new Stopped();
      const read = await this.catchUp(this.page, between);
      if (!read.more) return;
      await between();
    }
  }

  behind(): Promise<number> {
    return this.log.behind();
  }

  /** Each document as it stands now: added again, or removed when it is gone. */
  private async refreshDocuments(docids: number[], between: Yielder): Promise<void> {
    for (let i = 0; i < docids.length; i += CHANGE_BATCH) {
      // SQLite reads hold the event loop: requests get their turn between batches.
      if (i > 0) await between();
      const chunk = docids.slice(i, i + CHANGE_BATCH);
      const docs = await readDocuments(this.db, sql`d.docid in (${sql.join(chunk)})`, chunk.length);
      this.tally(docs.length);
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

/** What the index is doing: `starting` until its first build is done (searches answer 503). */
export type SearchIndexState = 'starting' | 'ready' | 'catching_up' | 'rebuilding';

export interface FollowLimits {
  /** An index whose log was not read for this long is built again. */
  staleAfterMs: number;
  /** Removed documents past this many (or a quarter) start a rebuild. */
  rebuildAfterRemoved: number;
  /** Log entries read at once in the background (LOG_PAGE). */
  logPage: number;
  /** Log entries a search applies itself (SEARCH_PAGE, and never more than `logPage`). */
  searchPage: number;
  /** Documents a build reads between two full garbage collections (COLLECT_EVERY). */
  collectEvery: number;
  /** How background work is paced (BACKGROUND_WORK_MS, BACKGROUND_REST_MS). */
  pace: { workMs: number; restMs: number };
  /** Listings applied in the background before searches' kept matches take them (MATCH_STEP). */
  matchStep: number;
}

/** The 503 a search gets while the index is first built. */
export function searchStarting(): AppError {
  return new AppError(503, 'SEARCH_STARTING', 'offers.search.starting', undefined, {
    'retry-after': String(STARTING_RETRY_SECONDS),
  });
}

/**
 * The index a server searches, built in the background when the server starts. `current()`
 * gives it with every write committed before the call, when no more than a search's page of the
 * log (SEARCH_PAGE) is waiting: callers that arrive while a catch-up runs share the next one. A longer backlog is
 * applied in the background, and an index that fell behind is built again beside the current
 * one and swapped in; searches meanwhile are answered from the index as it is.
 */
export class LiveSearchIndex {
  private follower: Follower | null = null;
  private firstBuild: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  private catchingUp: Promise<void> | null = null;
  /** Every read of the log goes through here, one at a time. */
  private lock: Promise<unknown> = Promise.resolve();
  private running: Promise<Follower> | null = null;
  private queued: Promise<Follower> | null = null;
  /** When the log was last read to its end, and last read at all. */
  private caughtUpAt = 0;
  private readAt = 0;
  private catchUps = 0;
  private stopped = false;
  private lastRead = 0;
  private readonly built: Promise<void>;
  private markBuilt!: () => void;

  private readonly limits: Readonly<FollowLimits>;
  /** Result cards answered from memory and read from the database, by every index in turn. */
  readonly cardFigures: CardFigures = { kept: 0, read: 0 };
  /** SQLite's stamp of what may have been committed (`ChangeStamp`); null on PostgreSQL. */
  private readonly changeStamp: ChangeStamp | null;
  /**
   * The last read that took the log to its end, applied to `follower`, and the change stamp taken
   * before it began: while the stamp is the same, nothing has been committed since, and a search
   * needs no read of its own.
   */
  private quiet: { follower: Follower; stamp: string } | null = null;
  /** Searches answered without a read of the log, nothing having been committed since the last. */
  private skipped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    limits: Partial<FollowLimits> = {},
    /** Where the index is kept when the server stops, and read back at the next start; null: nowhere. */
    private readonly snapshots: SnapshotPlace | null = null,
  ) {
    const logPage = limits.logPage ?? LOG_PAGE;
    this.limits = {
      staleAfterMs: STALE_AFTER_MS,
      rebuildAfterRemoved: REBUILD_AFTER_REMOVED,
      logPage,
      searchPage: Math.min(SEARCH_PAGE, logPage),
      collectEvery: COLLECT_EVERY,
      pace: { workMs: BACKGROUND_WORK_MS, restMs: BACKGROUND_REST_MS },
      matchStep: MATCH_STEP,
      ...limits,
    };
    this.built = new Promise((resolve) => (this.markBuilt = resolve));
    this.changeStamp = changeStampOf(db);
  }

  /** Whether the index is built; until it is, searches answer 503 (`searchStarting`). */
  get ready(): boolean {
    return this.follower !== null;
  }

  /** Resolves once the index is first built (a failed build is tried again a second later). */
  whenReady(): Promise<void> {
    return this.built;
  }

  get state(): SearchIndexState {
    if (!this.follower) return 'starting';
    if (this.rebuilding) return 'rebuilding';
    if (this.catchingUp) return 'catching_up';
    return 'ready';
  }

  /** Listings the index holds; null until it is first built. */
  get documents(): number | null {
    return this.follower?.index.documents ?? null;
  }

  /** What the index's caches hold, in bytes: kept matches of word sets and of locations, and cards; null until it is first built. */
  get cacheBytes(): { matches: number; places: number; cards: number } | null {
    const follower = this.follower;
    if (!follower) return null;
    return { ...follower.index.keptBytes, cards: follower.cards.bytes };
  }

  /** Rows the last read of the log answered. */
  get lastLogRead(): number {
    return this.lastRead;
  }

  /** Reads of the log that scanned nothing, the database showing what the last read saw. */
  get unchangedLogReads(): number {
    return this.follower?.unchangedReads ?? 0;
  }

  /** The state, log entries not applied yet, and milliseconds since the log was last applied to its end. */
  async status(): Promise<{
    state: SearchIndexState;
    behind: number | null;
    caughtUpMsAgo: number | null;
  }> {
    const follower = this.follower;
    return {
      state: this.state,
      behind: follower ? await follower.behind() : null,
      caughtUpMsAgo: follower ? Date.now() - this.caughtUpAt : null,
    };
  }

  /**
   * The index and its cards: caught up with every write committed before this call when at most
   * a search's page of the log is waiting. Rejects with a 503 (`searchStarting`) until the index is built.
   */
  async current(): Promise<{ index: SearchIndex; cards: CardCache }> {
    const follower = this.follower;
    if (!follower) throw searchStarting();
    if (this.catchingUp) return follower;
    if (this.unchangedSinceRead(follower)) {
      this.skipped++;
      return follower;
    }
    return this.caughtUp();
  }

  /**
   * Whether nothing has been committed since the last read that took the log to its end began
   * (SQLite: a read costs the search path a statement and a turn of the connection's queue, a
   * quarter of a search's time under load; PostgreSQL's reads skip their scan on their own).
   */
  private unchangedSinceRead(follower: Follower): boolean {
    const quiet = this.quiet;
    if (!quiet || quiet.follower !== follower || !this.changeStamp) return false;
    return this.changeStamp() === quiet.stamp;
  }

  /** Searches answered without reading the log, nothing having been committed since the last read. */
  get searchesWithoutRead(): number {
    return this.skipped;
  }

  /**
   * Resolves once every write committed before the call is applied, however long the backlog:
   * for a bulk import (or a test) that waits until search shows all it wrote.
   */
  async drain(): Promise<void> {
    await this.whenReady();
    for (;;) {
      // Background work under way may have read the log's end before the caller's writes: a
      // read begun after them follows it, and whatever it leaves to the background is awaited.
      await this.settled();
      await this.caughtUp();
      if (!this.catchingUp && !this.rebuilding) return;
    }
  }

  /** Builds the index the first time; afterwards catches up, prunes the log, and rebuilds. */
  async follow(): Promise<void> {
    if (!this.follower) {
      this.firstBuild ??= this.buildFirst().finally(() => {
        this.firstBuild = null;
      });
      return this.firstBuild;
    }
    if (!this.catchingUp) await this.caughtUp();
    if (++this.catchUps % PRUNE_EVERY === 0) await this.prune();
  }

  /** Stops builds and catch-ups between two reads; the server is closing. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once background work under way, if any, is done. */
  async settled(): Promise<void> {
    await this.rebuilding;
    await this.catchingUp;
  }

  /**
   * Deletes log entries older than LOG_KEPT_MS, but the newest: SQLite numbers a row one past the
   * highest it holds, so an emptied log would number new entries from 1 again, below where every
   * server has read to, and no server would see them. On SQLite it does not wait for another process's
   * write (a bulk import holds the lock for seconds, and better-sqlite3 would wait on the event
   * loop, every request with it): it is skipped then, and done at a later turn. Answers whether
   * it ran.
   */
  async prune(): Promise<boolean> {
    const cutoff = Date.now() - LOG_KEPT_MS;
    if (isPostgres(this.db)) {
      await sql`
        delete from search_log
        where at < to_timestamp(${cutoff / 1000}) and seq < (select max(seq) from search_log)
      `.execute(this.db);
      return true;
    }
    // One connection held throughout: no other statement runs with the shorter wait.
    return this.db.connection().execute(async (connection) => {
      await sql`pragma busy_timeout = 0`.execute(connection);
      try {
        await sql`
          delete from search_log
          where at < ${cutoff} and seq < (select max(seq) from search_log)
        `.execute(connection);
        return true;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'SQLITE_BUSY') return false;
        throw err;
      } finally {
        await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(connection);
      }
    });
  }

  private async buildFirst(): Promise<void> {
    const started = Date.now();
    const restored = await this.restored();
    const follower = restored ?? (await this.newFollower());
    this.follower = follower;
    this.readAt = this.caughtUpAt = Date.now();
    this.markBuilt();
    this.log.info(
      { documents: follower.index.documents, ms: Date.now() - started, snapshot: !!restored },
      restored ? 'search index read from its snapshot' : 'search index built',
    );
  }

  /**
   * The index as the snapshot left it, caught up with the log written since; null when there is
   * no snapshot, or one that cannot be trusted: too old (the log it needs may be pruned), of
   * another database, damaged, or holding other listings than the database once caught up. The
   * index is then built from the documents.
   */
  private async restored(): Promise<Follower | null> {
    if (!this.snapshots) return null;
    try {
      const snapshot = await this.snapshots.read();
      if (!snapshot) return null;
      const age = Date.now() - snapshot.readAt;
      if (!(age >= 0 && age < this.limits.staleAfterMs)) {
        this.log.info({ ageMs: age }, 'search index snapshot too old: building the index');
        return null;
      }
      if ((await lastSeq(this.db)) < snapshot.position.seq) {
        this.log.info('search index snapshot of another database: building the index');
        return null;
      }
      const follower = new Follower(
        this.db,
        this.limits.logPage,
        this.limits.collectEvery,
        () => this.stopped,
        this.cardFigures,
        SearchIndex.from(snapshot.contents),
      );
      follower.resume(snapshot.position);
      await follower.catchUpFully();
      const documents = await countDocuments(this.db);
      if (documents !== follower.index.documents) {
        this.log.info(
          { documents, inSnapshot: follower.index.documents },
          'search index snapshot holds other listings: building the index',
        );
        return null;
      }
      follower.serving();
      return follower;
    } catch (err) {
      if (err instanceof Stopped) throw err;
      this.log.error({ err }, 'search index snapshot unreadable: building the index');
      return null;
    }
  }

  /**
   * Keeps the index in its snapshot file, as it stands at its place in the log: called as the
   * server stops, once the index follows no more (`stop`) and background work is over.
   */
  async saveSnapshot(): Promise<void> {
    const snapshots = this.snapshots;
    if (!snapshots) return;
    this.stop();
    // A catch-up may begin with a page a search read: once none is under way, read is applied.
    // Background work stops at its next step; one stuck on the database does not hold the close.
    const waitUntil = Date.now() + SNAPSHOT_WAIT_MS;
    do {
      const left = waitUntil - Date.now();
      const settled = await Promise.race([
        this.settled().then(() => this.exclusive(async () => true)),
        sleep(Math.max(0, left), false, { ref: false }),
      ]);
      if (!settled) {
        this.log.info('search index busy as the server stops: no snapshot written');
        return;
      }
    } while (this.catchingUp || this.rebuilding);
    await this.exclusive(async () => {
      const follower = this.follower;
      if (!follower) return;
      const started = Date.now();
      try {
        await snapshots.write({
          contents: follower.index.contents(),
          position: follower.position(),
          readAt: this.readAt,
        });
      } catch (err) {
        // The next start builds the index instead: slower, but nothing is lost.
        this.log.error({ err, where: snapshots.where }, 'search index snapshot not written');
        return;
      }
      this.log.info(
        { documents: follower.index.documents, ms: Date.now() - started, where: snapshots.where },
        'search index snapshot written',
      );
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** One catch-up at a time; it answers the follower it brought up to date. */
  private caughtUp(): Promise<Follower> {
    if (!this.running) {
      this.running = this.exclusive(() => this.step()).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A catch-up under way may have read the log before this caller's write: wait for the next.
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.catchingUp && this.follower ? this.follower : this.caughtUp();
      });
    return this.queued;
  }

  /**
   * Applies the log when no more than a search's page is waiting. A longer backlog (a bulk import)
   * is left to the background whole, the page read included: the search is answered from the
   * index as it stands rather than wait while hundreds of documents are read and indexed.
   */
  private async step(): Promise<Follower> {
    const follower = this.follower!;
    if (Date.now() - this.readAt > this.limits.staleAfterMs) {
      // Entries it never read may have been deleted since: start again from the documents.
      this.rebuild();
    }
    // Taken before the read: whatever is committed from here on changes it.
    const stamp = this.changeStamp?.() ?? null;
    const page = await follower.read(this.limits.searchPage);
    this.lastRead = page.rows;
    this.readAt = Date.now();
    if (page.more) this.quiet = null;
    if (page.more && !this.catchingUp) {
      this.catchUpInBackground({ follower, page });
    } else {
      await follower.apply(page);
      if (page.more) this.catchUpInBackground();
      else {
        this.caughtUpAt = this.readAt;
        if (stamp !== null) this.quiet = { follower, stamp };
      }
    }
    const removedAllowed = Math.max(this.limits.rebuildAfterRemoved, follower.index.documents / 4);
    // Removed documents keep their slots; a new index gives the memory back.
    if (follower.index.removed > removedAllowed) this.rebuild();
    return follower;
  }

  /**
   * Applies the log to its end in the background, beginning with a page already read (unless the
   * index it was read for has been replaced meanwhile: the new one reads the log on its own).
   */
  private catchUpInBackground(first?: { follower: Follower; page: LogPage }): void {
    if (this.catchingUp) return;
    // Searches meanwhile are answered from the index as it stands, its newest listings a step later.
    const deferred = this.follower!.index;
    deferred.deferMatching(this.limits.matchStep);
    this.catchingUp = (async () => {
      const pacer = this.pacer();
      if (first) {
        await this.exclusive(async () => {
          if (this.follower === first.follower) {
            await first.follower.apply(first.page, pacer.pause);
          }
        });
        await pacer.pause();
      }
      for (;;) {
        if (this.stopped) throw new Stopped();
        const page = await this.exclusive(async () => {
          const read = await this.follower!.catchUp(this.limits.logPage, pacer.pause);
          this.lastRead = read.rows;
          this.readAt = Date.now();
          if (!read.more) this.caughtUpAt = this.readAt;
          return read;
        });
        if (!page.more) return;
        await pacer.pause();
      }
    })()
      .catch((err: unknown) => this.failed(err, 'search index catch-up failed'))
      .finally(() => {
        this.catchingUp = null;
        deferred.deferMatching(1);
      });
  }

  /** Builds a new index beside the current one, catches it up, and swaps it in. */
  private rebuild(): void {
    if (this.rebuilding) return;
    this.rebuilding = (async () => {
      const pacer = this.pacer();
      const fresh = await this.newFollower(pacer.pause);
      await this.exclusive(async () => {
        const read = await fresh.catchUp(this.limits.logPage, pacer.pause);
        this.follower = fresh;
        this.lastRead = read.rows;
        this.readAt = Date.now();
        if (read.more) this.catchUpInBackground();
        else this.caughtUpAt = this.readAt;
      });
    })()
      .catch((err: unknown) => this.failed(err, 'search index rebuild failed'))
      .finally(() => {
        this.rebuilding = null;
      });
  }

  /** Paces one run of background work (`FollowLimits.pace`). */
  private pacer(): Pacer {
    const { workMs, restMs } = this.limits.pace;
    return new Pacer(workMs, restMs);
  }

  /**
   * A new follower, built and caught up; `between` runs between its steps. The first build runs
   * at full speed: until it is done, search answers 503 while every other route answers.
   */
  private async newFollower(between: Yielder = nextTurn): Promise<Follower> {
    const follower = new Follower(
      this.db,
      this.limits.logPage,
      this.limits.collectEvery,
      () => this.stopped,
      this.cardFigures,
    );
    await follower.build(between);
    await follower.catchUpFully(between);
    // The rows read on the way are garbage now, and the heap grew to hold them.
    collectGarbage();
    follower.serving();
    return follower;
  }

  private failed(err: unknown, message: string): void {
    if (!(err instanceof Stopped)) this.log.error({ err }, message);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory search index: the server's search engine. */
    searchIndex: LiveSearchIndex;
  }
}

/**
 * Makes `app.searchIndex`, the in-memory index: built in the background once the server is
 * ready (every other route answers at once) and followed every FOLLOW_INTERVAL_MS (a job in
 * app.ts).
 */
export function registerSearchIndex(
  app: FastifyInstance,
  snapshots: SnapshotPlace | null,
): LiveSearchIndex {
  const live = new LiveSearchIndex(app.db, app.log, {}, snapshots);
  app.decorate('searchIndex', live);
  return live;
}
