import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { Config } from '../../config.ts';
import { LocalFolder, S3Folder, type StoredFile } from '../../lib/file-store.ts';

export type StoredImage = StoredFile;

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

export class LocalImageStorage implements ImageStorage {
  readonly kind = 'local';
  private readonly folder: LocalFolder;

  constructor(dir: string) {
    this.folder = new LocalFolder(dir);
  }

  async put(name: string, data: Buffer): Promise<void> {
    // Write a private temporary file, flush it to disk, then rename: readers and a crash
    // never see half a file, because a rename within one folder is atomic.
    const temp = this.folder.pathOf(`.${name}.${crypto.randomBytes(6).toString('hex')}.tmp`);
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
    await fsp.rename(temp, this.folder.pathOf(name));
    await this.folder.syncDir();
  }

  get(name: string): Promise<StoredImage | null> {
    return this.folder.get(name);
  }

  remove(names: readonly string[]): Promise<void> {
    return this.folder.remove(names);
  }

  close(): void {}
}

export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3';
  private readonly folder: S3Folder;

  constructor(s3: NonNullable<Config['s3']>) {
    this.folder = new S3Folder(s3, 'images/');
  }

  put(name: string, data: Buffer): Promise<void> {
    return this.folder.put(name, data, {
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  }

  get(name: string): Promise<StoredImage | null> {
    return this.folder.get(name);
  }

  remove(names: readonly string[]): Promise<void> {
    return this.folder.remove(names);
  }

  close(): void {
    this.folder.close();
  }
}
