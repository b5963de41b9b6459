/**
 * A load generator in a process of its own: `bench:scale` forks it for the import under load, so
 * that pauses of the bench's own process (which seeds the database and builds an index of its
 * own to time queries) are not counted as the server's latency. It is sent one order, runs until
 * it is sent a second message, and answers autocannon's result. The order's first seconds are a
 * warm-up left out of the result: a new process's first requests (its code not compiled yet, its
 * connections new) took up to 200 ms whatever the server was doing.
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

/**
 * autocannon's result, and this process's own longest event-loop delay while it measured: a
 * pause here (a collection, a wait for a core) counts in every request it had sent as latency.
 */
export type LoadReport = { result: autocannon.Result; loopMaxMs: number } | { error: string };

process.once('message', async (order: LoadOrder) => {
  let i = 0;
  const options = (duration: number): autocannon.Options => ({
    url: order.url,
    connections: order.connections,
    headers: { cookie: order.cookie },
    duration,
    requests: [
      { setupRequest: (req) => ({ ...req, path: order.paths[i++ % order.paths.length] }) },
    ],
  });
  if (order.warmupSeconds > 0) await autocannon(options(order.warmupSeconds));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const instance = autocannon(options(3600), (err, result) => {
    delay.disable();
    const report: LoadReport = err
      ? { error: String(err) }
      : { result, loopMaxMs: Math.round(delay.max / 1e6) };
    process.send!(report, () => process.exit(0));
  });
  instance.once('start', () => process.send!('started'));
  process.once('message', () => instance.stop());
});
