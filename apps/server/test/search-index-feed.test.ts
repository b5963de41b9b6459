import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
} from 'kysely';
import {
  errorResponseSchema,
  healthSchema,
  searchFiltersSchema,
  type Product,
} from '@market/shared';
import { openDatabase } from '../src/db/database.ts';
import { valueWriters } from '../src/db/dialect.ts';
import type { Database } from '../src/db/schema.ts';
import {
  LiveSearchIndex,
  Pacer,
  SEARCH_PAGE,
  STARTING_RETRY_SECONDS,
} from '../src/modules/search/search-index-feed.ts';
import {
  SEARCH_SNAPSHOT_FILE,
  readSnapshot,
  snapshotFile,
  snapshotObject,
  writeSnapshot,
} from '../src/modules/search/search-snapshot.ts';
import { S3Folder } from '../src/lib/file-store.ts';
import { startLocalBucket } from './helpers/local-bucket.ts';
import { parseSearchText } from '../src/modules/search/search-text.ts';
import { buildTestApp, testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, searchNames } from './helpers/market.ts';

/*
 * Each server keeps its search index and result cards in memory and follows the database's
 * search_log (decision 0017). A search must see every write committed before it, made through
 * any server or straight in the database, with the cards as they are now.
 */
const t = useTestApp();
let other: TestApp['app'];
let buyer: TestUser;
let seller: TestUser;
let minute = 0;

const quiet = { info: () => {}, error: () => {} };

/** The log entries of a seller id, as the prune tests write them. */
async function logEntries(db: Kysely<Database>, seller: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from search_log where seller = ${seller}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Fails every read of documents for the index (its build) until `release`, as a database too
 * slow to answer would keep it from being built; the server tries again a second later.
 */
class HeldBuild implements KyselyPlugin {
  private readonly held = new WeakSet<QueryId>();
  private holding = true;
  reads = 0;

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (node.kind === 'RawNode' && node.sqlFragments.join('?').includes('from search_docs d')) {
      this.held.add(queryId);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs) {
    if (this.held.has(queryId) && this.holding) {
      this.reads += 1;
      throw new Error('held');
    }
    return result;
  }

  release() {
    this.holding = false;
  }
}

async function insertListing(
  db: Kysely<Database>,
  name: string,
  category = 'realme',
): Promise<string> {
  const w = valueWriters(db);
  const id = crypto.randomUUID();
  minute += 1;
  await db
    .insertInto('products')
    .values({
      id,
      sellerId: seller.id,
      category,
      name,
      imgUrl: '/demo/iphone-1.webp',
      originalPriceCents: 50_000,
      resellPriceCents: 20_000,
      yearOfPurchase: 2022,
      condition: 'good',
      description: '',
      location: 'Dhaka',
      advertised: w.bool(false),
      postedAt: w.date(new Date(Date.UTC(2026, 1, 1) + minute * 60_000)),
      status: 'available',
    })
    .execute();
  return id;
}

async function cards(app: TestApp['app'], q: string): Promise<Product[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: buyer.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Product[]>();
}

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
  // A second server on the same database, as behind a load balancer.
  const { buildApp } = await import('../src/app.ts');
  other = await buildApp(t.config, { database: t.db.handle, serveWeb: false });
  await other.ready();
});

afterAll(async () => {
  await other?.close();
});

