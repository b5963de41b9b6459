import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type * as Pg from 'pg';

/** One table's size and fingerprint in a backup. */
export interface TableSummary {
  rows: number;
  /** sha256 of the table's rows in primary-key order; comparable within one database kind only. */
  sha256: string;
}

export interface FileSummary {
  size: number;
  sha256: string;
}

export type ImagesInBackup =
  | { storage: 'local'; folder: 'uploads'; files: Record<string, FileSummary> }
  | {
      storage: 's3';
      bucket: string;
      endpoint: string | null;
      /** GetBucketVersioning's answer: 'Enabled', 'Suspended', 'never enabled', or why unknown. */
      versioning: string;
    };

export interface BackupManifest {
  format: 1;
  /** When the database snapshot was taken (ISO 8601, UTC). */
  takenAt: string;
  database: {
    kind: 'sqlite' | 'postgres';
    /** The file beside the manifest: a SQLite database, or a pg_dump archive (custom format). */
    file: string;
    latestMigration: string | null;
    tables: Record<string, TableSummary>;
  };
  images: ImagesInBackup;
  /** DATA_DIR/auth-secret was copied (sessions and signed links stay valid after a restore). */
  authSecret: boolean;
}

export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_FILE = 'database.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const UPLOADS_FOLDER = 'uploads';
export const AUTH_SECRET_FILE = 'auth-secret';

const MIGRATION_TABLE = 'kysely_migration';

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A row as one line of canonical text: its values in column order as JSON, with binary values
 * as base64. The same rows in the same order give the same text, on the same database kind.
 */
function rowLine(values: readonly unknown[]): string {
  return JSON.stringify(values, (_, value: unknown) =>
    Buffer.isBuffer(value)
      ? { base64: value.toString('base64') }
      : typeof value === 'bigint'
        ? value.toString()
        : value,
  );
}

/** Every table's row count and checksum in a SQLite database, read in one transaction. */
export function summarizeSqlite(db: SQLite.Database): {
  tables: Record<string, TableSummary>;
  latestMigration: string | null;
} {
  const read = db.transaction(() => {
    const names = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, TableSummary> = {};
    for (const name of names) {
      const columns = db.prepare(`pragma table_info(${quoteIdent(name)})`).all() as {
        name: string;
        pk: number;
      }[];
      const keys = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
      const order = (keys.length > 0 ? keys : columns).map((c) => quoteIdent(c.name)).join(', ');
      const hash = crypto.createHash('sha256');
      let rows = 0;
      const statement = db.prepare(`select * from ${quoteIdent(name)} order by ${order}`).raw();
      for (const row of statement.iterate() as Iterable<unknown[]>) {
        hash.update(rowLine(row));
        hash.update('\n');
        rows += 1;
      }
      tables[name] = { rows, sha256: hash.digest('hex') };
    }
    const latestMigration = names.includes(MIGRATION_TABLE)
      ? ((db
          .prepare(`select name from ${MIGRATION_TABLE} order by name desc limit 1`)
          .pluck()
          .get() as string | undefined) ?? null)
      : null;
    return { tables, latestMigration };
  });
  return read.deferred();
}

/**
 * Session settings that fix how PostgreSQL writes values as text, so that the checksums of a
 * backup and of its restore are computed on the same text whatever the server's defaults.
 */
export const CANONICAL_TEXT_SETTINGS =
  "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; " +
  "set extra_float_digits = 1; set bytea_output = 'hex'";

/**
 * Every table's row count and checksum in PostgreSQL's public schema, read by `client` (inside
 * the caller's transaction, so within one snapshot). The checksum is computed by the server: a
 * sha256 over the sha256 of each row's text, in primary-key order.
 */
export async function summarizePostgres(client: Pg.ClientBase): Promise<{
  tables: Record<string, TableSummary>;
  latestMigration: string | null;
}> {
  const { rows: tableRows } = await client.query<{ name: string; keys: string[] | null }>(
    `select c.relname as name,
            (select array_agg(a.attname::text order by k.ord)
               from pg_index i
               cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as keys
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname collate "C"`,
  );
  const tables: Record<string, TableSummary> = {};
  for (const { name, keys } of tableRows) {
    const order =
      keys && keys.length > 0 ? keys.map((k) => `t.${quoteIdent(k)}`).join(', ') : 't::text';
    const { rows } = await client.query<{ rows: number; sha256: string }>(
      `select count(*)::int as rows,
              encode(sha256(coalesce(string_agg(sha256(convert_to(t::text, 'UTF8')), ''::bytea
                order by ${order}), ''::bytea)), 'hex') as sha256
         from ${quoteIdent(name)} t`,
    );
    const summary = rows[0];
    if (!summary) throw new Error(`no summary of table ${name}`);
    tables[name] = { rows: summary.rows, sha256: summary.sha256 };
  }
  let latestMigration: string | null = null;
  if (MIGRATION_TABLE in tables) {
    const { rows } = await client.query<{ name: string }>(
      `select name from ${MIGRATION_TABLE} order by name desc limit 1`,
    );
    latestMigration = rows[0]?.name ?? null;
  }
  return { tables, latestMigration };
}

/** Files in a folder that are whole images (a dot starts a file still being written). */
export async function listImageFiles(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

export async function summarizeFile(file: string): Promise<FileSummary> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Differences between what a manifest says and what was found, one line each; empty if none. */
export function compareSummaries(
  expected: Pick<BackupManifest, 'database' | 'images'>,
  found: { tables: Record<string, TableSummary>; files?: Record<string, FileSummary> },
): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(expected.database.tables), ...Object.keys(found.tables)]);
  for (const name of [...names].sort()) {
    const want = expected.database.tables[name];
    const got = found.tables[name];
    if (!want) problems.push(`table ${name}: not in the backup's manifest`);
    else if (!got) problems.push(`table ${name}: missing after the restore`);
    else if (want.rows !== got.rows)
      problems.push(`table ${name}: ${got.rows} rows, the manifest says ${want.rows}`);
    else if (want.sha256 !== got.sha256)
      problems.push(`table ${name}: same ${got.rows} rows but different contents (checksum)`);
  }
  if (expected.images.storage === 'local') {
    const files = found.files ?? {};
    for (const [name, want] of Object.entries(expected.images.files)) {
      const got = files[name];
      if (!got) problems.push(`image ${name}: missing`);
      else if (got.size !== want.size || got.sha256 !== want.sha256)
        problems.push(`image ${name}: different bytes from the manifest`);
    }
    for (const name of Object.keys(files)) {
      if (!(name in expected.images.files)) problems.push(`image ${name}: not in the manifest`);
    }
  }
  return problems;
}

export function readManifest(backupDir: string): BackupManifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${backupDir} is not a backup: it has no ${MANIFEST_FILE}`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format ${manifest.format}`);
  return manifest;
}
