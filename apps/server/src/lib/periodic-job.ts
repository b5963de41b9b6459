import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` when the app is ready and then every `intervalMs`, one run at a time; a failed run
 * is logged and the next one tries again. Stops, and waits for a run under way, when the app
 * closes. With `firstRunBeforeReady`, the app is ready only once the first run is done (work
 * that piled up while it was stopped is done before it answers).
 */
export function repeatWhileRunning(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  { firstRunBeforeReady = false }: { firstRunBeforeReady?: boolean } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = job()
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, `${name} failed`),
      )
      .finally(() => {
        busy = false;
      });
  };
  app.addHook('onReady', async () => {
    run();
    if (firstRunBeforeReady) await running;
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
