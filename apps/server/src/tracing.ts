// OpenTelemetry traces, sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision
// 0038). server.ts imports this module only then, and before the modules it instruments: the
// `pg` driver is patched as it is first required, and Fastify and ioredis are followed through
// their diagnostics channels. Nothing here is loaded when traces are off.
import diagnosticsChannel from 'node:diagnostics_channel';
import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { setSqliteDialectWrapper } from './lib/query-spans.ts';

const TRACER_NAME = 'phone-market';

/**
 * Starts sending traces: HTTP server spans named by route pattern, database spans (PostgreSQL
 * through @opentelemetry/instrumentation-pg, SQLite through a wrapped Kysely driver) and Redis
 * spans (ioredis's own tracing channel), each under the request it serves. Queries and commands
 * of background jobs, outside any request, make no spans. Returns what flushes and stops it.
 */
export function startTracing(): () => Promise<void> {
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over the default name.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'phone-market' }).merge(
      detectResources({ detectors: [envDetector, processDetector, hostDetector] }),
    ),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers) itself, and sends JSON.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global tracer provider, the AsyncLocalStorage context and W3C trace-context headers.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ requireParentforOutgoingSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  const tracer = provider.getTracer(TRACER_NAME);
  diagnosticsChannel.subscribe('fastify.initialization', nameServerSpansByRoute);
  followRedisCommands(tracer);
  setSqliteDialectWrapper((dialect) => new SqliteSpansDialect(dialect, tracer));
  return () => provider.shutdown();
}

/**
 * The HTTP instrumentation names a server span `GET /api/products/:category` when the framework
 * tells it the route pattern; a raw URL would make one name per id.
 */
function nameServerSpansByRoute(message: unknown): void {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const rpc = getRPCMetadata(context.active());
    if (route && rpc?.type === RPCType.HTTP) rpc.route = route;
    done();
  });
}

/** What ioredis (6 and 5.11 on) publishes on its `ioredis:command` tracing channel. */
interface RedisCommandMessage {
  command: string;
  args: string[];
  database: number;
  serverAddress: string;
  serverPort: number | undefined;
  error?: unknown;
}

/**
 * Redis spans from ioredis's own tracing channel: @opentelemetry/instrumentation-ioredis patches
 * only ioredis before 6 (and its releases that know the channel need Node 22).
 */
function followRedisCommands(tracer: Tracer): void {
  const spans = new WeakMap<object, Span>();
  const finish = (message: object) => {
    spans.get(message)?.end();
    spans.delete(message);
  };
  diagnosticsChannel.tracingChannel<string, RedisCommandMessage>('ioredis:command').subscribe({
    start(message) {
      if (!trace.getSpan(context.active())) return;
      // The names of the current semantic conventions, as the PostgreSQL instrumentation writes.
      const attributes: Attributes = {
        'db.system.name': 'redis',
        'db.operation.name': message.command,
        // ioredis has replaced every argument that could carry data by '?'.
        'db.query.text': [message.command, ...message.args].join(' '),
        'db.namespace': String(message.database),
        'server.address': message.serverAddress,
      };
      if (message.serverPort !== undefined) attributes['server.port'] = message.serverPort;
      spans.set(message, tracer.startSpan(message.command, { kind: SpanKind.CLIENT, attributes }));
    },
    error(message) {
      const span = spans.get(message);
      if (!span) return;
      span.recordException(toException(message.error));
      span.setStatus({ code: SpanStatusCode.ERROR });
    },
    // A command that throws at once ends here; one that returns a promise ends at asyncEnd.
    end(message) {
      if (message.error !== undefined) finish(message);
    },
    asyncStart() {},
    asyncEnd: finish,
  });
}

function toException(error: unknown): Error | string {
  return error instanceof Error ? error : String(error);
}

/** The first word of a statement (SELECT, INSERT, begin, ...) in capitals. */
function operationOf(sql: string): string {
  return /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * better-sqlite3 has no OpenTelemetry instrumentation, and it runs each statement synchronously
 * inside Kysely's connection: a span around the connection's executeQuery covers the statement,
 * and Kysely's own begin, commit and savepoints go through it too.
 */
class SqliteSpansConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly tracer: Tracer,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!trace.getSpan(context.active())) return this.inner.executeQuery<R>(compiledQuery);
    const operation = operationOf(compiledQuery.sql);
    return this.tracer.startActiveSpan(
      `sqlite.query:${operation}`,
      {
        kind: SpanKind.CLIENT,
        // The statement's text only: its parameters carry people's data.
        attributes: {
          'db.system.name': 'sqlite',
          'db.operation.name': operation,
          'db.query.text': compiledQuery.sql,
        },
      },
      async (span) => {
        try {
          return await this.inner.executeQuery<R>(compiledQuery);
        } catch (err) {
          span.recordException(toException(err));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class SqliteSpansDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, SqliteSpansConnection>();
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly tracer: Tracer,
  ) {
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let traced = this.connections.get(connection);
    if (!traced) {
      traced = new SqliteSpansConnection(connection, this.tracer);
      this.connections.set(connection, traced);
    }
    return traced;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

class SqliteSpansDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly tracer: Tracer,
  ) {}

  createDriver(): Driver {
    return new SqliteSpansDriver(this.inner.createDriver(), this.tracer);
  }

  createQueryCompiler(): ReturnType<Dialect['createQueryCompiler']> {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): ReturnType<Dialect['createAdapter']> {
    return this.inner.createAdapter();
  }

  // Kysely<any> is the type Dialect itself declares for the introspector's database.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): ReturnType<Dialect['createIntrospector']> {
    return this.inner.createIntrospector(db);
  }
}