describe(`the in-memory search index on ${testDbKind}`, () => {
  it('is built in the background once the server is ready, and health says so', async () => {
    await other.searchIndex!.whenReady();
    expect(t.app.searchIndex.ready).toBe(true);
    expect(other.searchIndex.ready).toBe(true);
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const { search } = healthSchema.parse(res.json());
    expect(search).toEqual({ state: 'ready', behind: 0, caughtUpMsAgo: expect.any(Number) });
    expect(search!.caughtUpMsAgo).toBeLessThan(60_000);
  });

  it('collects the garbage of a build once it is done, when the server may (--expose-gc)', async () => {
    const exposed = globalThis.gc;
    const gc = vi.fn();
    globalThis.gc = gc as unknown as NodeJS.GCFunction;
    try {
      const live = new LiveSearchIndex(t.app.db, quiet);
      const building = live.follow();
      expect(gc).not.toHaveBeenCalled();
      await building;
      expect(gc).toHaveBeenCalledTimes(1);
      live.stop();
    } finally {
      globalThis.gc = exposed;
    }
  });

  it('collects garbage while an index is built, not while it answers searches', async () => {
    const exposed = globalThis.gc;
    const gc = vi.fn();
    globalThis.gc = gc as unknown as NodeJS.GCFunction;
    try {
      // One collection every document read while it is built, and one once it is built.
      await insertListing(t.app.db, 'Tecno collected first');
      const live = new LiveSearchIndex(t.app.db, quiet, { collectEvery: 1 });
      await live.follow();
      const before = (await live.current()).index.documents;
      const built = gc.mock.calls.length;
      expect(built).toBeGreaterThan(1);
      await insertListing(t.app.db, 'Tecno collected later');
      await insertListing(t.app.db, 'Tecno collected later too');
      // Both read and applied, and no collection for them.
      expect((await live.current()).index.documents).toBe(before + 2);
      expect(gc).toHaveBeenCalledTimes(built);
      live.stop();
    } finally {
      globalThis.gc = exposed;
    }
  });

  it('answers 503 "starting" to searches until the index is built, and every other route at once', async () => {
    const id = await insertListing(t.app.db, 'Nokia starter');
    const held = new HeldBuild();
    const { buildApp } = await import('../src/app.ts');
    const handle = { ...t.db.handle, db: t.db.handle.db.withPlugin(held) };
    const starting = await buildApp(t.config, { database: handle, serveWeb: false });
    try {
      await expect.poll(() => held.reads).toBeGreaterThan(0);
      expect(starting.searchIndex!.ready).toBe(false);
      for (const url of [
        '/api/search?q=nokia',
        '/api/search/facets?q=nokia',
        '/api/search?q=nokia&location=Dhaka',
      ]) {
        const res = await starting.inject({ url, headers: buyer.headers });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe(String(STARTING_RETRY_SECONDS));
        expect(errorResponseSchema.parse(res.json())).toEqual({
          error: {
            code: 'SEARCH_STARTING',
            message: 'Search is starting: try again in a few seconds',
            reason: 'offers.search.starting',
            requestId: res.headers['x-request-id'],
          },
        });
      }
      // The server is alive, and its other routes answer.
      const health = await starting.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(healthSchema.parse(health.json()).search).toEqual({
        state: 'starting',
        behind: null,
        caughtUpMsAgo: null,
      });
      const listed = await starting.inject({ url: '/api/products/realme', headers: buyer.headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<Product[]>().map((p) => p.name)).toContain('Nokia starter');

      held.release();
      await starting.searchIndex!.whenReady();
      const res = await starting.inject({ url: '/api/search?q=nokia', headers: buyer.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<Product[]>().map((p) => p.name)).toEqual(['Nokia starter']);
    } finally {
      held.release();
      await starting.close();
      await t.app.db.deleteFrom('products').where('id', '=', id).execute();
    }
  });

  it('applies all of a background backlog paced to rest after every step', async () => {
    const live = new LiveSearchIndex(t.app.db, quiet, {
      logPage: 2,
      // Rests after every step: the backlog goes on only between turns the loop gave away.
      pace: { workMs: 0, restMs: 1 },
      matchStep: 4,
    });
    await live.follow();
    const ids: string[] = [];
    try {
      const deferred = vi.spyOn((await live.current()).index, 'deferMatching');
      for (let n = 1; n <= 9; n++) ids.push(await insertListing(t.app.db, `Pixel paced ${n}`));
      await live.current();
      expect(live.state).toBe('catching_up');
      // Searches' kept matches take the backlog's listings in steps while it is applied...
      expect(deferred.mock.calls).toEqual([[4]]);
      await live.settled();
      // ...and each listing at once again after.
      expect(deferred.mock.calls).toEqual([[4], [1]]);
      const { index } = await live.current();
      const terms = index.resolveTerms([[[{ word: 'paced', prefix: true }]]]);
      expect(index.count(terms, { q: '', location: undefined }, 100).count).toBe(9);
    } finally {
      live.stop();
      await t.app.db.deleteFrom('products').where('id', 'in', ids).execute();
    }
  });

  it('applies up to a page of the log on the way of a search, and a longer backlog in the background', async () => {
    const live = new LiveSearchIndex(t.app.db, quiet, { logPage: 4 });
    await live.follow();
    const count = async (word: string) => {
      const { index } = await live.current();
      const terms = index.resolveTerms([[[{ word, prefix: true }]]]);
      return index.count(terms, { q: '', location: undefined }, 100).count;
    };
    // Within a page: the next search sees every write before it.
    for (const n of [1, 2, 3]) await insertListing(t.app.db, `Pixel within ${n}`);
    expect(await count('within')).toBe(3);
    expect(live.state).toBe('ready');
    // Longer: the search is answered from the index as it stands; the backlog, the page it read
    // included, follows in the background.
    const ids: string[] = [];
    try {
      for (let n = 1; n <= 12; n++) ids.push(await insertListing(t.app.db, `Pixel beyond ${n}`));
      // Nothing reads the log until the next search: the whole backlog is waiting.
      expect((await live.status()).behind).toBe(12);
      expect(await count('beyond')).toBe(0);
      expect(live.lastLogRead).toBe(5);
      // Told before the search's answer reached its caller, before any further read could end.
      expect(live.state).toBe('catching_up');
      await live.settled();
      expect(live.state).toBe('ready');
      expect(await count('beyond')).toBe(12);
      expect((await live.status()).behind).toBe(0);
    } finally {
      live.stop();
      await t.app.db.deleteFrom('products').where('id', 'in', ids).execute();
    }
  });

  it('answers a search during a bulk import without applying any of it on its way', async () => {
    const live = new LiveSearchIndex(t.app.db, quiet);
    await live.follow();
    const w = valueWriters(t.app.db);
    const ids = Array.from({ length: 1_200 }, () => crypto.randomUUID());
    try {
      // One import, committed at once: more than a search applies on its way (SEARCH_PAGE).
      await t.app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < ids.length; i += 400) {
          await trx
            .insertInto('products')
            .values(
              ids.slice(i, i + 400).map((id, j) => ({
                id,
                sellerId: seller.id,
                category: 'realme',
                name: `Imported handset ${i + j}`,
                imgUrl: '/demo/iphone-1.webp',
                originalPriceCents: 50_000,
                resellPriceCents: 20_000,
                yearOfPurchase: 2022,
                condition: 'good' as const,
                description: '',
                location: 'Dhaka',
                advertised: w.bool(false),
                postedAt: w.date(new Date(Date.UTC(2026, 2, 1) + (i + j) * 1_000)),
                status: 'available' as const,
              })),
            )
            .execute();
        }
      });
      const count = async () => {
        const { index } = await live.current();
        const terms = index.resolveTerms([[[{ word: 'imported', prefix: false }]]]);
        return index.count(terms, { q: '', location: undefined }, 10_000).count;
      };
      const first = await count();
      // The search read one page of the log (and one entry more, to know more were waiting),
      // applied none of it, and was answered from the index as it stood...
      expect(live.lastLogRead).toBe(SEARCH_PAGE + 1);
      expect(first).toBe(0);
      // ...while the import follows in the background, the page read first.
      expect(live.state).toBe('catching_up');
      const during = await count();
      expect(during).toBeGreaterThanOrEqual(0);
      expect(during).toBeLessThanOrEqual(ids.length);
      await live.drain();
      expect(await count()).toBe(ids.length);
      expect(live.state).toBe('ready');
    } finally {
      live.stop();
      await t.app.db.deleteFrom('products').where('id', 'in', ids).execute();
      // The servers of the other tests follow the same log: they apply the import and its removal.
      await Promise.all([t.app.searchIndex.drain(), other.searchIndex.drain()]);
    }
  });

  it('answers searches, facets and searches by location from the index', async () => {
    const kept = async () => (await t.app.searchIndex!.current()).index.wordSets;
    const before = await kept();
    await searchNames(t, buyer, 'q=quasar');
    expect(await kept()).toBe(before + 1);
    const facets = await call(t, buyer, 'GET', '/api/search/facets?q=nebula');
    expect(facets.statusCode).toBe(200);
    expect(await kept()).toBe(before + 2);
    // The area's words are the index's too: the words' matches are kept, and those in the area.
    await searchNames(t, buyer, 'q=pulsar&location=Dhaka');
    expect(await kept()).toBe(before + 4);
  });

  it('sees a listing added, sold or deleted through another server in its next search', async () => {
    const id = await insertListing(other.db, 'Lumia orbit');
    expect(await searchNames(t, buyer, 'q=lumia')).toEqual(['Lumia orbit']);
    await other.db.updateTable('products').set({ status: 'sold' }).where('id', '=', id).execute();
    expect(await searchNames(t, buyer, 'q=lumia')).toEqual([]);
    await other.db
      .updateTable('products')
      .set({ status: 'available' })
      .where('id', '=', id)
      .execute();
    expect((await cards(other, 'lumia')).map((p) => p._id)).toEqual([id]);
    await t.app.db.deleteFrom('products').where('id', '=', id).execute();
    expect(await cards(other, 'lumia')).toEqual([]);
  });

  it.runIf(testDbKind === 'sqlite')(
    'answers searches without a read of the log while nothing is committed, and reads it after a write of its own process or of another',
    async () => {
      const live = t.app.searchIndex!;
      await live.drain();
      // One search reads the log to its end; those after it have nothing new to read. The
      // server's own jobs may write meanwhile (each write makes the next search read): most skip.
      await searchNames(t, buyer, 'q=nokia');
      const skippedBefore = live.searchesWithoutRead;
      for (let i = 0; i < 10; i++) await searchNames(t, buyer, `q=nokia&maxPrice=${100 + i}`);
      expect(live.searchesWithoutRead - skippedBefore).toBeGreaterThanOrEqual(8);

      // A write on the server's own connection, right after a search that read nothing.
      const own = await insertListing(t.app.db, 'Nokia quietly listed');
      expect(await searchNames(t, buyer, 'q=nokia%20quietly')).toEqual(['Nokia quietly listed']);

      // A write by another connection (another process, as a bulk import is).
      await searchNames(t, buyer, 'q=nokia');
      const elsewhere = openDatabase({ sqliteFile: t.config.sqliteFile });
      try {
        const theirs = await insertListing(elsewhere.db, 'Nokia listed elsewhere');
        expect(await searchNames(t, buyer, 'q=nokia%20elsewhere')).toEqual([
          'Nokia listed elsewhere',
        ]);
        await elsewhere.db.deleteFrom('products').where('id', '=', theirs).execute();
        expect(await searchNames(t, buyer, 'q=nokia%20elsewhere')).toEqual([]);
      } finally {
        await elsewhere.close();
      }
      // A write that answers rows (RETURNING) is a write too.
      await searchNames(t, buyer, 'q=nokia');
      const sold = await t.app.db
        .updateTable('products')
        .set({ status: 'sold' })
        .where('id', '=', own)
        .returning('id')
        .execute();
      expect(sold).toEqual([{ id: own }]);
      expect(await searchNames(t, buyer, 'q=nokia%20quietly')).toEqual([]);
      await t.app.db.deleteFrom('products').where('id', '=', own).execute();
    },
  );

  it('shows a card as it is now: its price, its area, its seller', async () => {
    const id = await insertListing(t.app.db, 'Xperia dune');
    // Both servers keep the card.
    expect((await cards(t.app, 'xperia'))[0]!.resellPrice).toBe(200);
    expect((await cards(other, 'xperia'))[0]!.location).toBe('Dhaka');
    await t.app.db
      .updateTable('products')
      .set({ resellPriceCents: 17_500, location: 'Khulna', imgUrl: '/demo/iphone-2.webp' })
      .where('id', '=', id)
      .execute();
    for (const app of [t.app, other]) {
      const [card] = await cards(app, 'xperia');
      expect(card).toMatchObject({ resellPrice: 175, location: 'Khulna' });
      expect(card!.imgURL).toContain('iphone-2');
    }
    await t.app.db
      .updateTable('users')
      .set({ name: 'Renamed Seller', isVerifiedUser: valueWriters(t.app.db).bool(true) })
      .where('id', '=', seller.id)
      .execute();
    await t.app.db
      .insertInto('seller_stats')
      .values({ sellerId: seller.id, ratingSum: 9, ratingCount: 2 })
      .onConflict((oc) => oc.column('sellerId').doUpdateSet({ ratingSum: 9, ratingCount: 2 }))
      .execute();
    for (const app of [t.app, other]) {
      const [card] = await cards(app, 'xperia');
      expect(card).toMatchObject({
        userName: 'Renamed Seller',
        sellerVerified: true,
        sellerRating: { average: 4.5, count: 2 },
      });
    }
    expect(await searchNames(t, buyer, 'q=xperia&verified=true')).toEqual(['Xperia dune']);
  });

  // Only PostgreSQL commits transactions out of the order they wrote in (SQLite has one writer at
  // a time), so the test exists on PostgreSQL alone rather than showing as skipped on SQLite.
  const postgresOnly = testDbKind === 'postgres' ? it : () => undefined;
  postgresOnly(
    'sees a write whose transaction began before a later one that committed first',
    async () => {
      let inserted!: () => void;
      let commit!: () => void;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      const held = new Promise<void>((resolve) => (commit = resolve));
      // Each new word and each brand's count is a row locked until commit: the two share only
      // words already indexed, and not their brand.
      const base = await insertListing(t.app.db, 'Moto base');
      await t.app.db.deleteFrom('products').where('id', '=', base).execute();
      const slow = t.app.db.transaction().execute(async (trx) => {
        await insertListing(trx, 'Moto slowpoke');
        inserted();
        await held;
      });
      await written;
      // Written after the slow one and committed before it: its log entry has a higher seq.
      await insertListing(t.app.db, 'Moto quick', 'samsung');
      expect(await searchNames(t, buyer, 'q=moto')).toEqual(['Moto quick']);
      commit();
      await slow;
      expect((await searchNames(t, buyer, 'q=moto')).sort()).toEqual([
        'Moto quick',
        'Moto slowpoke',
      ]);
    },
  );

  postgresOnly(
    'reads a bounded part of the log while a transaction is held open, and sees it when it commits',
    async () => {
      const live = new LiveSearchIndex(t.app.db, quiet);
      await live.follow();
      const names = async () => {
        const { index } = await live.current();
        const terms = index.resolveTerms([[[{ word: 'honor', prefix: true }]]]);
        return index.count(terms, { q: '', location: undefined }, 100).count;
      };
      // The held transaction locks the rows of words it adds and its brand's count: the words
      // are indexed first, and the later listings are of another brand.
      const base = await insertListing(t.app.db, 'Honor held after later');
      await t.app.db.deleteFrom('products').where('id', '=', base).execute();
      let inserted!: () => void;
      let commit!: () => void;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      const held = new Promise<void>((resolve) => (commit = resolve));
      const slow = t.app.db.transaction().execute(async (trx) => {
        await insertListing(trx, 'Honor held', 'samsung');
        inserted();
        await held;
      });
      await written;
      const ids = [];
      for (let n = 1; n <= 40; n++) ids.push(await insertListing(t.app.db, 'Honor after'));
      expect(await names()).toBe(40);
      expect(live.lastLogRead).toBeGreaterThanOrEqual(40);
      // Each later read takes what was written since, not everything since the held one began.
      ids.push(await insertListing(t.app.db, 'Honor later'));
      expect(await names()).toBe(41);
      expect(live.lastLogRead).toBeGreaterThan(0);
      expect(live.lastLogRead).toBeLessThanOrEqual(3);
      expect(await names()).toBe(41);
      expect(live.lastLogRead).toBe(0);
      // Nothing committed or begun since: the read scans nothing, not even the held entries. (A
      // write of the test's servers' own may come between two reads: a few pairs are tried.)
      let unchanged = false;
      for (let i = 0; i < 5 && !unchanged; i++) {
        await names();
        const before = live.unchangedLogReads;
        expect(await names()).toBe(41);
        unchanged = live.unchangedLogReads === before + 1;
      }
      expect(unchanged).toBe(true);
      commit();
      await slow;
      // The held transaction ended: the next read scans, and finds its entry.
      const before = live.unchangedLogReads;
      expect(await names()).toBe(42);
      expect(live.unchangedLogReads).toBe(before);
      live.stop();
      await t.app.db.deleteFrom('products').where('name', 'like', 'Honor%').execute();
    },
  );

  it('deletes log entries older than an hour', async () => {
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    const at = testDbKind === 'postgres' ? sql`${old}` : sql`${old.getTime()}`;
    await sql`insert into search_log (seller, at) values ('gone-seller', ${at})`.execute(t.app.db);
    const since = await insertListing(t.app.db, 'Symphony written since');
    const count = () => logEntries(t.app.db, 'gone-seller');
    expect(await count()).toBe(1);
    expect(await t.app.searchIndex!.prune()).toBe(true);
    expect(await count()).toBe(0);
    await t.app.db.deleteFrom('products').where('id', '=', since).execute();
  });

  it('keeps the newest entry however old, so that a write after an idle hour is still seen', async () => {
    // More entries than a listing writes: numbered from 1 again, its entries would come below.
    for (let i = 0; i < 10; i++) {
      await sql`insert into search_log (seller, at) values ('idle-seller', ${testDbKind === 'postgres' ? sql`now()` : sql`${Date.now()}`})`.execute(
        t.app.db,
      );
    }
    const live = new LiveSearchIndex(t.app.db, quiet);
    await live.follow();
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    const at = testDbKind === 'postgres' ? sql`${old}` : sql`${old.getTime()}`;
    // An hour without a write: every entry is old.
    await sql`update search_log set at = ${at}`.execute(t.app.db);
    await live.current();
    expect(await live.prune()).toBe(true);
    const left = await sql<{ n: number | string; seq: number | string }>`
      select count(*) as n, max(seq) as seq from search_log
    `.execute(t.app.db);
    expect(Number(left.rows[0]!.n)).toBe(1);
    // SQLite would number the next entry 1 in an emptied log, below where the server has read.
    const idle = await insertListing(t.app.db, 'Walton after an idle hour');
    const { rows } = await sql<{
      seq: number | string;
    }>`select max(seq) as seq from search_log`.execute(t.app.db);
    expect(Number(rows[0]!.seq)).toBeGreaterThan(Number(left.rows[0]!.seq));
    const { index } = await live.current();
    const found = index.page(
      parseSearchText('walton idle'),
      searchFiltersSchema.parse({}),
      'newest',
      null,
      5,
    );
    expect(found).toHaveLength(1);
    live.stop();
    await t.app.db.deleteFrom('products').where('id', '=', idle).execute();
  });

  it.runIf(testDbKind === 'sqlite')(
    'skips pruning while another process writes, rather than hold every request, and prunes later',
    async () => {
      const old = new Date(Date.now() - 2 * 60 * 60_000).getTime();
      await sql`insert into search_log (seller, at) values ('held-seller', ${old})`.execute(
        t.app.db,
      );
      const since = await insertListing(t.app.db, 'Symphony written after it');
      const count = () => logEntries(t.app.db, 'held-seller');
      // A bulk import in another process holds SQLite's write lock.
      const importer = new SQLite(t.config.sqliteFile);
      importer.exec('begin immediate');
      try {
        expect(await t.app.searchIndex!.prune()).toBe(false);
        expect(await count()).toBe(1);
        // The server's other writes still wait for the lock as before.
        expect(
          (await sql<{ timeout: number }>`pragma busy_timeout`.execute(t.app.db)).rows[0]?.timeout,
        ).toBe(5_000);
      } finally {
        importer.exec('commit');
        importer.close();
      }
      expect(await t.app.searchIndex!.prune()).toBe(true);
      expect(await count()).toBe(0);
      await t.app.db.deleteFrom('products').where('id', '=', since).execute();
    },
  );

  it('builds itself again when many documents were removed, and when it fell behind', async () => {
    const live = new LiveSearchIndex(t.app.db, quiet, {
      staleAfterMs: 60_000,
      rebuildAfterRemoved: 2,
    });
    await live.follow();
    const ids = [];
    for (const name of ['Oppo one', 'Oppo two', 'Oppo three', 'Oppo four']) {
      ids.push(await insertListing(t.app.db, name));
    }
    await live.current();
    await t.app.db.deleteFrom('products').where('id', 'in', ids.slice(0, 3)).execute();
    expect((await live.current()).index.removed).toBeGreaterThan(2);
    // Built beside the current index and swapped in when caught up.
    expect(live.state).toBe('rebuilding');
    await live.settled();
    const { index } = await live.current();
    expect(index.removed).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*) as n from search_docs`.execute(
      t.app.db,
    );
    expect(index.documents).toBe(Number(rows[0]!.n));

    // A server that could not read the log for longer than entries are kept starts again from
    // the documents: here the entries of a change are deleted before it reads them.
    const behind = new LiveSearchIndex(t.app.db, quiet, {
      staleAfterMs: 0,
      rebuildAfterRemoved: 10_000,
    });
    await behind.follow();
    await t.app.db
      .updateTable('products')
      .set({ name: 'Oppo renamed' })
      .where('id', '=', ids[3]!)
      .execute();
    await sql`delete from search_log`.execute(t.app.db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Answered from the index as it stands while a new one is built in the background.
    const renamed = async () => {
      const { index } = await behind.current();
      const terms = index.resolveTerms([[[{ word: 'renamed', prefix: true }]]]);
      return index.count(terms, { q: '', location: undefined }, 10).count;
    };
    expect(await renamed()).toBe(0);
    expect(behind.state).toBe('rebuilding');
    await behind.settled();
    expect(await renamed()).toBe(1);
    live.stop();
    behind.stop();
    await behind.settled();
  });
});

describe('the pacer of background work', () => {
  it('gives a turn while under its work time, and rests its rest time once past it', async () => {
    let now = 0;
    const waits: number[] = [];
    const pacer = new Pacer(
      10,
      7,
      () => now,
      async (ms) => void waits.push(ms),
    );
    now = 4;
    await pacer.pause();
    now = 9;
    await pacer.pause();
    expect(waits).toEqual([]);
    now = 10;
    await pacer.pause();
    expect(waits).toEqual([7]);
    expect(pacer.rests).toBe(1);
    // The work time counts again from the end of the rest.
    now = 15;
    await pacer.pause();
    expect(waits).toEqual([7]);
    now = 21;
    await pacer.pause();
    expect(waits).toEqual([7, 7]);
    expect(pacer.rests).toBe(2);
  });
});

describe(`the search index's snapshot on ${testDbKind}`, () => {
  /** A logger that keeps what it was told. */
  function recorder() {
    const said: string[] = [];
    return {
      said,
      log: { info: (...args: unknown[]) => said.push(String(args.at(-1))), error: quiet.error },
    };
  }
  const file = () => path.join(t.config.dataDir, `snapshot-${crypto.randomUUID()}`);
  const docidsFor = async (live: LiveSearchIndex, q: string) =>
    (await live.current()).index
      .page(parseSearchText(q), searchFiltersSchema.parse({}), 'newest', null, 50)
      .map((entry) => entry.docid);

  it('is written as the server stops, and read back at the next start with the log written since', async () => {
    const kept = file();
    const first = new LiveSearchIndex(t.app.db, quiet, {}, snapshotFile(kept));
    await first.follow();
    await insertListing(t.app.db, 'Lava kept whole');
    const removed = await insertListing(t.app.db, 'Lava kept then removed');
    await first.current();
    await first.saveSnapshot();
    expect(fs.existsSync(kept)).toBe(true);

    // Written while no server ran: a new listing, and one taken down.
    await insertListing(t.app.db, 'Lava written since');
    await t.app.db.deleteFrom('products').where('id', '=', removed).execute();

    const { said, log } = recorder();
    const second = new LiveSearchIndex(t.app.db, log, {}, snapshotFile(kept));
    await second.follow();
    expect(said).toContain('search index read from its snapshot');
    const built = new LiveSearchIndex(t.app.db, quiet);
    await built.follow();
    expect((await second.current()).index.documents).toBe((await built.current()).index.documents);
    expect(await docidsFor(second, 'lava')).toEqual(await docidsFor(built, 'lava'));
    expect(await docidsFor(second, 'lava')).toHaveLength(2);
    // It follows the log from there on, as a built one does.
    await insertListing(t.app.db, 'Lava after the start');
    expect(await docidsFor(second, 'lava')).toHaveLength(3);
    second.stop();
    built.stop();
  });

  it('is not read when too old, damaged, or of a log that does not reach it: the index is built', async () => {
    const kept = file();
    const first = new LiveSearchIndex(t.app.db, quiet, {}, snapshotFile(kept));
    await first.follow();
    await first.saveSnapshot();
    const expected = (await first.current()).index.documents;
    const startWith = async (limits: ConstructorParameters<typeof LiveSearchIndex>[2] = {}) => {
      const { said, log } = recorder();
      const live = new LiveSearchIndex(t.app.db, log, limits, snapshotFile(kept));
      await live.follow();
      expect((await live.current()).index.documents).toBe(expected);
      live.stop();
      return said;
    };

    // Older than the log is surely kept for.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await startWith({ staleAfterMs: 1 })).toEqual([
      'search index snapshot too old: building the index',
      'search index built',
    ]);

    // A byte changed in the middle.
    const bytes = fs.readFileSync(kept);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    fs.writeFileSync(kept, damaged);
    const errors: unknown[] = [];
    const live = new LiveSearchIndex(
      t.app.db,
      { info: () => {}, error: (...args: unknown[]) => errors.push(args.at(-1)) },
      {},
      snapshotFile(kept),
    );
    await live.follow();
    expect(errors).toEqual(['search index snapshot unreadable: building the index']);
    expect((await live.current()).index.documents).toBe(expected);
    live.stop();

    // Cut short.
    fs.writeFileSync(kept, bytes.subarray(0, bytes.length - 100));
    expect(await startWith()).toEqual(['search index built']);

    // A place past the log's end: another database's snapshot (or a database restored since).
    const snapshot = (await readSnapshotFile(bytes))!;
    await writeSnapshot(kept, {
      ...snapshot,
      position: { ...snapshot.position, seq: snapshot.position.seq + 1_000_000 },
    });
    expect(await startWith()).toEqual([
      'search index snapshot of another database: building the index',
      'search index built',
    ]);
  });

  describe('in the bucket, when one is configured', () => {
    let bucket: Awaited<ReturnType<typeof startLocalBucket>>;
    beforeAll(async () => {
      bucket = await startLocalBucket('market-search');
    });
    afterAll(async () => {
      await bucket?.close();
    });
    const s3 = (name = bucket.bucket) => ({
      bucket: name,
      endpoint: bucket.endpoint,
      region: 'us-east-1',
      ...bucket.credentials,
      forcePathStyle: true,
    });
    /** A place in the bucket, passing through a folder of its own, as another instance's. */
    const inBucket = (folder: S3Folder) => {
      const scratch = fs.mkdtempSync(path.join(t.config.dataDir, 'scratch-'));
      return { scratch, place: snapshotObject(folder, SEARCH_SNAPSHOT_FILE, scratch) };
    };

    it("is read by another instance's start, and leaves no file behind", async () => {
      const folder = new S3Folder(s3(), 'search/');
      try {
        const writer = inBucket(folder);
        const first = new LiveSearchIndex(t.app.db, quiet, {}, writer.place);
        await first.follow();
        await insertListing(t.app.db, 'Zircon in the bucket');
        await first.current();
        await first.saveSnapshot();
        const stored = await folder.get(SEARCH_SNAPSHOT_FILE);
        expect(stored).not.toBeNull();
        stored!.body.destroy();
        expect(writer.place.where).toBe("the bucket's search/search-index.snapshot");

        await insertListing(t.app.db, 'Zircon written since');
        const reader = inBucket(folder);
        const { said, log } = recorder();
        const second = new LiveSearchIndex(t.app.db, log, {}, reader.place);
        await second.follow();
        expect(said).toContain('search index read from its snapshot');
        const built = new LiveSearchIndex(t.app.db, quiet);
        await built.follow();
        expect(await docidsFor(second, 'zircon')).toHaveLength(2);
        expect(await docidsFor(second, 'zircon')).toEqual(await docidsFor(built, 'zircon'));
        // The object passed through each instance's folder and was not left there.
        expect(fs.readdirSync(writer.scratch)).toEqual([]);
        expect(fs.readdirSync(reader.scratch)).toEqual([]);
        second.stop();
        built.stop();
      } finally {
        folder.close();
      }
    });

    it('builds the index when the bucket holds none, and says so when one cannot be written', async () => {
      const missing = new S3Folder(s3('no-such-bucket'), 'search/');
      try {
        const errors: unknown[] = [];
        const said: unknown[] = [];
        const live = new LiveSearchIndex(
          t.app.db,
          {
            info: (...args: unknown[]) => said.push(args.at(-1)),
            error: (...args: unknown[]) => errors.push(args.at(-1)),
          },
          {},
          inBucket(missing).place,
        );
        await live.follow();
        // The store answers 404 for a bucket it does not have, as for an object: none to read.
        expect(errors).toEqual([]);
        expect(said).toEqual(['search index built']);
        await live.saveSnapshot();
        // The close goes on; the next start builds the index.
        expect(errors).toEqual(['search index snapshot not written']);
      } finally {
        missing.close();
      }
      const empty = new S3Folder(s3(), 'nothing-here/');
      try {
        const { said, log } = recorder();
        const live = new LiveSearchIndex(t.app.db, log, {}, inBucket(empty).place);
        await live.follow();
        expect(said).toEqual(['search index built']);
        live.stop();
      } finally {
        empty.close();
      }
    });

    it('is where the app keeps its snapshot at close, rather than DATA_DIR', async () => {
      const built = await buildTestApp({ env: { ...bucket.env, SEARCH_SNAPSHOT: 'true' } });
      try {
        await built.app.close();
        expect(fs.existsSync(path.join(built.config.dataDir, SEARCH_SNAPSHOT_FILE))).toBe(false);
        const folder = new S3Folder(s3(), 'search/');
        try {
          const stored = await folder.get(SEARCH_SNAPSHOT_FILE);
          expect(stored?.size).toBeGreaterThan(0);
          stored?.body.destroy();
        } finally {
          folder.close();
        }
      } finally {
        await built.db.destroy();
      }
    });
  });

  it('is written at close by the app, and not at all with SEARCH_SNAPSHOT=false', async () => {
    expect(t.config.searchSnapshot).toBe(true);
    for (const enabled of [true, false]) {
      const built = await buildTestApp({ env: { SEARCH_SNAPSHOT: String(enabled) } });
      try {
        await built.app.close();
        const written = path.join(built.config.dataDir, SEARCH_SNAPSHOT_FILE);
        expect(fs.existsSync(written)).toBe(enabled);
      } finally {
        await built.db.destroy();
      }
    }
  });
});

/** A snapshot file's contents read back from its bytes. */
async function readSnapshotFile(bytes: Buffer) {
  const copy = path.join(t.config.dataDir, `copy-${crypto.randomUUID()}`);
  fs.writeFileSync(copy, bytes);
  return readSnapshot(copy);
}
