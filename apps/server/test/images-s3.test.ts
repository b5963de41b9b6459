import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUploadResponseSchema } from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { removeOrphanImages } from '../src/modules/images/images.service.ts';
import { createImageStorage } from '../src/modules/images/images.storage.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/** The parts of s3rver (a local S3-compatible server, shipped without types) used here. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const BUCKET = 'market-images';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3rver: S3rverServer;
let s3Dir: string;
let endpoint: string;
let bucket: S3Client;
/** Two instances with separate databases and local folders, sharing only the bucket. */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  first = await buildTestApp({ env });
  second = await buildTestApp({ env });
  bucket = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
});

afterAll(async () => {
  bucket?.destroy();
  await first?.close();
  await second?.close();
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

function multipartForm(bytes: Buffer) {
  const boundary = `----market${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="phone.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadTo(t: TestApp, bytes: Buffer) {
  const res = await t.app.inject({ method: 'POST', url: '/api/images', ...multipartForm(bytes) });
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
