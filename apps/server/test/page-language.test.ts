import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@market/shared';
import { useTestApp, type TestApp } from './build-test-app.ts';
import { createUser } from './factories.ts';
import { insertCategories, postProduct } from './helpers/market.ts';
import { freshWebBuild } from './helpers/web-build.ts';
import { pageLanguage, withoutLanguageCookie } from '../src/plugins/web/page-language.ts';

// The pages are drawn by the real web build, as in production.
let distDir = '';
beforeAll(() => {
  distDir = freshWebBuild();
}, 600_000);

describe('the language of a page request', () => {
  it('is the address prefix, whoever asks', () => {
    expect(pageLanguage('/bn/search', { 'accept-language': 'en', cookie: 'lang=en' })).toEqual({
      language: 'bn',
      path: '/search',
      negotiated: false,
    });
  });

  it('sends a bare address to /bn for a visitor who chose Bangla or whose browser asks for it', () => {
    expect(pageLanguage('/product/1', { 'accept-language': 'bn-BD,bn;q=0.9' }).redirect).toBe(
      '/bn/product/1',
    );
    expect(pageLanguage('/?page=2', { cookie: 'a=1; lang=bn' }).redirect).toBe('/bn/?page=2');
    // A visitor who chose English stays in English whatever the browser says.
    expect(pageLanguage('/', { cookie: 'lang=en', 'accept-language': 'bn' }).redirect).toBe(
      undefined,
    );
    expect(pageLanguage('/', { 'accept-language': 'fr,en;q=0.5' })).toEqual({
      language: 'en',
      path: '/',
      negotiated: true,
    });
  });

  it('does not count the language cookie as a session', () => {
    expect(withoutLanguageCookie('lang=bn')).toBeUndefined();
    expect(withoutLanguageCookie('lang=bn; session=x')).toBe('session=x');
    expect(withoutLanguageCookie('a=1; lang=bn; b=2')).toBe('a=1; b=2');
    expect(withoutLanguageCookie(undefined)).toBeUndefined();
  });
});

describe('pages in Bangla and English', () => {
  const t = useTestApp(() => ({
    env: { WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://market.example', CURRENCY: 'BDT' },
    serveWeb: true,
  }));
  let product: Product;
  beforeAll(async () => {
    await insertCategories(t);
    const seller = await createUser(t, { role: 'seller', verified: true, name: 'Rahim Phones' });
    product = await postProduct(t, seller, { name: 'iPhone 13 Bangla 128GB', resellPrice: 450 });
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  it('draws /bn/ in Bangla, with its language, hreflang links and prices in Bangla digits', async () => {
    const res = await get(t, `/bn/product/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="bn" data-currency="BDT"/);
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="en" href="https://market.example/product/${product._id}">`,
    );
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="bn" href="https://market.example/bn/product/${product._id}">`,
    );
    expect(res.body).toContain(
      `<link rel="canonical" href="https://market.example/bn/product/${product._id}"/>`,
    );
    expect(res.body).toContain('বিস্তারিত');
    expect(res.body).toContain('৪৫০৳');
    // The Bangla catalog's chunk and its font's stylesheet come with the page, not English's.
    expect(res.body).toMatch(/\/assets\/bn-[\w-]+\.js/);
    expect(res.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/bn-[\w-]+\.css">/);
    expect(res.body).not.toMatch(/\/assets\/en-[\w-]+\.js/);
  });

  it('draws the bare address in English, as before, and says it depends on the language asked', async () => {
    const res = await get(t, `/product/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en" data-currency="BDT"/);
    expect(res.body).toContain('Details');
    expect(res.body).toContain('৳450');
    expect(res.headers.vary).toContain('cookie, accept-language');
  });

  it('sends a first visit whose browser asks for Bangla to the Bangla page', async () => {
    const res = await get(t, '/search?q=iphone', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/bn/search?q=iphone');
    const chosen = await get(t, '/', { 'accept-language': 'bn', cookie: 'lang=en' });
    expect(chosen.statusCode).toBe(200);
  });

  it('keeps one shared copy of a page per language, and the language cookie shares it', async () => {
    t.app.pageCache.invalidate();
    await get(t, '/');
    await get(t, '/bn/');
    expect(t.app.pageCache.size).toBe(2);
    // A visitor whose only cookie is the language is served the shared copy.
    const remembered = await get(t, '/bn/', { cookie: 'lang=bn' });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.headers['cache-control']).toBe('no-cache');
    expect(t.app.pageCache.size).toBe(2);
  });

  it('serves the browser-drawn pages in the language of their address', async () => {
    const res = await get(t, '/bn/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="bn" data-currency="BDT"/);
  });
});
