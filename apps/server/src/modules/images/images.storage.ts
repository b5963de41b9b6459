import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';

export interface StoredImage {
  body: Readable;
  size: number | undefined;
}

/** Where image files live. Names are already validated file names such as `<sha256>.webp`. */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(name: string, data: Buffer): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(name: string): Promise<StoredImage | null>;
  /** Removes the files; names that do not exist are ignored. */
  remove(names: readonly string[]): Promise<void>;
  close(): void;
}

/** An S3-compatible bucket when one is configured (so every instance sees every image), else DATA_DIR/uploads. */
export function createImageStorage(config: Readonly<Config>): ImageStorage {
  return config.s3 ? new S3ImageStorage(config.s3) : new LocalImageStorage(config.uploadsDir);
}

function isMissingFile(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}

export class LocalImageStorage implements ImageStorage {
  readonly kind = 'local';

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = path.join(this.dir, name);
    // Write a private temporary file, flush it to disk, then rename: readers and a crash
    // never see half a file, because a rename within one folder is atomic.
    const temp = path.join(this.dir, `.${name}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const handle = await fsp.open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (err) {
      await handle.close();
      await fsp.rm(temp, { force: true });
      throw err;
    }
    await handle.close();
    await fsp.rename(temp, target);
    await this.syncDir();
  }

  async get(name: string): Promise<StoredImage | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(path.join(this.dir, name), 'r');
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

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(path.join(this.dir, name), { force: true })));
  }

  close(): void {}

  /** Makes the rename itself durable. Some file systems refuse to sync a folder: that is fine. */
  private async syncDir(): Promise<void> {
    let dir: fsp.FileHandle | undefined;
    try {
      dir = await fsp.open(this.dir, 'r');
      await dir.sync();
    } catch {
      // Best effort only; the file's own data is already on disk.
    } finally {
      await dir?.close();
    }
  }
}

const S3_KEY_PREFIX = 'images/';

/**
 * The S3 client library is loaded only when a bucket is configured: it is large, and a server
 * with local storage would load it at every start for nothing.
 */
const require = createRequire(import.meta.url);
type S3Sdk = typeof S3;

export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3';
  private readonly sdk: S3Sdk;
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  constructor(s3: NonNullable<Config['s3']>) {
    this.bucket = s3.bucket;
    this.sdk = require('@aws-sdk/client-s3') as S3Sdk;
    this.client = new this.sdk.S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Many S3-compatible stores do not know the newer default checksums; send them only
      // where the protocol needs them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: S3_KEY_PREFIX + name,
        Body: data,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<StoredImage | null> {
    try {
      const out = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: S3_KEY_PREFIX + name }),
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

  async remove(names: readonly string[]): Promise<void> {
    // One call per key: DeleteObjects needs a checksum header that not every store accepts.
    await Promise.all(
      names.map((name) =>
        this.client.send(
          new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: S3_KEY_PREFIX + name }),
        ),
      ),
    );
  }

  close(): void {
    this.client.destroy();
  }
}
