// The two places the server keeps files (images, data exports): a folder of DATA_DIR, or a prefix
// of the S3-compatible bucket when one is configured, so that every instance sees every file.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** A stored file being read. */
export interface StoredFile {
  body: Readable;
  size: number | undefined;
}

function isMissingFile(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}

/** Files of one local folder, by name (names are checked by the caller: never a path). */
export class LocalFolder {
  constructor(
    readonly dir: string,
    mode?: number,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode });
  }

  pathOf(name: string): string {
    return path.join(this.dir, name);
  }

  /** The file as a stream, or null when there is none. */
  async get(name: string): Promise<StoredFile | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(name), 'r');
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

  /** Removes the files; names that do not exist are ignored. */
  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(this.pathOf(name), { force: true })));
  }

  /**
   * Makes a rename into the folder durable. Some file systems refuse to sync a folder: that is
   * fine, the file's own data is already on disk.
   */
  async syncDir(): Promise<void> {
    let dir: fsp.FileHandle | undefined;
    try {
      dir = await fsp.open(this.dir, 'r');
      await dir.sync();
    } catch {
      // Best effort only.
    } finally {
      await dir?.close();
    }
  }
}

/**
 * The S3 client library is loaded only when a bucket is configured: it is large, and a server
 * with local storage would load it at every start for nothing.
 */
const require = createRequire(import.meta.url);
type S3Sdk = typeof S3;

/** What a stored object is served as. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** Needed when the body is a stream. */
  contentLength?: number;
}

/** Objects under one prefix (such as `images/`) of the configured bucket, by name. */
export class S3Folder {
  private readonly sdk: S3Sdk;
  private readonly client: S3.S3Client;
  private readonly bucket: string;

  constructor(
    s3: NonNullable<Config['s3']>,
    private readonly prefix: string,
  ) {
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

  /** The object's key in the bucket. */
  keyOf(name: string): string {
    return this.prefix + name;
  }

  async put(name: string, body: Buffer | Readable, headers: ObjectHeaders): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(name),
        Body: body,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
        ContentLength: headers.contentLength,
      }),
    );
  }

  /** The object as a stream, or null when there is none. */
  async get(name: string): Promise<StoredFile | null> {
    try {
      const out = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }),
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

  /** Removes the objects; names that do not exist are ignored. */
  async remove(names: readonly string[]): Promise<void> {
    // One call per key: DeleteObjects needs a checksum header that not every store accepts.
    await Promise.all(
      names.map((name) =>
        this.client.send(
          new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }),
        ),
      ),
    );
  }

  close(): void {
    this.client.destroy();
  }
}
