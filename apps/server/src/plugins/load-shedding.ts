// Shedding load: past its bounds the server refuses new work at once (503 with Retry-After)
// rather than queue it until every caller times out (decision 0038).
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverTexts } from '@market/shared/texts';
import { AppError, reason, wordRefusal } from '../lib/errors.ts';

/** Seconds a refused caller is asked to wait; a few of the under-pressure samples (1 s each). */
export const SHED_RETRY_AFTER_SECONDS = 5;

const SHED_REFUSAL = reason('common.busy', { seconds: SHED_RETRY_AFTER_SECONDS });
export const SHED_MESSAGE = wordRefusal(SHED_REFUSAL, serverTexts('en'));

/**
 * Answered whatever the load: load balancers and monitoring must see the instance alive and
 * read why it is busy. /metrics is another part's route, exempt here by its path.
 */
export function isExemptFromShedding(pathname: string): boolean {
  return (
    pathname === '/api/health' || pathname.startsWith('/api/health/') || pathname === '/metrics'
  );
}

/** A page without scripts or outside files: the server is too busy to serve the web app's. */
const BUSY_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${SHED_RETRY_AFTER_SECONDS}">
<title>Phone Market is busy</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 3rem 1.5rem; text-align: center; color: #1f2937; background: #f9fafb">
<main style="max-width: 32rem; margin: 0 auto">
<h1 style="font-size: 1.5rem; margin: 0 0 1rem">Phone Market is busy</h1>
<p style="line-height: 1.5; margin: 0">${SHED_MESSAGE} This page reloads by itself.</p>
</main>
</body>
</html>
`;

const WARNING_INTERVAL_MS = 10_000;
/** How often under-pressure reads the event-loop delay and the heap (its default). */
const SAMPLE_INTERVAL_MS = 1_000;
/** How often this plugin looks at under-pressure's last reading. */
const CHECK_INTERVAL_MS = 250;
/**
 * How long the readings must stay past a bound before requests are refused: longer than one
 * reading, so two readings in a row. One reading past it is a single long task (the search index
 * built at start, a full garbage collection), which the requests that follow do not make worse.
 */
const SUSTAINED_MS = SAMPLE_INTERVAL_MS + 2 * CHECK_INTERVAL_MS;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether new requests are being refused (always false with LOAD_SHEDDING off). */
    sheddingLoad(): boolean;
  }
}

/**
 * Refuses requests while the event loop lags or the heap is full past the configured bounds:
 * API calls get the JSON 503 of every error, pages a short page; health and metrics still answer.
 */
export async function registerLoadShedding(app: FastifyInstance): Promise<void> {
  const bounds = app.config.loadShedding;
  if (!bounds) {
    app.decorate('sheddingLoad', () => false);
    return;
  }
  let lastWarning = 0;
  // Since when under-pressure's readings have been past a bound (0: they are within them).
  let pressureSince = 0;
  const sustained = () => pressureSince > 0 && Date.now() - pressureSince >= SUSTAINED_MS;
  app.decorate('sheddingLoad', sustained);
  await app.register(underPressure, {
    maxEventLoopDelay: bounds.maxEventLoopDelayMs,
    maxHeapUsedBytes: bounds.maxHeapUsedBytes,
    maxEventLoopUtilization: bounds.maxEventLoopUtilization,
    // Each reading's share of its own second, not the share since start.
    eventLoopUtilizationMode: 'interval',
    retryAfter: SHED_RETRY_AFTER_SECONDS,
    sampleInterval: SAMPLE_INTERVAL_MS,
    pressureHandler: (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      value: number | undefined,
    ) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // Nullish: the request goes on as usual.
      if (!sustained() || isExemptFromShedding(pathname)) return undefined;
      const now = Date.now();
      if (now - lastWarning > WARNING_INTERVAL_MS) {
        // One line per interval: a line for every refused request would add to the load.
        lastWarning = now;
        request.log.warn({ type, value, bounds }, 'shedding load: refusing new requests');
      }
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        // A rejection goes to the error handler, which draws the one JSON error shape.
        return Promise.reject(
          new AppError(503, 'SERVICE_UNAVAILABLE', SHED_REFUSAL, undefined, {
            'retry-after': String(SHED_RETRY_AFTER_SECONDS),
          }),
        );
      }
      // Sent here; the request stops, since its reply is sent (under-pressure's documented way).
      void reply
        .status(503)
        .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(BUSY_PAGE);
      return undefined;
    },
  });
  const watch = setInterval(() => {
    if (!app.isUnderPressure()) pressureSince = 0;
    else if (pressureSince === 0) pressureSince = Date.now();
  }, CHECK_INTERVAL_MS);
  watch.unref();
  app.addHook('onClose', async () => clearInterval(watch));
}
