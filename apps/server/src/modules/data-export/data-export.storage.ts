import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalFolder, S3Folder, type StoredFile } from '../../lib/file-store.ts';

/**
 * Where finished exports are kept until they expire: DATA_DIR/exports, or the S3 bucket (under
 * `exports/`, beside the images) when one is configured, so that every instance can serve a
 * download whichever instance built it. A zip is first written to a local work file and only
 * then stored under its name, so a half-built zip is never downloadable.
 */
export interface ExportStorage {
  readonly kind: 'local' | 's3';
  /** A private folder for the zip while it is built. */
  readonly workDir: string;
  /** Stores the finished work file under `key` (and removes the work file). */
  putFile(key: string, workFile: string, size: number): Promise<void>;
  /** The stored zip as a stream, or null when it is gone. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the zips; keys that do not exist are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  close(): void;
}

export function createExportStorage(config: Readonly<Config>): ExportStorage {
  const workDir = path.join(config.dataDir, 'exports', '.work');
  fs.mkdirSync(workDir, { recursive: true, mode: 0o700 });
  return config.s3
    ? new S3ExportStorage(config.s3, workDir)
    : new LocalExportStorage(path.join(config.dataDir, 'exports'), workDir);
}

/** A key is the export's id and `.zip`: never a path. */
function checkedKey(key: string): string {
  if (!/^[0-9a-f-]{36}\.zip$/.test(key)) throw new Error(`Not an export file name: ${key}`);
  return key;
}

export class LocalExportStorage implements ExportStorage {
  readonly kind = 'local';
  private readonly folder: LocalFolder;

  constructor(
    dir: string,
    readonly workDir: string,
  ) {
    this.folder = new LocalFolder(dir, 0o700);
  }

  async putFile(key: string, workFile: string): Promise<void> {
    // The work folder is inside the exports folder: the rename is atomic.
    await fsp.rename(workFile, this.folder.pathOf(checkedKey(key)));
    await this.folder.syncDir();
  }

  async get(key: string): Promise<StoredFile | null> {
    return this.folder.get(checkedKey(key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    return this.folder.remove(keys.map(checkedKey));
  }

  close(): void {}
}

export class S3ExportStorage implements ExportStorage {
  readonly kind = 's3';
  private readonly folder: S3Folder;

  constructor(
    s3: NonNullable<Config['s3']>,
    readonly workDir: string,
  ) {
    this.folder = new S3Folder(s3, 'exports/');
  }

  async putFile(key: string, workFile: string, size: number): Promise<void> {
    try {
      await this.folder.put(checkedKey(key), fs.createReadStream(workFile), {
        contentType: 'application/zip',
        cacheControl: 'private, no-store',
        contentLength: size,
      });
    } finally {
      await fsp.rm(workFile, { force: true });
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    return this.folder.get(checkedKey(key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    return this.folder.remove(keys.map(checkedKey));
  }

  close(): void {
    this.folder.close();
  }
}
