import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, useTestApp } from './build-test-app.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const MANIFEST = '{"index.html":{"file":"assets/app-3f9a1c.js","secret":"build manifest"}}';

describe(`the web build's files on ${testDbKind}`, () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'market-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Phone Market</title>' +
        '<script type="module" crossorigin src="/assets/app-3f9a1c.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    const script = path.join(dist, 'assets', 'app-3f9a1c.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), MANIFEST);
  });
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const t = useTestApp(() => ({ env: { WEB_DIST_DIR: dist }, serveWeb: true }));

  it('sends a hashed asset compressed as asked, kept for a year', async () => {
    const url = '/assets/app-3f9a1c.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers an asset that is not there with a 404, not a page', async () => {
    const res = await t.app.inject({ url: '/assets/app-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('sends the files at the root to be checked each time', async () => {
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toContain('addEventListener');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const shell = await t.app.inject({ url: '/index.html' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('/assets/app-3f9a1c.js');
  });

  it('never sends the build manifest, however it is asked for', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/assets/%2e%2e/.vite/manifest.json',
      '/assets/..%2f.vite/manifest.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain('build manifest');
      expect(res.statusCode, url).not.toBe(500);
    }
  });
});
