import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@market/shared';
import { buildTestApp, testDbKind, useTestApp, type TestApp } from './build-test-app.ts';
import { createUser } from './factories.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';
import { openStream } from './helpers/conversations.ts';
import { valueWriters } from '../src/db/dialect.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { AppMetrics } from '../src/lib/metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** One sample of the exposition: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode, res.body).toBe(200);
  return parseExposition(res.body);
}

/** The value of the one sample with this name and these labels (among others); undefined if none. */
function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name}`);
  return found[0]?.value;
}

describe(`/metrics without METRICS_TOKEN on ${testDbKind}`, () => {
  const t = useTestApp();

  it('is not there at all (404), whatever the caller sends', async () => {
    for (const headers of [{}, bearer, { authorization: 'Bearer anything-at-all-here' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /metrics' },
      });
    }
  });
});

describe(`/metrics with METRICS_TOKEN on ${testDbKind}`, () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN, OUTBOX_WORKER: 'false' } });
  beforeAll(() => insertCategories(t));

  it('refuses a missing, wrong or malformed bearer token with 401', async () => {
    const refused = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { authorization: 'Bearer ' },
    ];
    for (const headers of refused) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({
        error: {
          code: 'UNAUTHORIZED',
          message: 'The metrics need their bearer token',
          reason: 'common.metricsToken',
        },
      });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const names = new Set(parseExposition(res.body).map((s) => s.name));
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'market_db_pool_connections',
      'market_db_up',
      'market_outbox_backlog',
      'market_outbox_oldest_due_age_seconds',
      'market_search_index_behind',
      'market_search_index_documents',
      'market_search_index_caught_up_age_seconds',
      'market_search_index_state',
      'market_search_cards_total',
      'market_search_cache_bytes',
      'market_event_streams_open',
      'market_job_last_success_timestamp_seconds',
      'market_mail_sent_total',
      'market_mail_failed_total',
    ]) {
      expect(names, name).toContain(name);
    }
    // Not described as part of the JSON API.
    const doc = await call(t, null, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, and times them', async () => {
    const labels = { method: 'GET', route: '/api/categories', status_code: '200' };
    const countOf = (s: Sample[]) => valueOf(s, 'http_request_duration_seconds_count', labels) ?? 0;
    const before = await scrape(t);
    for (let i = 0; i < 3; i++)
      expect((await call(t, null, 'GET', '/api/categories')).statusCode).toBe(200);
    const after = await scrape(t);
    expect(countOf(after)).toBe(countOf(before) + 3);
    const slowest = valueOf(after, 'http_request_duration_seconds_bucket', {
      ...labels,
      le: '+Inf',
    });
    expect(slowest).toBe(countOf(after));
    expect(valueOf(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(
      valueOf(before, 'http_request_duration_seconds_sum', labels) ?? 0,
    );

    // Refusals have their own status; paths no route knows share one label.
    const refused = { method: 'GET', route: '/api/my-products', status_code: '401' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    await call(t, null, 'GET', '/api/my-products');
    await call(t, null, 'GET', `/api/no-such-${crypto.randomUUID()}`);
    await call(t, null, 'GET', `/api/no-such-${crypto.randomUUID()}`);
    const last = await scrape(t);
    const count = (s: Sample[], l: Record<string, string>) =>
      valueOf(s, 'http_request_duration_seconds_count', l) ?? 0;
    expect(count(last, refused)).toBe(count(after, refused) + 1);
    expect(count(last, unmatched)).toBe(count(after, unmatched) + 2);
  });

  it('keeps the number of series flat over 1,000 distinct listing ids', async () => {
    const seller = await createUser(t, { role: 'seller' });
    const [listed] = await insertProducts(t, seller.id, 1);
    const open = (id: string) => call(t, null, 'GET', `/api/product/${id}`);
    expect((await open(listed!)).statusCode).toBe(200);
    expect((await open(crypto.randomUUID())).statusCode).toBe(404);
    const series = (s: Sample[]) => s.filter((x) => x.name.startsWith('http_request_')).length;
    const before = await scrape(t);

    const ids = Array.from({ length: 1000 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 50) {
      const answers = await Promise.all(ids.slice(i, i + 50).map(open));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(404));
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    const after = parseExposition(res.body);
    // The scrape itself is a route of its own, counted in both.
    expect(series(after)).toBe(series(before));
    const route = { method: 'GET', route: '/api/product/:id', status_code: '404' };
    expect(valueOf(after, 'http_request_duration_seconds_count', route)).toBe(
      (valueOf(before, 'http_request_duration_seconds_count', route) ?? 0) + 1000,
    );
    for (const id of ids.slice(0, 20)) expect(res.body).not.toContain(id);
    // A thousand database lookups: slow on a busy machine.
  }, 120_000);

  it('shows the outbox backlog as the rows in the table say', async () => {
    const user = await createUser(t, { role: 'buyer' });
    const db = t.app.db;
    const w = valueWriters(db);
    await db.deleteFrom('outbox').execute();
    const now = Date.now();
    const row = (n: number, notBefore: number, extra: { attempts?: number; sentAt?: number }) => ({
      id: crypto.randomUUID(),
      dedupeKey: `metrics:${crypto.randomUUID()}`,
      kind: 'new_message' as const,
      userId: user.id,
      toEmail: user.email,
      subject: `Email ${n}`,
      text: 'Hello',
      html: '<p>Hello</p>',
      notBefore: w.date(new Date(notBefore)),
      createdAt: w.date(new Date(notBefore)),
      sentAt: extra.sentAt ? w.date(new Date(extra.sentAt)) : null,
      attempts: extra.attempts ?? 0,
    });
    const rows = [
      // Due: the oldest has been due for ten minutes.
      row(1, now - 600_000, {}),
      row(2, now - 60_000, {}),
      row(3, now - 1_000, { attempts: 2 }),
      // Due later (a delayed message email, a retry).
      row(4, now + 600_000, {}),
      row(5, now + 3_600_000, { attempts: 3 }),
      // Given up after 8 tries, and already sent: neither waits.
      row(6, now - 7_200_000, { attempts: 8 }),
      row(7, now - 7_200_000, { sentAt: now - 7_000_000 }),
    ];
    await db.insertInto('outbox').values(rows).execute();

    const samples = await scrape(t);
    expect(valueOf(samples, 'market_outbox_backlog', { state: 'due' })).toBe(3);
    expect(valueOf(samples, 'market_outbox_backlog', { state: 'later' })).toBe(2);
    expect(valueOf(samples, 'market_outbox_backlog', { state: 'given_up' })).toBe(1);
    const age = valueOf(samples, 'market_outbox_oldest_due_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(600 + (Date.now() - now) / 1000 + 1);
    expect(valueOf(samples, 'market_db_up')).toBe(1);

    await db.deleteFrom('outbox').execute();
    const empty = await scrape(t);
    expect(valueOf(empty, 'market_outbox_backlog', { state: 'due' })).toBe(0);
    expect(valueOf(empty, 'market_outbox_oldest_due_age_seconds')).toBe(0);
  });

  it("shows the search index's size and lag, the open streams, the pool and the jobs", async () => {
    const seller = await createUser(t, { role: 'seller' });
    await insertProducts(t, seller.id, 7);
    await t.app.searchIndex.drain();
    const listed = await t.app.db
      .selectFrom('search_docs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();

    const buyer = await createUser(t, { role: 'buyer' });
    const streamsBefore = t.app.liveStreams.size;
    const stream = await openStream(t, buyer, '/api/events');
    expect(stream.statusCode).toBe(200);

    const samples = await scrape(t);
    expect(valueOf(samples, 'market_search_index_documents')).toBe(Number(listed.n));
    expect(valueOf(samples, 'market_search_index_behind')).toBe(0);
    expect(valueOf(samples, 'market_search_index_state', { state: 'ready' })).toBe(1);
    expect(valueOf(samples, 'market_search_index_caught_up_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'market_event_streams_open')).toBe(t.app.liveStreams.size);
    expect(t.app.liveStreams.size).toBe(streamsBefore + 1);

    const db = { db: testDbKind };
    if (testDbKind === 'postgres') {
      expect(valueOf(samples, 'market_db_pool_max_connections', db)).toBe(20);
      const total = valueOf(samples, 'market_db_pool_connections', { ...db, state: 'total' })!;
      const idle = valueOf(samples, 'market_db_pool_connections', { ...db, state: 'idle' })!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThanOrEqual(total);
      expect(valueOf(samples, 'market_db_pool_connections', { ...db, state: 'waiting' })).toBe(0);
    } else {
      expect(valueOf(samples, 'market_db_pool_max_connections', db)).toBe(1);
      expect(valueOf(samples, 'market_db_pool_connections', { ...db, state: 'total' })).toBe(1);
      expect(valueOf(samples, 'market_db_pool_connections', { ...db, state: 'idle' })).toBe(
        undefined,
      );
    }

    // Each periodic job by name; this one's first run is over before the app answers.
    const jobs = t.app.jobs.status().map((job) => job.name);
    expect(jobs).toContain('removing old live events');
    const pruned = { name: 'removing old live events' };
    const lastSuccess = valueOf(samples, 'market_job_last_success_timestamp_seconds', pruned)!;
    const started = valueOf(samples, 'market_job_started_timestamp_seconds', pruned)!;
    expect(started).toBeGreaterThan(0);
    expect(lastSuccess).toBeGreaterThanOrEqual(started);
    expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000);
    expect(valueOf(samples, 'market_job_last_failure_timestamp_seconds', pruned)).toBe(0);
    expect(valueOf(samples, 'market_job_interval_seconds', pruned)).toBeGreaterThan(0);
    // Orphan images are first removed a day after the start: not yet.
    expect(
      valueOf(samples, 'market_job_last_success_timestamp_seconds', {
        name: 'removing orphan images',
      }),
    ).toBe(0);
    expect(
      new Set(
        samples.filter((s) => s.name === 'market_job_interval_seconds').map((s) => s.labels.name),
      ),
    ).toEqual(new Set(jobs));
  });

  it('counts the result cards answered from memory and read from the database', async () => {
    const seller = await createUser(t, { role: 'seller' });
    // Posted after every other test's listings: the newest on show.
    const ids = await insertProducts(t, seller.id, 7, { newest: new Date(Date.now() + 3_600_000) });
    await t.app.searchIndex.drain();
    const buyer = await createUser(t, { role: 'buyer' });
    const cards = (samples: Sample[], source: string) =>
      valueOf(samples, 'market_search_cards_total', { source }) ?? 0;
    const search = async () => {
      const res = await call(t, buyer, 'GET', '/api/search?sort=newest&limit=3');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ _id: string }[]>().map((p) => p._id);
    };

    const before = await scrape(t);
    // The newest listings are the ones just written: no search has shown them, so their cards
    // (the page's three, and the fourth that tells whether there is a next page) are read.
    expect(await search()).toEqual(ids.slice(0, 3));
    const first = await scrape(t);
    expect(cards(first, 'database') - cards(before, 'database')).toBe(4);
    expect(cards(first, 'memory') - cards(before, 'memory')).toBe(0);

    // The same page again comes from memory.
    expect(await search()).toEqual(ids.slice(0, 3));
    const second = await scrape(t);
    expect(cards(second, 'database') - cards(first, 'database')).toBe(0);
    expect(cards(second, 'memory') - cards(first, 'memory')).toBe(4);
  });

  it('shows what the search caches hold', async () => {
    const seller = await createUser(t, { role: 'seller' });
    await insertProducts(t, seller.id, 5, { newest: new Date(Date.now() + 7_200_000) });
    await t.app.searchIndex.drain();
    const buyer = await createUser(t, { role: 'buyer' });
    const bytes = (samples: Sample[], cache: string) =>
      valueOf(samples, 'market_search_cache_bytes', { cache });
    const search = async (query: string) => {
      const res = await call(t, buyer, 'GET', `/api/search?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<unknown[]>();
    };

    const before = await scrape(t);
    // A word set never searched, in an area never searched: each is kept from now on.
    expect(await search('q=bulk%20phone%203&location=chattogram&sort=newest')).not.toHaveLength(0);
    const after = await scrape(t);
    for (const cache of ['matches', 'places', 'cards']) {
      expect(bytes(before, cache), cache).toBeGreaterThanOrEqual(0);
      expect(bytes(after, cache)!, cache).toBeGreaterThan(bytes(before, cache)!);
    }
    expect(t.app.searchIndex.cacheBytes).toEqual({
      matches: bytes(after, 'matches'),
      places: bytes(after, 'places'),
      cards: bytes(after, 'cards'),
    });

    // The same search again keeps nothing more.
    await search('q=bulk%20phone%203&location=chattogram&sort=newest');
    const again = await scrape(t);
    for (const cache of ['matches', 'places', 'cards']) {
      expect(bytes(again, cache), cache).toBe(bytes(after, cache));
    }
  });
});

