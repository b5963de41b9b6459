import { describe, expect, it } from 'vitest';
import type { Category } from '@market/shared';
import { useServerAndBrowser, type RunningServer } from './harness.ts';

describe('the compiled server that npm start runs', () => {
  let server: RunningServer;
  const { freshPage } = useServerAndBrowser((started) => ({ server } = started));

  it('serves the API, the demo data and its pictures from the build', async () => {
    const res = await fetch(`${server.url}/api/categories`);
    expect(res.status).toBe(200);
    const categories = (await res.json()) as Category[];
    expect(categories.map((c) => c.name)).toEqual(['iPhone', 'samsung', 'xiaomi', 'realme']);
    const picture = await fetch(`${server.url}${categories[0]!.img}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
  });

  it('draws the home page on the server and the browser takes it over', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('>All Categories</h2>');
    const { page, errors, close } = await freshPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'All Categories' }).waitFor();
    await page.getByRole('link', { name: 'Shop Now' }).click();
    await page.waitForURL((url) => url.pathname === '/categories');
    expect(errors).toEqual([]);
    await close();
  });
});
