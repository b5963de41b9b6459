import crypto from 'node:crypto';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type Product } from '@market/shared';
import { cacheKey, registerResponseCaches, ResponseCache } from '../src/lib/response-cache.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertProducts, postProduct, productForm } from './helpers/market.ts';

const t = useTestApp({ seedDemo: true });
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  // More than one page of iPhones, so that pages hand out a next cursor.
  await insertProducts(t, seller.id, 60, { newest: new Date(Date.now() - 86_400_000) });
});

/** Fills the catalogue cache with a few public and signed-in answers; answers its size. */
async function warmCatalogue(): Promise<number> {
  for (const url of ['/api/categories', '/api/advertisement', '/api/reviews']) {
    expect((await call(t, null, 'GET', url)).statusCode).toBe(200);
  }
  expect((await call(t, buyer, 'GET', '/api/products/iPhone')).statusCode).toBe(200);
  expect(t.app.catalogCache.size).toBeGreaterThanOrEqual(4);
  return t.app.catalogCache.size;
}

/** A cursor in the right format for a position no page ever ended at. */
function madeUpCursor(i: number): string {
  const postedAt = new Date(Date.now() - 3_600_000 - i * 1_000).toISOString();
  return Buffer.from(JSON.stringify([postedAt, crypto.randomUUID()])).toString('base64url');
}

describe(`cache rules declared by the write routes on ${testDbKind}`, () => {
  it('clears the catalogue after a write declared as changing it, and shows the write', async () => {
    await warmCatalogue();
    // POST /api/add-product declares config.changes ['catalog'].
    const posted = await postProduct(t, seller, { name: 'Phone posted just now' });
    expect(t.app.catalogCache.size).toBe(0);
    const page = await call(t, buyer, 'GET', '/api/products/iPhone');
    expect(page.json<Product[]>()[0]?._id).toBe(posted._id);
  });

  it('keeps the catalogue after a write declared as changing nothing cached', async () => {
    const [productId] = await insertProducts(t, seller.id, 1, { category: 'samsung' });
    const size = await warmCatalogue();
    // POST /api/wish-list declares config.changes [].
    const res = await call(t, buyer, 'POST', '/api/wish-list', { productId });
    expect(res.statusCode).toBe(200);
    expect(t.app.catalogCache.size).toBe(size);
  });

  it('keeps the catalogue after a refused write', async () => {
    const size = await warmCatalogue();
    const url = `/api/add-product?email=${encodeURIComponent(seller.email)}`;
    const res = await call(t, seller, 'POST', url, productForm({ name: '' }));
    expect(res.statusCode).toBe(400);
    expect(t.app.catalogCache.size).toBe(size);
  });

  it('refuses to build an app with a write route under /api that declares nothing', async () => {
    const app = Fastify();
    registerResponseCaches(app);
    expect(() => app.post('/api/things', async () => ({}))).toThrow(
      /^POST \/api\/things must declare what it changes: config\.changes/,
    );
    expect(() =>
      app.route({ method: ['GET', 'DELETE'], url: '/api/things/:id', handler: async () => ({}) }),
    ).toThrow(/^DELETE \/api\/things\/:id must declare/);
    expect(() =>
      app.post('/api/typo', { config: { changes: ['catalogue' as 'catalog'] } }, async () => ({})),
    ).toThrow(/^\/api\/typo declares changes no cache knows of: catalogue$/);
    // Reads, and routes outside the API, need no declaration; declared writes are accepted.
    app.get('/api/things', async () => []);
    app.post('/upload-form', async () => ({}));
    app.post('/api/notes', { config: { changes: [] } }, async () => ({}));
    app.put('/api/things/:id', { config: { changes: ['catalog'] } }, async () => ({}));
    await app.ready();
    await app.close();
  });
});

