import { ConfigError, loadConfig } from './config.ts';
import { limitHeapGrowth } from './lib/heap.ts';

async function main(): Promise<void> {
  limitHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Invalid configuration: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  // Traces need their instrumentation in place before the modules it follows are loaded, so the
  // app is imported after it, and the tracing code only when traces are asked for.
  let stopTracing: (() => Promise<void>) | undefined;
  if (config.otlpEndpoint) {
    const { startTracing } = await import('./tracing.ts');
    stopTracing = startTracing();
  }
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Give in-flight requests a bounded time, then stop regardless.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app
      .close()
      // The spans of the last requests are sent before the process ends.
      .then(() => stopTracing?.())
      .then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
