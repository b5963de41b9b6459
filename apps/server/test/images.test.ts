import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import exifReader from 'exif-reader';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  imageUploadResponseSchema,
  type ImageUploadResponse,
} from '@market/shared';
import { valueWriters } from '../src/db/dialect.ts';
import { insertUserWithPassword } from '../src/modules/accounts/accounts.repository.ts';
import { ANONYMOUS_UPLOADS_PER_WINDOW } from '../src/modules/images/images.rate-limit.ts';
import { removeOrphanImages } from '../src/modules/images/images.service.ts';
import { createImageStorage } from '../src/modules/images/images.storage.ts';
import { buildTestApp, useTestApp, type TestApp } from './build-test-app.ts';
import { countRows, multipartForm } from './helpers/market.ts';

const t = useTestApp();

/** Every test uploads from its own address, so the per-IP limit only bites where it is tested. */
let addressCounter = 0;
const freshAddress = () =>
  `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function upload(
  bytes: Buffer,
  options: Parameters<typeof multipartForm>[1] & { remoteAddress?: string } = {},
) {
  const { remoteAddress = freshAddress(), ...form } = options;
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    remoteAddress,
    ...multipartForm(bytes, form),
  });
}

async function uploadOk(bytes: Buffer, options?: Parameters<typeof upload>[1]) {
  const res = await upload(bytes, options);
  expect(res.statusCode, res.body).toBe(200);
  return imageUploadResponseSchema.parse(res.json()).data;
}

async function fetchImage(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The image id (content hash) in an image URL. */
const idOf = (url: string) => url.slice('/api/images/'.length, -'.webp'.length);

const imageRowCount = () => countRows(t, 'images');

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

/** A solid-colour image of the given size. */
function solidImage(width: number, height: number, seed = 0) {
  return sharp({
    create: { width, height, channels: 3, background: { r: (seed * 67) % 256, g: 120, b: 200 } },
  });
}

/** A PNG of random pixels: unlike solid colours, no two ever encode to the same WebP. */
function noisyPng(width = 48, height = 32) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
      background: '#000',
    },
  })
    .png()
    .toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A tiny PNG whose header declares a huge canvas: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  it('strips EXIF (GPS position included) from a phone photo', async () => {
    const photo = await solidImage(320, 240)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Model X' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 48/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 24/1 0/1',
        },
      })
      .toBuffer();
    const inputExif = (await sharp(photo).metadata()).exif;
    expect(inputExif).toBeDefined();
    expect(exifReader(inputExif!).GPSInfo?.GPSLatitude).toEqual([23, 48, 0]);

    const { url, thumbnailUrl } = await uploadOk(photo);
    for (const stored of [await fetchImage(url), await fetchImage(thumbnailUrl)]) {
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes('Exif')).toBe(false);
      expect(stored.includes('PhoneMaker')).toBe(false);
    }
  });

  it('applies the EXIF orientation before storing', async () => {
    const sideways = await solidImage(100, 50).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const { url, thumbnailUrl } = await uploadOk(sideways);
    for (const stored of [await fetchImage(url), await fetchImage(thumbnailUrl)]) {
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([50, 100]);
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('caps the long edge at 1600 px and makes a 400 px thumbnail', async () => {
    const big = await solidImage(3000, 2000, 1).png().toBuffer();
    const { url, thumbnailUrl } = await uploadOk(big, {
      filename: 'big.png',
      contentType: 'image/png',
    });
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    expect(thumbnailUrl).toBe(url.replace('.webp', '-400.webp'));
    const full = await sharp(await fetchImage(url)).metadata();
    expect([full.width, full.height]).toEqual([1600, 1067]);
    const thumb = await sharp(await fetchImage(thumbnailUrl)).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 267]);
    const row = await t.app.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', idOf(url))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ contentType: 'image/webp', width: 1600, height: 1067 });
  });

  it('never enlarges a small image', async () => {
    const small = await solidImage(120, 90, 2).png().toBuffer();
    const { url, thumbnailUrl } = await uploadOk(small, { contentType: 'image/png' });
    for (const stored of [await fetchImage(url), await fetchImage(thumbnailUrl)]) {
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height]).toEqual([120, 90]);
    }
  });

  it.each([
    ['PNG', (s: Sharp) => s.png()],
    ['WebP', (s: Sharp) => s.webp()],
    ['GIF', (s: Sharp) => s.gif()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('accepts %s and stores WebP', async (_name, encode) => {
    const bytes = await encode(solidImage(64, 48, 3)).toBuffer();
    // The declared type is deliberately wrong: only the bytes count.
    const { url } = await uploadOk(bytes, {
      filename: 'x.bin',
      contentType: 'application/octet-stream',
    });
    expect((await sharp(await fetchImage(url)).metadata()).format).toBe('webp');
  });

  it('refuses a text file named .jpg sent as image/jpeg (415)', async () => {
    const before = await imageRowCount();
    const res = await upload(Buffer.from('This is not a picture, just words.\n'.repeat(20)));
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await imageRowCount()).toBe(before);
  });

  it('refuses a format it does not accept even with a valid header (TIFF, 415)', async () => {
    const tiff = await solidImage(20, 20).tiff().toBuffer();
    expectError(await upload(tiff, { contentType: 'image/tiff' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an 11 MB file (413)', async () => {
    const jpegLooking = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff]),
      crypto.randomBytes(11 * 1024 * 1024),
    ]);
    expectError(await upload(jpegLooking), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('cuts off a file one byte over the limit while it streams (413)', async () => {
    // Small enough multipart overhead that only the streaming limit can catch it.
    const justOver = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0xab);
    expectError(await upload(justOver), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a PNG declaring 20000×20000 pixels (400) without decoding it', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const { width, height } = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([width, height]).toEqual([20_000, 20_000]);
    const started = performance.now();
    const res = await upload(bomb, { filename: 'bomb.png', contentType: 'image/png' });
    const elapsed = performance.now() - started;
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'The image is too large: at most 40 megapixels (this one is 20000×20000)',
    );
    expect(elapsed).toBeLessThan(1000);
  });

  it('says why an image is refused in the language the request asks for', async () => {
    const form = multipartForm(pngDeclaring(20_000, 20_000), {
      filename: 'bomb.png',
      contentType: 'image/png',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      remoteAddress: freshAddress(),
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'bn' },
    });
    expectError(res, 400, 'BAD_REQUEST');
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'ছবিটি খুব বড়: সর্বোচ্চ ৪০ মেগাপিক্সেল চলে (এটি ২০০০০×২০০০০)',
    );
  });

  it('refuses a request without the image field (400) and a non-multipart body (415)', async () => {
    const png = await solidImage(10, 10).png().toBuffer();
    expectError(await upload(png, { field: 'picture' }), 400, 'VALIDATION_FAILED');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      remoteAddress: freshAddress(),
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 with a message to a malformed multipart body, and stores nothing', async () => {
    const png = await solidImage(10, 10, 9).png().toBuffer();
    const whole = multipartForm(png);
    const boundary = whole.headers['content-type'].split('boundary=')[1]!;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const bodies: Array<{ name: string; contentType: string; payload: Buffer }> = [
      // The closing boundary never comes: the body ends inside the file.
      {
        name: 'truncated',
        contentType: whole.headers['content-type'],
        payload: Buffer.concat([head, png.subarray(0, 40)]),
      },
      // The closing boundary is cut short.
      {
        name: 'cut boundary',
        contentType: whole.headers['content-type'],
        payload: whole.payload.subarray(0, whole.payload.length - 6),
      },
      { name: 'no boundary', contentType: 'multipart/form-data', payload: whole.payload },
      {
        name: 'not multipart',
        contentType: whole.headers['content-type'],
        payload: Buffer.from('just some text, no parts at all'),
      },
      {
        name: 'no part headers',
        contentType: whole.headers['content-type'],
        payload: Buffer.from(`--${boundary}\r\n\r\nbytes\r\n--${boundary}--\r\n`),
      },
    ];
    const rowsBefore = await imageRowCount();
    const answers: Record<string, unknown> = {};
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        remoteAddress: freshAddress(),
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      answers[body.name] = { status: res.statusCode, ...res.json<object>() };
    }
    const refused = {
      status: 400,
      error: { code: expect.any(String), message: expect.any(String) },
    };
    expect(answers).toMatchObject(Object.fromEntries(bodies.map((b) => [b.name, refused])));
    expect(await imageRowCount()).toBe(rowsBefore);
  });

  it('gives identical uploads the same URL and one row', async () => {
    const bytes = await solidImage(200, 100, 4).png().toBuffer();
    const first = await uploadOk(bytes, { contentType: 'image/png' });
    const second = await uploadOk(bytes, { filename: 'copy.png', contentType: 'image/png' });
    expect(second).toEqual(first);
    const id = idOf(first.url);
    const rows = await t.app.db.selectFrom('images').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('limits anonymous uploads per IP address (429 with Retry-After)', async () => {
    const notAnImage = Buffer.from('plain text');
    const address = '10.200.0.1';
    for (let i = 0; i < ANONYMOUS_UPLOADS_PER_WINDOW; i++) {
      const res = await upload(notAnImage, { remoteAddress: address });
      expect(res.statusCode).toBe(415);
    }
    const limited = await upload(notAnImage, { remoteAddress: address });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await upload(notAnImage, { remoteAddress: '10.200.0.2' })).statusCode).toBe(415);
  });
});

// The Redis of this run (test/global-setup.ts); empty on a machine with none.
const redisUrl = process.env.TEST_REDIS_URL ?? '';

describe('upload limit of two instances', () => {
  it(
    redisUrl
      ? 'counts uploads made through two instances sharing Redis together'
      : 'without Redis, counts the uploads of each instance alone',
    async () => {
      const env = { REDIS_URL: redisUrl };
      const first = await buildTestApp({ env });
      const second = await buildTestApp({ env });
      try {
        // A random address: counters outlive this test in Redis for the rate-limit window.
        const remoteAddress = `10.${[1, 2, 3].map(() => crypto.randomInt(1, 255)).join('.')}`;
        const send = (instance: TestApp) =>
          instance.app.inject({
            method: 'POST',
            url: '/api/images',
            remoteAddress,
            ...multipartForm(Buffer.from('plain text')),
          });
        if (!redisUrl) {
          for (let i = 0; i < ANONYMOUS_UPLOADS_PER_WINDOW; i++) {
            expect((await send(first)).statusCode).toBe(415);
          }
          expectError(await send(first), 429, 'RATE_LIMITED');
          // The other instance has counted none of them.
          expect((await send(second)).statusCode).toBe(415);
          return;
        }
        for (let i = 0; i < ANONYMOUS_UPLOADS_PER_WINDOW; i++) {
          expect((await send(i % 2 === 0 ? first : second)).statusCode).toBe(415);
        }
        expectError(await send(first), 429, 'RATE_LIMITED');
        expectError(await send(second), 429, 'RATE_LIMITED');
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});

describe('GET /api/images/:file', () => {
  let uploaded: ImageUploadResponse['data'];
  beforeAll(async () => {
    uploaded = await uploadOk(await solidImage(300, 200, 5).jpeg().toBuffer());
  });

  it('serves the stored bytes with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: uploaded.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const hash = idOf(uploaded.url);
    expect(crypto.createHash('sha256').update(res.rawPayload).digest('hex')).toBe(hash);
    const onDisk = fs.readFileSync(path.join(t.config.uploadsDir, `${hash}.webp`));
    expect(onDisk.equals(res.rawPayload)).toBe(true);

    const etag = res.headers.etag;
    expect(etag).toBe(`"${hash}"`);
    const again = await t.app.inject({
      method: 'GET',
      url: uploaded.url,
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it('answers 404 JSON for an unknown image, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(64)}.webp` });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it.each([
    '/api/images/..%2F..%2Fmarketplace.db',
    '/api/images/..%2Fauth-secret',
    `/api/images/${'A'.repeat(64)}.webp`,
    `/api/images/${'0'.repeat(64)}.png`,
    `/api/images/${'0'.repeat(64)}-800.webp`,
    '/api/images/%2Fetc%2Fpasswd',
  ])('refuses a file name that is not an image name: %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectError(res, 400, 'VALIDATION_FAILED');
  });

  it('does not walk out of the uploads folder with dot segments', async () => {
    const secret = `secret-${crypto.randomUUID()}`;
    fs.writeFileSync(path.join(t.config.dataDir, 'private.txt'), secret);
    for (const url of ['/api/images/../private.txt', '/api/images/..%2Fprivate.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(secret);
    }
  });
});