describe(`what the catalogue cache keeps on ${testDbKind}`, () => {
  it('keys a list by its validated query, however the URL spells it', async () => {
    t.app.catalogCache.invalidate();
    for (const url of [
      '/api/advertisement',
      '/api/advertisement?page=1',
      '/api/advertisement?limit=24&page=1',
      '/api/advertisement?page=1&limit=24&utm_source=mail',
    ]) {
      expect((await call(t, null, 'GET', url)).statusCode).toBe(200);
    }
    expect(t.app.catalogCache.size).toBe(1);
    await call(t, null, 'GET', '/api/advertisement?limit=5');
    expect(t.app.catalogCache.size).toBe(2);
  });

  it('keeps the page a cursor it handed out leads to, and no made-up cursor', async () => {
    t.app.catalogCache.invalidate();
    const first = await call(t, buyer, 'GET', '/api/products/iPhone');
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    expect(cursor).toBeTypeOf('string');
    expect(t.app.catalogCache.size).toBe(1);

    for (let i = 0; i < 300; i++) {
      const url = `/api/products/iPhone?cursor=${madeUpCursor(i)}`;
      expect((await call(t, buyer, 'GET', url)).statusCode).toBe(200);
    }
    expect(t.app.catalogCache.size).toBe(1);
    expect(t.app.catalogCache.bytes).toBeLessThanOrEqual(t.app.catalogCache.limits.maxBytes);

    const next = await call(t, buyer, 'GET', `/api/products/iPhone?cursor=${String(cursor)}`);
    expect(next.json<Product[]>()).toHaveLength(24);
    expect(t.app.catalogCache.size).toBe(2);
    // The same real cursor with a made-up page number is not a page readers share.
    await call(t, buyer, 'GET', `/api/products/iPhone?cursor=${String(cursor)}&page=7`);
    expect(t.app.catalogCache.size).toBe(2);
  });

  it('answers pages past the end without keeping them', async () => {
    t.app.catalogCache.invalidate();
    for (let page = 500; page < 600; page++) {
      const res = await call(t, buyer, 'GET', `/api/products/iPhone?page=${page}`);
      expect(res.json()).toEqual([]);
      await call(t, null, 'GET', `/api/advertisement?page=${page}`);
    }
    expect(t.app.catalogCache.size).toBe(0);
  });
});

describe('the response cache bound', () => {
  /** A server answering a distinct 8 KB JSON body for every n, through one ResponseCache. */
  async function serverWith(cache: ResponseCache) {
    const app = Fastify();
    app.get<{ Params: { n: string } }>('/n/:n', (request, reply) =>
      cache.send(reply, cacheKey('n', request.params), async () => ({
        body: { n: request.params.n, text: `${request.params.n} `.repeat(4_000).slice(0, 8_000) },
      })),
    );
    await app.ready();
    return app;
  }

  it('stays within its bytes, compressed forms included, however many answers are asked for', async () => {
    const maxBytes = 100 * 1024;
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 1_000, maxBytes });
    const app = await serverWith(cache);
    for (let n = 0; n < 200; n++) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const res = await app.inject({
          url: `/n/${n}`,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode).toBe(200);
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }
    }
    // Full, yet far fewer than the answers asked for: the least recently used went.
    expect(cache.bytes).toBeGreaterThan(maxBytes / 2);
    expect(cache.size).toBeLessThan(20);
    await app.close();
  });

  it('counts a compressed form against the bound once it is made', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10, maxBytes: 1024 * 1024 });
    const app = await serverWith(cache);
    await app.inject({ url: '/n/1' });
    const plain = cache.bytes;
    expect(plain).toBeGreaterThan(8_000);
    await app.inject({ url: '/n/1', headers: { 'accept-encoding': 'br' } });
    const withBrotli = cache.bytes;
    expect(withBrotli).toBeGreaterThan(plain);
    await app.inject({ url: '/n/1', headers: { 'accept-encoding': 'gzip' } });
    expect(cache.bytes).toBeGreaterThan(withBrotli);
    expect(cache.size).toBe(1);
    await app.close();
  });
});
