import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponseSchema } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { removeOrphanImages } from '../src/modules/images/images.service.ts';
import { createExportStorage } from '../src/modules/data-export/data-export.storage.ts';
import { createImageStorage } from '../src/modules/images/images.storage.ts';
import { useTestApp, type TestApp } from './build-test-app.ts';
import { startLocalBucket, type LocalBucket } from './helpers/local-bucket.ts';
import { multipartForm } from './helpers/market.ts';

const BUCKET = 'market-images';

let localBucket: LocalBucket;
let bucket: S3Client;

beforeAll(async () => {
  localBucket = await startLocalBucket(BUCKET);
  bucket = new S3Client({
    endpoint: localBucket.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: localBucket.credentials,
  });
});

afterAll(async () => {
  bucket?.destroy();
  await localBucket?.close();
});

/** Two instances with separate databases and local folders, sharing only the bucket. */
const first = useTestApp(() => ({ env: localBucket.env }));
const second = useTestApp(() => ({ env: localBucket.env }));

async function uploadTo(t: TestApp, bytes: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    ...multipartForm(bytes, { filename: 'phone.jpg' }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return imageUploadResponseSchema.parse(res.json()).data;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return false;
    }
    throw err;
  }
}

const randomJpeg = () =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
      background: '#000',
    },
  })
    .jpeg()
    .toBuffer();

describe('images stored in an S3-compatible bucket', () => {
  it('stores both files in the bucket, not in the local folder', async () => {
    const { url } = await uploadTo(first, await randomJpeg());
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    expect(await objectExists(`images/${hash}.webp`)).toBe(true);
    expect(await objectExists(`images/${hash}-400.webp`)).toBe(true);
    expect(fs.existsSync(path.join(first.config.uploadsDir, `${hash}.webp`))).toBe(false);
  });

  it('serves an image through any instance sharing the bucket', async () => {
    const { url, thumbnailUrl } = await uploadTo(first, await randomJpeg());
    for (const instance of [first, second]) {
      const res = await instance.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const hash = crypto.createHash('sha256').update(res.rawPayload).digest('hex');
      expect(url).toBe(`/api/images/${hash}.webp`);
      const thumb = await instance.app.inject({ method: 'GET', url: thumbnailUrl });
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    }
  });

  it('answers 404 for an image the bucket does not have', async () => {
    const res = await second.app.inject({
      method: 'GET',
      url: `/api/images/${'f'.repeat(64)}.webp`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('removes an orphan from the bucket', async () => {
    const { url, thumbnailUrl } = await uploadTo(first, await randomJpeg());
    const hash = url.slice('/api/images/'.length, -'.webp'.length);
    await first.app.db
      .updateTable('images')
      .set({ createdAt: valueWriters(first.app.db).date(new Date(Date.now() - 48 * 3600_000)) })
      .where('id', '=', hash)
      .execute();
    const storage = createImageStorage(first.config);
    expect(storage.kind).toBe('s3');
    expect(await removeOrphanImages(first.app.db, storage)).toContain(hash);
    storage.close();
    expect(await objectExists(`images/${hash}.webp`)).toBe(false);
    expect(await objectExists(`images/${hash}-400.webp`)).toBe(false);
    expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await second.app.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(404);
  });
});

describe('data exports kept in the same bucket', () => {
  it('are stored under exports/, read by another instance, and removed', async () => {
    const storage = createExportStorage(first.config);
    const other = createExportStorage(second.config);
    expect([storage.kind, other.kind]).toEqual(['s3', 's3']);
    const key = `${crypto.randomUUID()}.zip`;
    const bytes = crypto.randomBytes(70_000);
    const workFile = path.join(storage.workDir, `${key}.part`);
    fs.writeFileSync(workFile, bytes);

    await storage.putFile(key, workFile, bytes.length);
    expect(fs.existsSync(workFile)).toBe(false);
    expect(await objectExists(`exports/${key}`)).toBe(true);
    const read = await other.get(key);
    expect(read?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await other.remove([key]);
    expect(await objectExists(`exports/${key}`)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    // A key is an export's file name, never a path into the bucket.
    await expect(storage.get('../images/x.webp')).rejects.toThrow('Not an export file name');
    storage.close();
    other.close();
  });
});