describe('orphan cleanup', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function backdate(url: string, ageMs: number) {
    const id = idOf(url);
    await t.app.db
      .updateTable('images')
      .set({ createdAt: valueWriters(t.app.db).date(new Date(Date.now() - ageMs)) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  async function exists(url: string) {
    return (await t.app.inject({ method: 'GET', url })).statusCode === 200;
  }

  it('removes old unreferenced images and keeps referenced and new ones', async () => {
    const orphan = await uploadOk(await noisyPng());
    const onProduct = await uploadOk(await noisyPng());
    const onProfile = await uploadOk(await noisyPng());
    const fresh = await uploadOk(await noisyPng());
    const orphanId = await backdate(orphan.url, 2 * DAY);
    await backdate(onProduct.url, 3 * DAY);
    await backdate(onProfile.url, 3 * DAY);
    await backdate(fresh.url, DAY - 60_000);

    const w = valueWriters(t.app.db);
    // The profile stores an absolute URL: references are recognised with or without an origin.
    const sellerId = await insertUserWithPassword(t.app.db, {
      name: 'Orphan Test Seller',
      email: `seller-${crypto.randomUUID()}@example.com`,
      password: 'correct-horse-battery',
      phone: '01711111111',
      role: 'seller',
      isVerifiedUser: false,
      image: `http://localhost:3000${onProfile.url}`,
    });
    await t.app.db
      .insertInto('categories')
      .values({
        id: crypto.randomUUID(),
        name: 'realme',
        img: '/demo/x.webp',
        sortOrder: 99,
      })
      .execute();
    await t.app.db
      .insertInto('products')
      .values({
        id: crypto.randomUUID(),
        sellerId,
        category: 'realme',
        name: 'Pixel 7',
        imgUrl: onProduct.url,
        originalPriceCents: 50_000,
        resellPriceCents: 30_000,
        yearOfPurchase: 2023,
        condition: 'good',
        description: '',
        location: 'Dhaka',
        advertised: w.bool(false),
        postedAt: w.date(new Date()),
      })
      .execute();

    const storage = createImageStorage(t.config);
    const removed = await removeOrphanImages(t.app.db, storage);
    storage.close();

    expect(removed).toContain(orphanId);
    expect(await exists(orphan.url)).toBe(false);
    expect(await exists(orphan.thumbnailUrl)).toBe(false);
    expect(fs.existsSync(path.join(t.config.uploadsDir, `${orphanId}.webp`))).toBe(false);
    expect(fs.existsSync(path.join(t.config.uploadsDir, `${orphanId}-400.webp`))).toBe(false);
    const orphanRow = await t.app.db
      .selectFrom('images')
      .select('id')
      .where('id', '=', orphanId)
      .execute();
    expect(orphanRow).toHaveLength(0);

    for (const kept of [onProduct, onProfile, fresh]) {
      expect(await exists(kept.url)).toBe(true);
      expect(await exists(kept.thumbnailUrl)).toBe(true);
    }
    const keptIds = [onProduct, onProfile, fresh].map((k) => idOf(k.url));
    const keptRows = await t.app.db
      .selectFrom('images')
      .select('id')
      .where('id', 'in', keptIds)
      .execute();
    expect(keptRows).toHaveLength(3);
  });

  it('a re-upload of an old orphan makes it new again', async () => {
    const bytes = await noisyPng();
    const first = await uploadOk(bytes);
    await backdate(first.url, 2 * DAY);
    await uploadOk(bytes);
    const storage = createImageStorage(t.config);
    const removed = await removeOrphanImages(t.app.db, storage);
    storage.close();
    expect(removed).not.toContain(idOf(first.url));
    expect(await exists(first.url)).toBe(true);
  });
});
