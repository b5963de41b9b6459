import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

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
  get(key: string): Promise<{ body: Readable; size: number | undefined } | null>;
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

function isMissingFile(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}

/** A key is the export's id and `.zip`: never a path. */
function checkedKey(key: string): string {
  if (!/^[0-9a-f-]{36}\.zip$/.test(key)) throw new Error(`Not an export file name: ${key}`);
  return key;
}

export class LocalExportStorage implements ExportStorage {
  readonly kind = 'local';

  constructor(
    private readonly dir: string,
    readonly workDir: string,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async putFile(key: string, workFile: string): Promise<void> {
    // The work folder is inside the exports folder: the rename is atomic.
    await fsp.rename(workFile, path.join(this.dir, checkedKey(key)));
    let dir: fsp.FileHandle | undefined;
    try {
      dir = await fsp.open(this.dir, 'r');
      await dir.sync();
    } catch {
      // Best effort: some file systems refuse to sync a folder; the file itself is synced.
    } finally {
      await dir?.close();
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number | undefined } | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(path.join(this.dir, checkedKey(key)), 'r');
    } catch (err) {
      if (isMissingFile(err)) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream({ autoClose: true }), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => fsp.rm(path.join(this.dir, checkedKey(key)), { force: true })),
    );
  }

  close(): void {}
}

const S3_KEY_PREFIX = 'exports/';
// Loaded only when a bucket is configured, as for the images.
const require = createRequire(import.meta.url);
type S3Sdk = typeof S3;

export class S3ExportStorage implements ExportStorage {
  readonly kind = 's3';
  private readonly sdk: S3Sdk;
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  constructor(
    s3: NonNullable<Config['s3']>,
    readonly workDir: string,
  ) {
    this.bucket = s3.bucket;
    this.sdk = require('@aws-sdk/client-s3') as S3Sdk;
    this.client = new this.sdk.S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, workFile: string, size: number): Promise<void> {
    try {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: S3_KEY_PREFIX + checkedKey(key),
          Body: fs.createReadStream(workFile),
          ContentLength: size,
          ContentType: 'application/zip',
          CacheControl: 'private, no-store',
        }),
      );
    } finally {
      await fsp.rm(workFile, { force: true });
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number | undefined } | null> {
    try {
      const out = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: S3_KEY_PREFIX + checkedKey(key),
        }),
      );
      if (!out.Body) return null;
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      return { body: out.Body as Readable, size: out.ContentLength };
    } catch (err) {
      if (err instanceof this.sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)
        return null;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.client.send(
          new this.sdk.DeleteObjectCommand({
            Bucket: this.bucket,
            Key: S3_KEY_PREFIX + checkedKey(key),
          }),
        ),
      ),
    );
  }

  close(): void {
    this.client.destroy();
  }
}
