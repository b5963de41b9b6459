/**
 * A load generator in a process of its own: `bench:scale` forks it for the import under load, so
 * that pauses of the bench's own process (which seeds the database and builds an index of its
 * own to time queries) are not counted as the server's latency. It is sent one order, runs until
 * it is sent a second message, and answers what it measured.
 *
 * One autocannon run on the same 50 connections throughout: its first seconds are a warm-up left
 * out of the figures (a new process's first requests, its code not compiled yet, took up to
 * 200 ms whatever the server was doing), and the figures are taken from its answers one by one,
 * with the time each slow one came, rather than from a second run whose 50 new connections would
 * be counted in its first requests.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface LoadOrder {
  url: string;
  cookie: string;
  connections: number;
  /** Requested in turn, each request the next. */
  paths: string[];
  /** Seconds of the same load before the measured part (and the 'started' message). */
  warmupSeconds: number;
}

/** Answers slower than this are listed with the time they came. */
const SLOW_MS = 100;

export interface LoadFigures {
  /** Answers with a 2xx status, and their latency's percentiles and maximum, in milliseconds. */
  answered: number;
  p50: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** Each 2xx answer slower than SLOW_MS: its latency and when it came (ms since the epoch). */
  slow: Array<{ ms: number; at: number }>;
  /** This process's own longest event-loop delay meanwhile: it counts in every latency. */
  loopMaxMs: number;
}

export type LoadReport = LoadFigures | { error: string };

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

process.once('message', (order: LoadOrder) => {
  let i = 0;
  let measuring = false;
  let measuredFrom = 0;
  let latencies = new Float64Array(1 << 16);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  const slow: LoadFigures['slow'] = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });

  const instance = autocannon(
    {
      url: order.url,
      connections: order.connections,
      headers: { cookie: order.cookie },
      duration: 3600,
      requests: [
        { setupRequest: (req) => ({ ...req, path: order.paths[i++ % order.paths.length] }) },
      ],
    },
    (err) => {
      delay.disable();
      if (err) {
        process.send!({ error: String(err) } satisfies LoadReport, () => process.exit(0));
        return;
      }
      const sorted = latencies.subarray(0, answered).sort();
      const seconds = (performance.now() - measuredFrom) / 1000;
      const report: LoadReport = {
        answered,
        p50: Math.round(percentile(sorted, 0.5)),
        p99: Math.round(percentile(sorted, 0.99)),
        max: Math.round(sorted.at(-1) ?? NaN),
        requestsPerSecond: Math.round(answered / seconds),
        non2xx,
        errors,
        slow,
        loopMaxMs: Math.round(delay.max / 1e6),
      };
      process.send!(report, () => process.exit(0));
    },
  );
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (!measuring) return;
    if (statusCode < 200 || statusCode > 299) {
      non2xx++;
      return;
    }
    if (answered === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[answered++] = ms;
    if (ms > SLOW_MS) slow.push({ ms: Math.round(ms), at: Date.now() });
  });
  instance.on('reqError', () => {
    if (measuring) errors++;
  });
  setTimeout(() => {
    measuring = true;
    measuredFrom = performance.now();
    delay.enable();
    process.send!('started');
  }, order.warmupSeconds * 1000);
  process.once('message', () => instance.stop());
});
