import { Counter, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/*
 * The app's figures in the Prometheus text format (GET /metrics, modules/metrics). Each app has
 * its own registry: tests build many apps in one process, and one app's requests must not move
 * another's figures. The process's own figures (event-loop lag, heap, RSS, CPU, handles) are the
 * same for every app in the process, so they are collected once per process, in a registry of
 * their own, and printed before the app's.
 */

/** Told of every email a mailer sends or fails to send. */
export interface MailObserver {
  sent(): void;
  failed(): void;
}

/** The request duration buckets, in seconds: 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: one label, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/** The process's figures, collected once per process whichever app asks first. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One observation of a request, kept per method, route and status so that it costs one lookup. */
type Observe = (seconds: number) => void;

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly observers = new Map<string, Observe>();
  readonly mail: MailObserver;

  constructor() {
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request coming in to its answer sent, by method, route pattern and status; its _count is the number of requests.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    const sent = new Counter({
      name: 'market_mail_sent_total',
      help: 'Emails this instance handed to the mail server (or wrote to DATA_DIR/outbox without SMTP_URL).',
      registers: [this.registry],
    });
    const failed = new Counter({
      name: 'market_mail_failed_total',
      help: 'Emails this instance failed to send (each failed try counts; the outbox tries again later).',
      registers: [this.registry],
    });
    this.mail = { sent: () => sent.inc(), failed: () => failed.inc() };
  }

  /**
   * Counts a request answered by the route with URL pattern `route` (undefined: no route
   * matched) in `milliseconds`.
   */
  observeRequest(
    method: string,
    route: string | undefined,
    statusCode: number,
    milliseconds: number,
  ): void {
    const key = `${method} ${statusCode} ${route ?? ''}`;
    let observe = this.observers.get(key);
    if (!observe) {
      const child = this.requests.labels({
        method,
        route: route ?? UNMATCHED_ROUTE,
        status_code: String(statusCode),
      });
      observe = (seconds) => child.observe(seconds);
      this.observers.set(key, observe);
    }
    observe(milliseconds / 1000);
  }

  /** Adds a figure of the app's (a gauge whose `collect` reads it when scraped). */
  add<T extends Metric>(metric: T): T {
    this.registry.registerMetric(metric);
    return metric;
  }

  /** The process's figures, then the app's, in the Prometheus text format. */
  async exposition(): Promise<string> {
    const [process, app] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${app}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's figures for GET /metrics (modules/metrics), and its mail counters. */
    metrics: AppMetrics;
  }
}
