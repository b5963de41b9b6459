/**
 * A load generator in a process of its own: `bench:scale` forks it for the import under load, so
 * that pauses of the bench's own process (which seeds the database and builds an index of its
 * own to time queries) are not counted as the server's latency. It is sent one order, runs until
 * it is sent a second message, and answers autocannon's result.
 */
import autocannon from 'autocannon';

export interface LoadOrder {
  url: string;
  cookie: string;
  connections: number;
  /** Requested in turn, each request the next. */
  paths: string[];
}

export type LoadReport = { result: autocannon.Result } | { error: string };

process.once('message', (order: LoadOrder) => {
  let i = 0;
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
    (err, result) => {
      const report: LoadReport = err ? { error: String(err) } : { result };
      process.send!(report, () => process.exit(0));
    },
  );
  instance.once('start', () => process.send!('started'));
  process.once('message', () => instance.stop());
});
