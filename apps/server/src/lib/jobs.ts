import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** Work that runs in the background while the app runs. */
export interface BackgroundJob {
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export interface RepeatOptions {
  /** The app is ready only once the first run is done (work that piled up while it was stopped). */
  firstRunBeforeReady?: boolean;
  /** Runs first when the app is ready (the default), or only once the first interval has passed. */
  runAtStart?: boolean;
  /** Told as the job stops, before the run under way is waited for: a long run may end early. */
  interrupt?: () => void;
  /** Called once the job has stopped and its last run is over (a mailer to close). */
  stopped?: () => void | Promise<void>;
}

/** A job as listed: its name, and how often it runs (null: it keeps its own time). */
export interface JobListing {
  name: string;
  everyMs: number | null;
}

/** How a repeating job has fared on this instance (epoch milliseconds; null: not yet). */
export interface JobRecord {
  startedAt: number | null;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
}

/** A repeating job with its record, for the metrics. */
export interface JobStatus extends JobRecord {
  name: string;
  everyMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background jobs, by name (registered in app.ts). */
    jobs: Jobs;
  }
}

/**
 * The app's background jobs. They start one after the other, in the order they were
 * registered, when the app is ready, and stop in the reverse order when it closes, before the
 * database, Redis and the image storage close.
 */
export class Jobs {
  private readonly registered: (JobListing & { job: BackgroundJob; record?: JobRecord })[] = [];
  private started: BackgroundJob[] | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** A job that keeps its own time (a listener, a connection). */
  add(name: string, job: BackgroundJob): void {
    this.register({ name, everyMs: null, job });
  }

  /**
   * Runs `run` when the app is ready and then every `everyMs`, one run at a time; a failed run
   * is logged and the next one tries again. Stopping waits for a run under way.
   */
  every(name: string, everyMs: number, run: () => Promise<unknown>, options: RepeatOptions = {}) {
    const record: JobRecord = { startedAt: null, lastSuccessAt: null, lastFailureAt: null };
    const job = repeating(this.log, name, everyMs, run, options, record);
    this.register({ name, everyMs, job, record });
  }

  /** Each repeating job's record: when it started, last succeeded and last failed. */
  status(): JobStatus[] {
    return this.registered.flatMap(({ name, everyMs, record }) =>
      record && everyMs !== null ? [{ name, everyMs, ...record }] : [],
    );
  }

  /** The jobs in the order they start. */
  list(): JobListing[] {
    return this.registered.map(({ name, everyMs }) => ({ name, everyMs }));
  }

  async start(): Promise<void> {
    this.started = [];
    for (const { job } of this.registered) {
      await job.start();
      this.started.push(job);
    }
  }

  async stop(): Promise<void> {
    const started = this.started ?? [];
    this.started = null;
    for (const job of started.reverse()) {
      try {
        await job.stop();
      } catch (err) {
        this.log.error({ err }, 'stopping a background job failed');
      }
    }
  }

  private register(entry: JobListing & { job: BackgroundJob; record?: JobRecord }): void {
    if (this.started) throw new Error(`Job "${entry.name}" registered after the jobs started`);
    if (this.registered.some((r) => r.name === entry.name))
      throw new Error(`Job "${entry.name}" registered twice`);
    this.registered.push(entry);
  }
}

/** Makes `app.jobs`: started when the app is ready, stopped when it closes. */
export function registerJobs(app: FastifyInstance): Jobs {
  const jobs = new Jobs(app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

function repeating(
  log: FastifyBaseLogger,
  name: string,
  everyMs: number,
  run: () => Promise<unknown>,
  { firstRunBeforeReady = false, runAtStart = true, interrupt, stopped }: RepeatOptions,
  record: JobRecord,
): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const once = () => {
    if (busy) return;
    busy = true;
    running = run()
      .then(
        () => {
          record.lastSuccessAt = Date.now();
        },
        (err: unknown) => {
          record.lastFailureAt = Date.now();
          log.error({ err }, `${name} failed`);
        },
      )
      .finally(() => {
        busy = false;
      });
  };
  return {
    async start() {
      record.startedAt = Date.now();
      if (runAtStart) once();
      if (firstRunBeforeReady) await running;
      timer = setInterval(once, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      interrupt?.();
      await running;
      await stopped?.();
    },
  };
}
