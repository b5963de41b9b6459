import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Pg from 'pg';
import type { Config } from '../../config.ts';
import {
  AUTH_SECRET_FILE,
  CANONICAL_TEXT_SETTINGS,
  MANIFEST_FILE,
  PG_DUMP_FILE,
  SQLITE_FILE,
  UPLOADS_FOLDER,
  listImageFiles,
  summarizeFile,
  summarizePostgres,
  summarizeSqlite,
  type BackupManifest,
  type FileSummary,
  type ImagesInBackup,
} from './manifest.ts';

/** What a backup reads: the parts of the server's settings that say where its data is. */
export type BackupSource = Pick<
  Config,
  'databaseUrl' | 'sqliteFile' | 'uploadsDir' | 'dataDir' | 's3'
>;

export interface BackupResult {
  /** The new backup's folder. */
  dir: string;
  manifest: BackupManifest;
  bytes: number;
}

const require = createRequire(import.meta.url);

/** A backup folder's name: its time, sortable, safe on every file system. */
export function backupFolderName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Writes one consistent backup of a running server's data into a new folder under `parentDir`.
 * The folder is assembled under a hidden name and renamed when whole, so a crash leaves no
 * folder that looks like a backup.
 */
export async function createBackup(
  source: BackupSource,
  parentDir: string,
  options: { now?: Date; pgDump?: string } = {},
): Promise<BackupResult> {
  const now = options.now ?? new Date();
  await fsp.mkdir(parentDir, { recursive: true });
  const finalDir = path.join(parentDir, backupFolderName(now));
  if (fs.existsSync(finalDir)) throw new Error(`${finalDir} exists already`);
  const workDir = path.join(parentDir, `.partial-${crypto.randomBytes(6).toString('hex')}`);
  await fsp.mkdir(workDir);
  try {
    const database = source.databaseUrl
      ? await backUpPostgres(source.databaseUrl, workDir, options.pgDump ?? 'pg_dump')
      : await backUpSqlite(source.sqliteFile, workDir);
    // Images are copied after the database's snapshot: an image a row of the snapshot names
    // was stored before that row was written, so it is on disk by now.
    const images = source.s3
      ? await describeBucket(source.s3)
      : await copyImages(source.uploadsDir, path.join(workDir, UPLOADS_FOLDER));
    const authSecret = await copyIfPresent(
      path.join(source.dataDir, AUTH_SECRET_FILE),
      path.join(workDir, AUTH_SECRET_FILE),
    );
    const manifest: BackupManifest = {
      format: 1,
      takenAt: database.takenAt.toISOString(),
      database: {
        kind: source.databaseUrl ? 'postgres' : 'sqlite',
        file: source.databaseUrl ? PG_DUMP_FILE : SQLITE_FILE,
        latestMigration: database.latestMigration,
        tables: database.tables,
      },
      images,
      authSecret,
    };
    await writeDurably(path.join(workDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(workDir, finalDir);
    return { dir: finalDir, manifest, bytes: await folderBytes(finalDir) };
  } catch (err) {
    await fsp.rm(workDir, { recursive: true, force: true });
    throw err;
  }
}

interface DatabaseSnapshot {
  takenAt: Date;
  tables: BackupManifest['database']['tables'];
  latestMigration: string | null;
}

/**
 * SQLite's online backup API copies the live database page by page while the server goes on
 * writing. All pages are copied in one step, which reads one consistent snapshot (the server
 * runs in WAL mode, so its writers are not blocked meanwhile); smaller steps would start over
 * after every write of the server. The counts and checksums are read from the copy itself.
 */
async function backUpSqlite(liveFile: string, workDir: string): Promise<DatabaseSnapshot> {
  if (!fs.existsSync(liveFile)) throw new Error(`no SQLite database at ${liveFile}`);
  const target = path.join(workDir, SQLITE_FILE);
  const live = new SQLite(liveFile, { fileMustExist: true });
  let takenAt: Date;
  try {
    live.pragma('busy_timeout = 5000');
    takenAt = new Date();
    await live.backup(target, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    // A backup of a WAL database is itself marked WAL; make it one self-contained file.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copied database fails its integrity check: ${check}`);
    return { takenAt, ...summarizeSqlite(copy) };
  } finally {
    copy.close();
  }
}

/**
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot; pg_dump dumps that very
 * snapshot while the same transaction counts and checksums the tables, so the manifest
 * describes exactly what the dump holds, however much the server writes meanwhile.
 */
async function backUpPostgres(
  databaseUrl: string,
  workDir: string,
  pgDump: string,
): Promise<DatabaseSnapshot> {
  await checkTool(pgDump, 'pg_dump');
  const pg = require('pg') as typeof Pg;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; now: Date }>(
      'select pg_export_snapshot() as snapshot, now() as now',
    );
    const exported = rows[0];
    if (!exported) throw new Error('PostgreSQL exported no snapshot');
    await client.query(CANONICAL_TEXT_SETTINGS);
    const dump = run(pgDump, [
      '--format=custom',
      `--snapshot=${exported.snapshot}`,
      `--file=${path.join(workDir, PG_DUMP_FILE)}`,
      `--dbname=${databaseUrl}`,
    ]);
    const [summary] = await Promise.all([summarizePostgres(client), dump]);
    await client.query('commit');
    return { takenAt: exported.now, ...summary };
  } finally {
    await client.end();
  }
}

/** Fails with a clear message when a PostgreSQL client tool is not installed. */
export async function checkTool(command: string, name: string): Promise<void> {
  try {
    await run(command, ['--version']);
  } catch {
    throw new Error(
      `${name} was not found (tried "${command}"): install the PostgreSQL client tools of the ` +
        `server's major version or newer (Debian: apt-get install postgresql-client) and try again`,
    );
  }
}

/** Runs a program to its end; rejects with its error output when it fails. */
export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

async function copyImages(fromDir: string, toDir: string): Promise<ImagesInBackup> {
  await fsp.mkdir(toDir, { recursive: true });
  const files: Record<string, FileSummary> = {};
  for (const name of await listImageFiles(fromDir)) {
    const target = path.join(toDir, name);
    try {
      await fsp.copyFile(path.join(fromDir, name), target);
    } catch (err) {
      // Removed since the listing (an orphan cleaned up): nothing of the snapshot names it.
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') continue;
      throw err;
    }
    files[name] = await summarizeFile(target);
  }
  return { storage: 'local', folder: UPLOADS_FOLDER, files };
}

/** A bucket is not copied; the manifest says which one and whether it keeps old versions. */
async function describeBucket(s3: NonNullable<Config['s3']>): Promise<ImagesInBackup> {
  const sdk = require('@aws-sdk/client-s3') as typeof S3;
  const client = new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  let versioning: string;
  try {
    const answer = await client.send(new sdk.GetBucketVersioningCommand({ Bucket: s3.bucket }));
    versioning = answer.Status ?? 'never enabled';
  } catch (err) {
    versioning = `unknown (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    client.destroy();
  }
  return { storage: 's3', bucket: s3.bucket, endpoint: s3.endpoint ?? null, versioning };
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await fsp.copyFile(from, to);
    await fsp.chmod(to, 0o600);
    return true;
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return false;
    throw err;
  }
}

async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await fsp.open(file, 'wx');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fsp.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