describe('mail counters', () => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
  let outboxDir: string;
  beforeAll(() => {
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-mail-'));
  });
  afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

  it('counts the emails sent and those that failed', async () => {
    const metrics = new AppMetrics();
    const message = { to: 'someone@example.test', subject: 'Hello', text: 'Hi' };
    const written = createMailer(
      { smtpUrl: undefined, mailFrom: 'Market <m@example.test>', outboxDir },
      quiet,
      metrics.mail,
    );
    await written.send(message);
    await written.send(message);
    // Nothing listens on port 1: the mail server refuses the connection.
    const refused = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Market <m@example.test>', outboxDir },
      quiet,
      metrics.mail,
    );
    await expect(refused.send(message)).rejects.toThrow();
    written.close();
    refused.close();
    const samples = parseExposition(await metrics.exposition());
    expect(valueOf(samples, 'market_mail_sent_total')).toBe(2);
    expect(valueOf(samples, 'market_mail_failed_total')).toBe(1);
    expect(fs.readdirSync(outboxDir)).toHaveLength(2);
  });

  it("keeps each app's figures to itself", async () => {
    const one = new AppMetrics();
    const other = new AppMetrics();
    one.mail.sent();
    one.observeRequest('GET', '/api/categories', 200, 12);
    const otherSamples = parseExposition(await other.exposition());
    expect(valueOf(otherSamples, 'market_mail_sent_total')).toBe(0);
    expect(otherSamples.some((s) => s.name === 'http_request_duration_seconds_count')).toBe(false);
    const oneSamples = parseExposition(await one.exposition());
    expect(
      valueOf(oneSamples, 'http_request_duration_seconds_count', { route: '/api/categories' }),
    ).toBe(1);
  });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
}

