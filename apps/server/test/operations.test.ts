import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDbKind, type TestApp } from './build-test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = undefined;
});

describe(`operations on ${testDbKind}`, () => {
  it('health answers ok after a real database round trip, with a request id', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: testDbKind,
      search: { state: 'ready', behind: 0, caughtUpMsAgo: expect.any(Number) },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('health answers 503 when the database is unreachable', async () => {
    t = await buildTestApp();
    await t.db.handle.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is unreachable',
        reason: 'common.databaseDown',
        requestId: res.headers['x-request-id'],
      },
    });
  });

  it('answers unknown /api paths with a JSON 404 and other paths with the web app', async () => {
    const dist = fs.mkdtempSync(path.join(path.dirname(testDistMarker()), 'dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Phone Market</title>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist }, serveWeb: true });

    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' },
    });

    const page = await t.app.inject({ method: 'GET', url: '/category/iPhone?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Phone Market</title>');

    const post = await t.app.inject({ method: 'POST', url: '/category/iPhone' });
    expect(post.statusCode).toBe(404);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('seeds the demo marketplace into an empty database, once', async () => {
    t = await buildTestApp({ seedDemo: true });
    const db = t.app.db;
    const tables = ['categories', 'products', 'reviews', 'blogs', 'users'] as const;
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => {
            const row = await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow();
            return [table, Number(row.n)] as const;
          }),
        ),
      );
    const seeded = await counts();
    expect(seeded.categories).toBe(4);
    expect(seeded.products).toBeGreaterThanOrEqual(16);
    expect(seeded.reviews).toBeGreaterThanOrEqual(3);
    expect(seeded.blogs).toBeGreaterThanOrEqual(4);
    const roles = await db
      .selectFrom('users')
      .select(['email', 'role', 'isVerifiedUser'])
      .orderBy('email')
      .execute();
    expect(roles.map((r) => [r.email, r.role, Boolean(r.isVerifiedUser)])).toEqual([
      ['admin@example.com', 'admin', false],
      ['buyer@example.com', 'buyer', false],
      // Sellers of the past: phones they sold give the demo's medians more than one seller.
      ['karim.gadgets@example.com', 'seller', true],
      ['lina.phones@example.com', 'seller', true],
      ['newseller@example.com', 'seller', false],
      ['seller@example.com', 'seller', true],
      // The buyer of those sales: each one a deal completed here.
      ['tanvir.hasan@example.com', 'buyer', false],
    ]);
    const advertised = await db
      .selectFrom('products')
      .select('id')
      .where('advertised', '=', testDbKind === 'postgres' ? true : 1)
      .execute();
    expect(advertised.length).toBeGreaterThanOrEqual(3);

    // A second start on the same database, demo data still on, adds nothing.
    const { buildApp } = await import('../src/app.ts');
    const again = await buildApp(t.config, { database: t.db.handle, serveWeb: false });
    await again.close();
    expect(await counts()).toEqual(seeded);
  });
});

function testDistMarker(): string {
  return path.join(process.env.TMPDIR ?? '/tmp', 'x');
}
