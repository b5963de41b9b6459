/**
 * npm run bench:scale -- [--sizes 1000,100000,1000000] [--db sqlite|postgres] [--quick]
 *
 * The category page (page 1 and a deep page) at several catalogue sizes: latency and requests
 * per second per size, to show that listing cost does not grow with the catalogue. Then search at
 * each size: two words and a price filter, every request a different query (no answer is cached),
 * its facets, and suggestions as one types.
 *
 * First, at each size, the start: how long after the server is launched health, the home page,
 * a sign-in and a booking request answer (the search index is built in the background), what
 * search answers meanwhile (503 "starting"), and when it answers results. After the loads, the
 * same for a restart, which reads back the search index the stop kept in DATA_DIR.
 *
 * Speeds are also given as a share of a bare Fastify server's (the ceiling, under plain node, at
 * the same 50 connections), measured right before and right after each size's loads: this
 * machine's own speed moves a lot from hour to hour, and the share moves far less.
 *
 * Last, at the largest size (unless --no-import): a bulk import of 100,000 listings into the
 * running server's database while 50 connections search, how search answered meanwhile, and how
 * long the index took to catch up once the import had committed.
 */
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { getCategoryProducts } from '../apps/server/src/modules/catalog/catalog.service.ts';
import { CategoryPageAnchors } from '../apps/server/src/modules/catalog/page-anchors.ts';
import { SearchCursors } from '../apps/server/src/modules/search/search-cursor.ts';
import { LiveSearchIndex } from '../apps/server/src/modules/search/search-index-feed.ts';
import {
  searchFacets,
  searchProducts,
  suggestNames,
  withOrigin,
} from '../apps/server/src/modules/search/search.service.ts';
import { loadGazetteer } from '../apps/server/src/modules/places/public.ts';
import { searchQuerySchema, type SearchQuery } from '@market/shared';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';
import type { LoadOrder, LoadReport } from './load-process.ts';
import {
  buildProduct,
  measure,
  prepareDatabase,
  printTable,
  signIn,
  startCeiling,
  startProduct,
  writeResults,
  type Measurement,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    db: { type: 'string', default: 'sqlite' },
    quick: { type: 'boolean', default: false },
    'no-import': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
const seconds = values.quick ? 3 : 10;
const warmup = values.quick ? 1 : 3;
const rows: Measurement[] = [];
const queries: Array<{ size: number; page1Ms: number; deepColdMs: number; deepWarmMs: number }> =
  [];
const searchQueries: Array<{ size: number; what: string; p50Ms: number; p99Ms: number }> = [];
interface StartTimes {
  size: number;
  /** The first start builds the search index; a restart reads the snapshot the stop wrote. */
  start: 'first' | 'restart';
  /**
   * The server's resident memory once search answers, its peak until then (the index's build),
   * and its peak after the loads, in MB.
   */
  rssReadyMb: number;
  rssBuildPeakMb: number;
  rssPeakMb: number;
  /** The server's own figures after the loads (first start only: the restart has no metrics token). */
  afterLoads?: ServerFigures;
  healthMs: number;
  homeMs: number;
  signInMs: number;
  bookingMs: number;
  bookingStatus: number;
  firstSearchStatus: number;
  searchReadyMs: number;
}
const starts: StartTimes[] = [];
interface ImportUnderLoad {
  size: number;
  imported: number;
  importMs: number;
  search: Measurement;
  /** The server's longest event-loop delay from the import's start until the index caught up. */
  eventLoopMaxMs: number;
  /** The slowest search answered during the import, as the load generator timed it. */
  maxMs: number;
  /** The load generator's own longest event-loop delay meanwhile: it counts in its latencies. */
  loadLoopMaxMs: number;
  /** The five slowest searches over 100 ms, and when each was answered, in seconds from the import's start. */
  slowest: Array<{ ms: number; atSeconds: number }>;
  /** Searches over 100 ms as the load generator timed them. */
  over100ms: number;
  /** Searches the server itself took over 100 ms to answer during the import. */
  serverOver100ms: number;
  catchUpMs: number;
  /** Result cards the searches during the import were answered with, and how many were read from the database. */
  cards: number;
  cardsRead: number;
  /** The server's garbage collections over 10 ms and over 100 ms during the import and catch-up. */
  gcOver10ms: number;
  gcOver100ms: number;
}
const imports: ImportUnderLoad[] = [];
/** Listings the import adds while search is under load. */
const IMPORTED = 100_000;

const sinceMs = (from: number) => Math.round(performance.now() - from);

/**
 * Launches the product and times, from the launch, the first answers of health, the home page, a
 * sign-in and a booking request, then asks for a search until it answers results.
 */
async function measureStart(
  env: Record<string, string>,
  size: number,
  start: StartTimes['start'] = 'first',
) {
  const launched = performance.now();
  const product = await startProduct(env);
  const healthMs = sinceMs(launched);
  const home = await fetch(`${product.url}/`);
  if (!home.ok) throw new Error(`home: ${home.status}`);
  const homeMs = sinceMs(launched);
  const cookie = await signIn(product.url, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password);
  const signInMs = sinceMs(launched);
  // A restart books another listing than the first start did.
  const listed = await fetch(
    `${product.url}/api/products/iPhone?limit=1&page=${start === 'first' ? 1 : 2}`,
    {
      headers: { cookie },
    },
  );
  const [listing] = (await listed.json()) as Array<{ _id: string }>;
  const booking = await fetch(`${product.url}/api/booking`, {
    method: 'POST',
    headers: { cookie, origin: product.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      productId: listing?._id,
      phone: DEMO_ACCOUNTS.buyer.phone,
      location: 'Dhanmondi 27, the bench',
    }),
  });
  const bookingMs = sinceMs(launched);
  let firstSearchStatus = 0;
  for (;;) {
    const res = await fetch(`${product.url}/api/search?q=iphone`, { headers: { cookie } });
    await res.arrayBuffer();
    firstSearchStatus ||= res.status;
    if (res.status === 200) break;
    if (res.status !== 503) throw new Error(`search while starting: ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const memory = memoryMb(product.child.pid!);
  starts.push({
    size,
    start,
    rssReadyMb: memory.rss,
    rssBuildPeakMb: memory.peak,
    rssPeakMb: NaN,
    healthMs,
    homeMs,
    signInMs,
    bookingMs,
    bookingStatus: booking.status,
    firstSearchStatus,
    searchReadyMs: sinceMs(launched),
  });
  return { product, cookie };
}

/** A process's resident memory now and at its peak (Linux), in MB. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** p50 and p99 of one call made `runs` times, each time with a different query. */
async function percentiles(runs: number, call: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** Two words and a price filter, as a buyer searches; each request asks something new. */
const SEARCHES = ['iphone 13', 'galaxy s23', 'redmi note', 'iphone 128', 'poco x5', 'realme pro'];
/** Areas of the bulk listings (`modules/demo/bulk.ts`), a city or a part of Dhaka. */
const AREAS = ['Gulshan', 'Mirpur', 'Chattogram', 'Sylhet', 'Dhaka', 'Khulna', 'Uttara'];
/** Places a radius search starts from: Gulshan, Mirpur, Chattogram, Sylhet, Dhaka, Uttara. */
const NEAR = [2_000_000_001, 2_000_000_004, 1_205_733, 1_185_099, 1_185_241, 2_000_000_005];
const RADII = [5, 10, 25, 50];
const SUGGESTS = ['iph', 'iphone 1', 'gal', 'galaxy s2', 'red', 'redmi n', 'poc', 'real'];

/** Mean time of the category query itself, without HTTP or the response cache. */
async function queryTimes(env: Record<string, string>, size: number): Promise<void> {
  let stopIndex = () => {};
  const handle = openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: path.join(env.DATA_DIR!, 'marketplace.db'),
  });
  try {
    const deep = Math.max(1, Math.floor(size / 4 / 24 / 2));
    const time = async (page: number, anchors: () => CategoryPageAnchors) => {
      const runs = 50;
      const started = performance.now();
      for (let i = 0; i < runs; i++) {
        await getCategoryProducts(handle.db, anchors(), 'iPhone', { page, limit: 24 });
      }
      return Number(((performance.now() - started) / runs).toFixed(2));
    };
    const warm = new CategoryPageAnchors();
    queries.push({
      size,
      page1Ms: await time(1, () => warm),
      deepColdMs: await time(deep, () => new CategoryPageAnchors()),
      deepWarmMs: await time(deep, () => warm),
    });
    // Search, its facets and suggestions, one query at a time (no HTTP, no answer cached): from
    // the server's in-memory index (after its first searches, as a running server answers) and
    // from the database's own engine.
    const cursors = new SearchCursors('bench');
    const places = loadGazetteer(['BD']);
    // A place and a radius in turn, with the place's centre as the search service puts it.
    const nearby = <F extends SearchQuery>(i: number, f: F): F =>
      withOrigin(places, { ...f, near: NEAR[i % NEAR.length], radiusKm: RADII[i % RADII.length] });
    const filters = (i: number) =>
      searchQuerySchema.parse({
        q: SEARCHES[i % SEARCHES.length],
        maxPrice: 150 + (i % 5000) / 10,
      });
    const runs = values.quick ? 30 : 100;
    const live = new LiveSearchIndex(handle.db, { info: () => {}, error: console.error });
    stopIndex = () => live.stop();
    const building = performance.now();
    await live.follow();
    const builtMs = performance.now() - building;
    const timed = (call: (i: number) => Promise<unknown>) => percentiles(runs, call);
    await timed((i) => searchProducts(handle.db, cursors, filters(i), live));
    searchQueries.push(
      { size, what: 'in-memory index: build', p50Ms: Number(builtMs.toFixed(0)), p99Ms: NaN },
      {
        size,
        what: 'in-memory: two words + max price',
        ...(await timed((i) => searchProducts(handle.db, cursors, filters(i), live))),
      },
      {
        size,
        what: 'in-memory: the same + location',
        ...(await timed((i) =>
          searchProducts(
            handle.db,
            cursors,
            { ...filters(i), location: AREAS[i % AREAS.length] },
            live,
          ),
        )),
      },
      {
        size,
        what: 'in-memory: the same within a radius of a place',
        ...(await timed((i) => searchProducts(handle.db, cursors, nearby(i, filters(i)), live))),
      },
      {
        size,
        what: 'in-memory: a radius of a place, nearest first, no words',
        ...(await timed((i) =>
          searchProducts(
            handle.db,
            cursors,
            { ...nearby(i, searchQuerySchema.parse({})), sort: 'distance' },
            live,
          ),
        )),
      },
      {
        size,
        what: 'in-memory: facets within a radius (distance bands)',
        ...(await timed((i) => searchFacets(live, nearby(i, filters(i))))),
      },
      {
        size,
        what: 'in-memory: facets of the same',
        ...(await timed((i) => searchFacets(live, filters(i)))),
      },
      {
        size,
        what: 'suggestions',
        ...(await percentiles(runs, (i) => suggestNames(live, SUGGESTS[i % SUGGESTS.length]!))),
      },
    );
  } finally {
    stopIndex();
    await handle.close();
  }
  // The index built here is garbage now: collected before the loads, so that collecting it does
  // not stop the load generator (this process) in the middle of a measurement.
  globalThis.gc?.();
}

function distinctRequests(paths: (i: number) => string): autocannon.Options['requests'] {
  let i = 0;
  return [{ setupRequest: (req) => ({ ...req, path: paths(i++) }) }];
}

async function measureSearch(url: string, cookie: string, size: number): Promise<Measurement[]> {
  const base = { connections: 50, headers: { cookie }, url };
  // Maximum prices from $150 up in cents-sized steps: thousands of distinct queries per word pair.
  const searchPath = (i: number) =>
    `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}&maxPrice=${150 + (i % 5000) / 10}`;
  const search = await measure(
    `${size} listings, search: two words + max price`,
    { ...base, requests: distinctRequests(searchPath) },
    seconds,
    warmup,
  );
  const located = await measure(
    `${size} listings, search: two words + max price + location`,
    {
      ...base,
      requests: distinctRequests((i) => `${searchPath(i)}&location=${AREAS[i % AREAS.length]}`),
    },
    seconds,
    warmup,
  );
  const radius = await measure(
    `${size} listings, search: two words + max price + radius of a place`,
    {
      ...base,
      requests: distinctRequests(
        (i) =>
          `${searchPath(i)}&near=${NEAR[i % NEAR.length]}&radiusKm=${RADII[i % RADII.length]}&sort=distance`,
      ),
    },
    seconds,
    warmup,
  );
  const facets = await measure(
    `${size} listings, search facets: two words + max price`,
    {
      ...base,
      requests: distinctRequests((i) =>
        searchPath(i).replace('/api/search?', '/api/search/facets?'),
      ),
    },
    seconds,
    warmup,
  );
  const suggest = await measure(
    `${size} listings, suggestions as one types`,
    {
      ...base,
      requests: distinctRequests(
        (i) => `/api/search/suggest?q=${encodeURIComponent(SUGGESTS[i % SUGGESTS.length]!)}`,
      ),
    },
    seconds,
    warmup,
  );
  return [search, located, radius, facets, suggest];
}

/**
 * `npm run seed:bulk` of IMPORTED listings into the server's database, in a child process, from
 * the compiled build as the server runs: compiling the sources first would take both cores for
 * half a second and count as the searches' latency.
 */
/**
 * Searches answered 200 within `le` seconds (a bucket of the request histogram; '+Inf' for all),
 * as the server timed them, from the request's start to its answer sent.
 */
function searchesWithin(metrics: string, le: string): number {
  const line = metrics
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_bucket{') &&
        l.includes('route="/api/search"') &&
        l.includes('status_code="200"') &&
        l.includes(`le="${le}"`),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** The server's /metrics, read with the bench's token. */
const METRICS_TOKEN = 'bench-metrics-token-for-the-run';

interface ServerFigures {
  /** The longest event-loop delay the server saw since /metrics was last read, in ms. */
  eventLoopMaxMs: number;
  /** Result cards answered from memory and read from the database since the server started. */
  cardsKept: number;
  cardsRead: number;
  /** Searches answered (200) since the start, and those the server answered within 100 ms. */
  searches: number;
  searchesWithin100ms: number;
  /** The JavaScript heap (used, and held) and memory outside it (typed arrays), in MB. */
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** What the search caches hold, in MB: kept matches of word sets and of locations, and cards. */
  cachesMb: { matches: number; places: number; cards: number };
  /** Garbage collections since the start that took over 10 ms, and over 100 ms (any kind). */
  gcOver10ms: number;
  gcOver100ms: number;
}

/** Figures from the server's /metrics (prom-client starts the event-loop delay over at each read). */
async function serverFigures(url: string): Promise<ServerFigures> {
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const value = (pattern: RegExp) => {
    const line = pattern.exec(text);
    return line ? Number(line[1]) : NaN;
  };
  const mb = (pattern: RegExp) => Math.round(value(pattern) / 1024 / 1024);
  // prom-client's collection histogram, one per kind: those counted, less those within a bucket.
  const gcSum = (suffix: string) =>
    [...text.matchAll(new RegExp(`^nodejs_gc_duration_seconds_${suffix} (\\S+)$`, 'gm'))].reduce(
      (sum, line) => sum + Number(line[1]),
      0,
    );
  const gcCount = gcSum('count\\{kind="\\w+"\\}');
  return {
    gcOver10ms: gcCount - gcSum('bucket\\{le="0\\.01",kind="\\w+"\\}'),
    gcOver100ms: gcCount - gcSum('bucket\\{le="0\\.1",kind="\\w+"\\}'),
    heapUsedMb: mb(/^nodejs_heap_size_used_bytes (\S+)$/m),
    heapTotalMb: mb(/^nodejs_heap_size_total_bytes (\S+)$/m),
    externalMb: mb(/^nodejs_external_memory_bytes (\S+)$/m),
    cachesMb: {
      matches: mb(/^market_search_cache_bytes\{cache="matches"\} (\S+)$/m),
      places: mb(/^market_search_cache_bytes\{cache="places"\} (\S+)$/m),
      cards: mb(/^market_search_cache_bytes\{cache="cards"\} (\S+)$/m),
    },
    eventLoopMaxMs: Math.round(value(/^nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000),
    searches: searchesWithin(text, '+Inf'),
    searchesWithin100ms: searchesWithin(text, '0.1'),
    cardsKept: value(/^market_search_cards_total\{source="memory"\} (\S+)$/m),
    cardsRead: value(/^market_search_cards_total\{source="database"\} (\S+)$/m),
  };
}

function runImport(env: Record<string, string>): Promise<void> {
  const args = ['--conditions=market-compiled', 'apps/server/dist/modules/demo/bulk-cli.js'];
  args.push('--products', String(IMPORTED), '--seed', '7', '--data-dir', env.DATA_DIR!);
  if (env.DATABASE_URL) args.push('--database-url', env.DATABASE_URL);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the import exited with ${code}`)),
    );
  });
}

