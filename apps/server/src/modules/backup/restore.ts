import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type * as Pg from 'pg';
import { checkTool, run } from './backup.ts';
import {
  AUTH_SECRET_FILE,
  CANONICAL_TEXT_SETTINGS,
  UPLOADS_FOLDER,
  compareSummaries,
  listImageFiles,
  readManifest,
  summarizeFile,
  summarizePostgres,
  summarizeSqlite,
  type BackupManifest,
  type FileSummary,
  type TableSummary,
} from './manifest.ts';

const require = createRequire(import.meta.url);

/** Where a backup goes: a DATA_DIR (for SQLite, and for the images), and a PostgreSQL database. */
export interface RestoreTarget {
  /** An empty or new folder; it receives the SQLite database, the images and the auth secret. */
  dataDir?: string;
  /** An existing PostgreSQL database without tables. */
  databaseUrl?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Differences between the restored data and the manifest; empty when it matches. */
  problems: string[];
}

export class RestoreRefused extends Error {}

/**
 * Restores a backup into empty places, then reads what was restored and compares it with the
 * backup's manifest: every table's count and checksum, every image's size and sha256.
 */
export async function restoreBackup(
  backupDir: string,
  target: RestoreTarget,
  options: { pgRestore?: string } = {},
): Promise<RestoreResult> {
  const manifest = readManifest(backupDir);
  const kind = manifest.database.kind;
  const needsDataDir = kind === 'sqlite' || manifest.images.storage === 'local';
  if (kind === 'postgres' && !target.databaseUrl)
    throw new RestoreRefused('this backup is of PostgreSQL: give the database URL to restore into');
  if (kind === 'sqlite' && target.databaseUrl)
    throw new RestoreRefused('this backup is of SQLite: give an empty DATA_DIR, not a database');
  if (needsDataDir && !target.dataDir)
    throw new RestoreRefused(
      'this backup holds files: give an empty DATA_DIR to restore them into',
    );
  if (target.dataDir) await refuseNonEmptyDir(target.dataDir);
  if (target.databaseUrl) await refuseNonEmptyDatabase(target.databaseUrl);

  let tables: Record<string, TableSummary>;
  if (kind === 'sqlite') {
    const dataDir = target.dataDir as string;
    const file = path.join(dataDir, 'marketplace.db');
    await fsp.mkdir(dataDir, { recursive: true });
    await fsp.copyFile(path.join(backupDir, manifest.database.file), file);
    await syncFile(file);
    const db = new SQLite(file, { fileMustExist: true });
    try {
      tables = summarizeSqlite(db).tables;
    } finally {
      db.close();
    }
  } else {
    const databaseUrl = target.databaseUrl as string;
    const pgRestore = options.pgRestore ?? 'pg_restore';
    await checkTool(pgRestore, 'pg_restore');
    await run(pgRestore, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      `--dbname=${databaseUrl}`,
      path.join(backupDir, manifest.database.file),
    ]);
    tables = await withPostgres(databaseUrl, async (client) => {
      await client.query('begin isolation level repeatable read read only');
      await client.query(CANONICAL_TEXT_SETTINGS);
      const summary = await summarizePostgres(client);
      await client.query('commit');
      return summary.tables;
    });
  }

  let files: Record<string, FileSummary> | undefined;
  if (manifest.images.storage === 'local' && target.dataDir) {
    const from = path.join(backupDir, UPLOADS_FOLDER);
    const to = path.join(target.dataDir, 'uploads');
    await fsp.mkdir(to, { recursive: true });
    files = {};
    for (const name of await listImageFiles(from)) {
      await fsp.copyFile(path.join(from, name), path.join(to, name));
      files[name] = await summarizeFile(path.join(to, name));
    }
  }
  if (manifest.authSecret && target.dataDir) {
    const secret = path.join(target.dataDir, AUTH_SECRET_FILE);
    await fsp.copyFile(path.join(backupDir, AUTH_SECRET_FILE), secret);
    await fsp.chmod(secret, 0o600);
  }
  return {
    manifest,
    problems: compareSummaries(manifest, { tables, ...(files ? { files } : {}) }),
  };
}

async function refuseNonEmptyDir(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fsp.readdir(dir);
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return;
    throw err;
  }
  if (entries.length > 0)
    throw new RestoreRefused(
      `${dir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}): ` +
        'restore into an empty or new folder, so that no data is overwritten',
    );
}

async function refuseNonEmptyDatabase(databaseUrl: string): Promise<void> {
  const count = await withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    return rows[0]?.tables ?? 0;
  });
  if (count > 0)
    throw new RestoreRefused(
      `the database ${redactUrl(databaseUrl)} is not empty (${count} tables or other objects in ` +
        'its public schema): restore into a new, empty database, so that no data is overwritten',
    );
}

/** The URL without its password, to be shown in messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'given';
  }
}

async function withPostgres<T>(
  databaseUrl: string,
  work: (client: Pg.Client) => Promise<T>,
): Promise<T> {
  const pg = require('pg') as typeof Pg;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