/**
 * The app's log lines from now on: pino keeps its destination under a symbol, which the loggers
 * of requests inherit from the app's logger.
 */
function captureLog(t: TestApp): LogLine[] {
  const lines: LogLine[] = [];
  const log = t.app.log as unknown as Record<symbol, unknown> & { level: string };
  const stream = Object.getOwnPropertySymbols(log).find((s) => s.description === 'pino.stream');
  if (!stream) throw new Error("no pino stream on the app's logger");
  log[stream] = { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
  log.level = 'info';
  return lines;
}

/** A real HTTP request to the listening app, as a browser or a proxy sends it. */
async function overHttp(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, id: res.headers.get('x-request-id'), body: await res.text() };
}

describe(`request ids on ${testDbKind}`, () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await buildTestApp();
    proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    await direct.app.listen({ port: 0, host: '127.0.0.1' });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });
  const urlOf = (t: TestApp) => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  };

  it("makes its own id for a client's request, ignoring the X-Request-Id it sent", async () => {
    const res = await overHttp(`${urlOf(direct)}/api/categories`, {
      'x-request-id': 'chosen-by-the-client',
    });
    expect(res.status).toBe(200);
    expect(res.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const again = await overHttp(`${urlOf(direct)}/api/categories`);
    expect(again.id).not.toBe(res.id);
  });

  it('keeps the id a trusted proxy gives, if it is a sensible one', async () => {
    const kept = await overHttp(`${urlOf(proxied)}/api/categories`, {
      'x-request-id': 'edge-4f1c2a9b',
    });
    expect(kept.id).toBe('edge-4f1c2a9b');
    const odd = await overHttp(`${urlOf(proxied)}/api/categories`, {
      'x-request-id': 'has spaces; and = signs',
    });
    expect(odd.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id in a server error, in its header and in every log line of the request', async () => {
    const broken = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await broken.app.db.schema.dropTable('blogs').execute();
      const lines = captureLog(broken);
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/blogs',
        headers: { 'x-request-id': 'support-case-42' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toBe('support-case-42');
      expect(errorResponseSchema.parse(res.json())).toEqual({
        error: {
          code: 'INTERNAL',
          message: 'Something went wrong on our side',
          requestId: 'support-case-42',
        },
      });
      const ofRequest = lines.filter((l) => l.reqId === 'support-case-42');
      expect(ofRequest.map((l) => l.msg)).toEqual([
        'incoming request',
        'request failed',
        'request completed',
      ]);
      expect(lines.filter((l) => l.reqId === undefined && l.level >= 40)).toEqual([]);

      // A refusal says what to change; its id stays in the header.
      const refused = await broken.app.inject({ method: 'GET', url: '/api/my-products' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(refused.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Sign in to continue', reason: 'common.signIn' },
      });
    } finally {
      await broken.close();
    }
  });
});