/**
 * Imports IMPORTED listings into the running server's database (as `npm run seed:bulk` would)
 * while 50 connections search, each request a different query; then waits until the server's
 * index has read the whole import (`/api/health`'s `search.behind` back to 0).
 */
async function importUnderLoad(
  env: Record<string, string>,
  url: string,
  cookie: string,
  size: number,
): Promise<ImportUnderLoad> {
  const searchPath = (i: number) =>
    `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}&maxPrice=${150 + (i % 5000) / 10}`;
  const load = fork(path.join(import.meta.dirname, 'load-process.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const report = new Promise<LoadReport>((resolve, reject) => {
    load.on('message', (message: LoadReport | 'started') => {
      if (message !== 'started') resolve(message);
    });
    load.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });
  const order: LoadOrder = {
    url,
    cookie,
    connections: 50,
    paths: Array.from({ length: SEARCHES.length * 5000 }, (_, i) => searchPath(i)),
    warmupSeconds: 3,
  };
  load.send(order);
  await new Promise<void>((resolve) =>
    load.on('message', (message) => message === 'started' && resolve()),
  );
  // Read once, so that the server's event-loop delay counts from here (prom-client starts it over).
  const before = await serverFigures(url);
  const started = performance.now();
  const startedAt = Date.now();
  // A process of its own, as `npm run seed:bulk` is: in this one, its synchronous SQLite writes
  // would hold up the load generator and count as the server's latency.
  await runImport(env);
  const importMs = sinceMs(started);
  const committed = performance.now();
  let catchUpMs = NaN;
  while (performance.now() - committed < 600_000) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      search?: { behind: number | null };
    };
    if (health.search?.behind === 0) {
      catchUpMs = sinceMs(committed);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  load.send('stop');
  const answer = await report;
  const after = await serverFigures(url);
  if ('error' in answer) throw new Error(`the load generator failed: ${answer.error}`);
  return {
    size,
    imported: IMPORTED,
    importMs,
    catchUpMs,
    maxMs: answer.max,
    loadLoopMaxMs: answer.loopMaxMs,
    slowest: answer.slow
      .toSorted((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map(({ ms, at }) => ({ ms, atSeconds: Math.round((at - startedAt) / 100) / 10 })),
    over100ms: answer.slow.length,
    serverOver100ms:
      after.searches - after.searchesWithin100ms - (before.searches - before.searchesWithin100ms),
    eventLoopMaxMs: after.eventLoopMaxMs,
    cards: after.cardsKept + after.cardsRead - before.cardsKept - before.cardsRead,
    cardsRead: after.cardsRead - before.cardsRead,
    gcOver10ms: after.gcOver10ms - before.gcOver10ms,
    gcOver100ms: after.gcOver100ms - before.gcOver100ms,
    search: {
      name: `${size} listings, search while ${IMPORTED} are imported`,
      requestsPerSecond: answer.requestsPerSecond,
      p50: answer.p50,
      p99: answer.p99,
      errors: answer.errors,
      non2xx: answer.non2xx,
    },
  };
}

/** The ceiling's requests per second right before and right after each size's loads. */
const ceilings: Array<{ size: number; before: number; after: number }> = [];

/**
 * Measures a size's loads between two measurements of the ceiling, and gives each of their rows
 * its share of the ceiling's mean.
 */
async function withCeiling(size: number, loads: () => Promise<Measurement[]>) {
  const options = { connections: 50, url: ceiling.url };
  const before = await measure('ceiling', options, seconds, warmup);
  const measured = await loads();
  const after = await measure('ceiling', options, seconds, warmup);
  ceilings.push({ size, before: before.requestsPerSecond, after: after.requestsPerSecond });
  const top = (before.requestsPerSecond + after.requestsPerSecond) / 2;
  rows.push(
    {
      name: `ceiling: bare Fastify, constant JSON (around ${size} listings)`,
      requestsPerSecond: Math.round(top),
      p50: (before.p50 + after.p50) / 2,
      p99: (before.p99 + after.p99) / 2,
      errors: before.errors + after.errors,
      non2xx: before.non2xx + after.non2xx,
      shareOfCeiling: 1,
    },
    ...measured.map((row) => ({ ...row, shareOfCeiling: row.requestsPerSecond / top })),
  );
}

buildProduct();
const ceiling = await startCeiling();
for (const size of sizes) {
  console.log(`preparing ${size.toLocaleString('en-US')} listings...`);
  const database = await prepareDatabase(kind, size);
  await queryTimes(database.env, size);
  // Every search of the load below is a new one from one user and address: not limited here.
  const { product, cookie } = await measureStart(
    { ...database.env, SEARCHES_PER_MINUTE: '0', METRICS_TOKEN },
    size,
  );
  try {
    const total = Number(
      (await fetch(`${product.url}/api/products/iPhone`, { headers: { cookie } })).headers.get(
        'x-total-count',
      ),
    );
    const deep = Math.max(1, Math.floor(total / 24 / 2));
    const base = { connections: 50, headers: { cookie } };
    await withCeiling(size, async () => [
      await measure(
        `${size} listings, page 1`,
        { ...base, url: `${product.url}/api/products/iPhone` },
        seconds,
        warmup,
      ),
      await measure(
        `${size} listings, page ${deep}`,
        { ...base, url: `${product.url}/api/products/iPhone?page=${deep}` },
        seconds,
        warmup,
      ),
      ...(await measureSearch(product.url, cookie, size)),
    ]);
    starts.at(-1)!.rssPeakMb = memoryMb(product.child.pid!).peak;
    starts.at(-1)!.afterLoads = await serverFigures(product.url);
    if (size === sizes[sizes.length - 1] && !values['no-import']) {
      imports.push(await importUnderLoad(database.env, product.url, cookie, size));
    }
    // A restart: the stop keeps the search index in DATA_DIR, and the start reads it back.
    await product.stop();
    const restarted = await measureStart(
      { ...database.env, SEARCHES_PER_MINUTE: '0' },
      size,
      'restart',
    );
    await restarted.product.stop();
  } finally {
    await product.stop();
    await database.destroy();
  }
}
await ceiling.stop();

console.log(
  `\n${kind}, GET /api/products/iPhone and search at 50 connections, ${seconds} s each\n`,
);
printTable(rows);
for (const c of ceilings) {
  console.log(
    `  the ceiling around ${c.size} listings: ${c.before} req/s before the loads, ${c.after} after`,
  );
}
console.log('\nthe category query alone (no HTTP, no response cache), mean of 50 calls:');
console.log('listings    page 1 ms  deep page ms (first visit)  deep page ms (warm)');
for (const q of queries) {
  console.log(
    `${String(q.size).padEnd(11)} ${String(q.page1Ms).padEnd(10)} ${String(q.deepColdMs).padEnd(27)} ${q.deepWarmMs}`,
  );
}
console.log('\nsearch alone (no HTTP), each call a different query:');
console.log('listings    query                              p50 ms  p99 ms');
for (const q of searchQueries) {
  const p99 = Number.isNaN(q.p99Ms) ? '' : q.p99Ms;
  console.log(
    `${String(q.size).padEnd(11)} ${q.what.padEnd(34)} ${String(q.p50Ms).padEnd(7)} ${p99}`,
  );
}
console.log('\nthe start, ms from launching the server (search is built in the background):');
console.log(
  'listings    start    health  home    sign-in  booking (status)  first search  search ready',
);
for (const s of starts) {
  console.log(
    `${String(s.size).padEnd(11)} ${s.start.padEnd(8)} ${String(s.healthMs).padEnd(7)} ${String(s.homeMs).padEnd(7)} ${String(s.signInMs).padEnd(8)} ${`${s.bookingMs} (${s.bookingStatus})`.padEnd(17)} ${String(s.firstSearchStatus).padEnd(13)} ${s.searchReadyMs}`,
  );
}
console.log(
  "\nthe server's resident memory (MB): once search answers, at its peak until then, and at its peak after the loads",
);
console.log('listings    ready   build   peak');
for (const s of starts.filter((s) => s.start === 'first')) {
  console.log(
    `${String(s.size).padEnd(11)} ${String(s.rssReadyMb).padEnd(7)} ${String(s.rssBuildPeakMb).padEnd(7)} ${s.rssPeakMb}`,
  );
  const after = s.afterLoads;
  if (after)
    console.log(
      `  after the loads: JavaScript heap ${after.heapUsedMb} MB used of ${after.heapTotalMb}, ${after.externalMb} MB outside it; search caches: word sets' matches ${after.cachesMb.matches} MB, locations' ${after.cachesMb.places} MB, cards ${after.cachesMb.cards} MB`,
    );
}
for (const i of imports) {
  console.log(
    `\nan import of ${i.imported.toLocaleString('en-US')} listings into ${i.size.toLocaleString('en-US')} while 50 connections search:`,
  );
  console.log(
    `import ${(i.importMs / 1000).toFixed(1)} s; the index caught up ${Number.isNaN(i.catchUpMs) ? 'not within 10 minutes' : `${(i.catchUpMs / 1000).toFixed(1)} s after the import committed`}; the slowest search ${i.maxMs} ms (the load generator's own longest event-loop delay ${i.loadLoopMaxMs} ms), ${i.over100ms} over 100 ms${i.slowest.length ? ` (the slowest ${i.slowest.map((x) => `${x.ms} ms at ${x.atSeconds} s`).join(', ')}, from the import's start)` : ''}; searches the server took over 100 ms to answer: ${i.serverOver100ms}; the server's longest event-loop delay ${i.eventLoopMaxMs} ms; ${i.cardsRead.toLocaleString('en-US')} of ${i.cards.toLocaleString('en-US')} result cards read from the database; ${i.gcOver10ms} garbage collections over 10 ms, ${i.gcOver100ms} over 100 ms`,
  );
  printTable([i.search]);
}
const pageOnes = rows.filter((r) => r.name.endsWith(', page 1'));
const small = pageOnes[0];
const large = pageOnes.at(-1);
if (small && large)
  console.log(
    `\npage-1 p50 at the largest size / at the smallest: ${(large.p50 / Math.max(small.p50, 0.01)).toFixed(2)}x`,
  );
console.log(
  `written to ${writeResults('scale', { kind, sizes, rows, ceilings, queries, searchQueries, starts, imports })}`,
);
