import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobStatus } from '../../lib/jobs.ts';
import { AppMetrics } from '../../lib/metrics.ts';
import { outboxBacklog } from '../notifications/public.ts';
import { registerMetricsRoute } from './metrics.routes.ts';

/*
 * GET /metrics (decision 0037): the app's own figures, each read when it is scraped from the
 * part that keeps it, so that nothing is counted twice and no request pays for a figure.
 */

const seconds = (ms: number) => ms / 1000;

/**
 * Makes `app.metrics` (requests by route pattern and status, mail sent and failed) and the
 * figures read on each scrape: the database pool, the outbox, the search index, the open event
 * streams and the background jobs. Registered before the routes, so that every route is timed.
 * /metrics, and the timing of requests, exist only when METRICS_TOKEN is set.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  addDatabaseFigures(app, metrics, database);
  addOutboxFigures(app, metrics);
  addSearchFigures(app, metrics);
  metrics.add(
    new Gauge({
      name: 'market_event_streams_open',
      help: 'Live event streams (GET /api/events) open on this instance.',
      registers: [],
      collect() {
        this.set(app.liveStreams.size);
      },
    }),
  );
  addJobFigures(app, metrics);

  const token = app.config.metricsToken;
  // Without a token nobody can read the figures: requests are not timed for nothing.
  if (!token) return;
  // One callback hook; Fastify has timed the request since it came in.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  registerMetricsRoute(app, token);
}

function addDatabaseFigures(
  app: FastifyInstance,
  metrics: AppMetrics,
  database: DatabaseHandle,
): void {
  const { pool } = database;
  metrics.add(
    new Gauge({
      name: 'market_db_pool_max_connections',
      help: 'Connections the pool may open (PostgreSQL); 1 for the embedded SQLite database.',
      labelNames: ['db'],
      registers: [],
      collect() {
        this.set({ db: app.dbKind }, pool?.max ?? 1);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and queries waiting for one (waiting). SQLite has its one connection (total 1) and no pool.',
      labelNames: ['db', 'state'],
      registers: [],
      collect() {
        const db = app.dbKind;
        this.set({ db, state: 'total' }, pool?.totalCount ?? 1);
        if (!pool) return;
        this.set({ db, state: 'idle' }, pool.idleCount);
        this.set({ db, state: 'waiting' }, pool.waitingCount);
      },
    }),
  );
}

/**
 * One read shared by the gauges that show its parts: the registry collects every gauge at once,
 * so the first to ask starts the read and the others wait for the same one.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

function addOutboxFigures(app: FastifyInstance, metrics: AppMetrics): void {
  // The outbox is one table for every instance: each instance reports the same figures.
  const read = sharedRead(async () => {
    const now = new Date();
    try {
      return { now, figures: await outboxBacklog(app.db, now) };
    } catch (err) {
      app.log.warn({ err }, 'metrics: the outbox could not be read');
      return { now, figures: null };
    }
  });
  metrics.add(
    new Gauge({
      name: 'market_db_up',
      help: '1 when the database answered this scrape (the outbox query), else 0.',
      registers: [],
      async collect() {
        this.set((await read()).figures ? 1 : 0);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_outbox_backlog',
      help: 'Notification emails not sent yet, by state: due now, due later (their time or their next try has not come), or given up after 8 failed tries. Absent when the database did not answer.',
      labelNames: ['state'],
      registers: [],
      async collect() {
        this.reset();
        const { figures } = await read();
        if (!figures) return;
        this.set({ state: 'due' }, figures.due);
        this.set({ state: 'later' }, figures.waiting - figures.due);
        this.set({ state: 'given_up' }, figures.givenUp);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_outbox_oldest_due_age_seconds',
      help: 'How long the longest-due notification email has been due and not sent; 0 when none is due.',
      registers: [],
      async collect() {
        this.reset();
        const { now, figures } = await read();
        if (!figures) return;
        const dueAt = figures.oldestDueAt;
        this.set(dueAt ? Math.max(0, seconds(now.getTime() - dueAt.getTime())) : 0);
      },
    }),
  );
}

function addSearchFigures(app: FastifyInstance, metrics: AppMetrics): void {
  const read = sharedRead(async () => {
    try {
      return await app.searchIndex.status();
    } catch (err) {
      app.log.warn({ err }, 'metrics: the search index could not be read');
      return null;
    }
  });
  metrics.add(
    new Gauge({
      name: 'market_search_index_behind',
      help: 'Changes written and not yet applied to this instance’s search index (/api/health search.behind); absent until it is first built.',
      registers: [],
      async collect() {
        this.reset();
        const behind = (await read())?.behind;
        if (typeof behind === 'number') this.set(behind);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_search_index_caught_up_age_seconds',
      help: 'Seconds since the search index last applied every change in the log (/api/health search.caughtUpMsAgo); absent until it is first built.',
      registers: [],
      async collect() {
        this.reset();
        const ago = (await read())?.caughtUpMsAgo;
        if (typeof ago === 'number') this.set(seconds(ago));
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_search_index_documents',
      help: 'Listings in this instance’s search index; absent until it is first built.',
      registers: [],
      collect() {
        this.reset();
        const count = app.searchIndex.documents;
        if (count !== null) this.set(count);
      },
    }),
  );
  metrics.add(
    new Counter({
      name: 'market_search_cards_total',
      help: 'Result cards this instance has answered searches with, by where each came from: kept in memory beside the index (memory) or read from the database (database).',
      labelNames: ['source'],
      registers: [],
      collect() {
        // The figures are kept by the index's card cache; the counter shows them as they stand.
        const { kept, read } = app.searchIndex.cardFigures;
        this.reset();
        this.inc({ source: 'memory' }, kept);
        this.inc({ source: 'database' }, read);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_search_cache_bytes',
      help: 'What the search index’s caches hold, in bytes, by cache: kept matches of word sets (matches) and of locations (places), and result cards (cards); absent until the index is first built.',
      labelNames: ['cache'],
      registers: [],
      collect() {
        this.reset();
        const bytes = app.searchIndex.cacheBytes;
        if (!bytes) return;
        for (const [cache, value] of Object.entries(bytes)) this.set({ cache }, value);
      },
    }),
  );
  metrics.add(
    new Gauge({
      name: 'market_search_index_state',
      help: 'The search index’s state: 1 for the current one (starting, ready, catching_up, rebuilding).',
      labelNames: ['state'],
      registers: [],
      collect() {
        this.reset();
        this.set({ state: app.searchIndex.state }, 1);
      },
    }),
  );
}

function addJobFigures(app: FastifyInstance, metrics: AppMetrics): void {
  const jobGauge = (name: string, help: string, value: (job: JobStatus) => number) =>
    metrics.add(
      new Gauge({
        name,
        help,
        labelNames: ['name'],
        registers: [],
        collect() {
          for (const job of app.jobs.status()) this.set({ name: job.name }, value(job));
        },
      }),
    );
  jobGauge(
    'market_job_last_success_timestamp_seconds',
    'When each periodic background job last finished a run without an error on this instance (Unix time); 0: not yet.',
    (job) => seconds(job.lastSuccessAt ?? 0),
  );
  jobGauge(
    'market_job_last_failure_timestamp_seconds',
    'When each periodic job last failed on this instance (Unix time); 0: never.',
    (job) => seconds(job.lastFailureAt ?? 0),
  );
  jobGauge(
    'market_job_started_timestamp_seconds',
    'When each periodic job was started on this instance (Unix time); 0: not yet.',
    (job) => seconds(job.startedAt ?? 0),
  );
  jobGauge('market_job_interval_seconds', 'How often each periodic job runs.', (job) =>
    seconds(job.everyMs),
  );
}
