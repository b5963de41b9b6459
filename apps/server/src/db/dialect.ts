import { PostgresAdapter, sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/** Any Kysely instance or transaction, whatever its table types. */
export interface DbLike {
  getExecutor(): { readonly adapter: object };
}

/** The one place that knows how SQLite and PostgreSQL differ in column types. */
export function isPostgres(db: DbLike): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface ColumnTypes {
  timestamp: 'timestamptz' | 'text';
  boolean: 'boolean' | 'integer';
  bigint: 'bigint' | 'integer';
  falseValue: RawBuilder<unknown>;
}

export function columnTypes(db: DbLike): ColumnTypes {
  return isPostgres(db)
    ? { timestamp: 'timestamptz', boolean: 'boolean', bigint: 'bigint', falseValue: sql`false` }
    : { timestamp: 'text', boolean: 'integer', bigint: 'integer', falseValue: sql`0` };
}

export interface ValueWriters {
  date(d: Date): Date | string;
  bool(b: boolean): boolean | number;
}

/** How to write a Date or a boolean for this database (see schema.ts). */
export function valueWriters(db: DbLike): ValueWriters {
  return isPostgres(db)
    ? { date: (d) => d, bool: (b) => b }
    : { date: (d) => d.toISOString(), bool: (b) => (b ? 1 : 0) };
}

/** Read a stored timestamp from either database. */
export function readDate(v: Date | string): Date {
  return v instanceof Date ? v : new Date(v);
}

/** Read a stored boolean from either database. */
export function readBool(v: boolean | number): boolean {
  return v === true || v === 1;
}

/** A write refused because a referenced row is gone (SQLite and PostgreSQL error codes). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** A write refused by a unique index (SQLite and PostgreSQL error codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * How long a SQLite statement waits for another process's write (a bulk import, a backup) to
 * end. better-sqlite3 waits on the event loop itself: the whole server waits with it.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
