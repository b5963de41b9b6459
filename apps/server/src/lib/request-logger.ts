import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
interface LevelAwareLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/**
 * A request's logger that makes its real child logger (pino serializes the child's bindings when
 * it is made) only when the request writes a line at a level that is on. Most requests write
 * none, so they make none.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAwareLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const parent = logger as Partial<LevelAwareLogger> & FastifyBaseLogger;
  // A route with its own level or serializers gets its child at once, as usual.
  if (typeof parent.isLevelEnabled !== 'function' || options.level || options.serializers) {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(parent as LevelAwareLogger, bindings, options);
};
