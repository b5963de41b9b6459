import type { Dialect } from 'kysely';

/**
 * How the SQLite dialect is wrapped to make a span per query: set by tracing.ts when traces are
 * on (OTEL_EXPORTER_OTLP_ENDPOINT), before the database opens; nothing otherwise. PostgreSQL
 * needs none: the `pg` driver's own instrumentation makes its spans.
 */
let wrapSqlite: ((dialect: Dialect) => Dialect) | null = null;

export function setSqliteDialectWrapper(wrap: (dialect: Dialect) => Dialect): void {
  wrapSqlite = wrap;
}

/** The SQLite dialect as the database uses it: with spans when traces are on. */
export function sqliteDialectWithSpans(dialect: Dialect): Dialect {
  return wrapSqlite ? wrapSqlite(dialect) : dialect;
}
