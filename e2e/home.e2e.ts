import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, type RunningServer } from './harness.ts';

describe('the running product', () => {
  let server: RunningServer;
  const { freshPage } = useServerAndBrowser((started) => ({ server } = started));

  it('answers health with a real database round trip', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      db: 'sqlite',
      search: { state: 'ready', behind: expect.any(Number), caughtUpMsAgo: expect.any(Number) },
    });
  });

  it('renders the home page in a real browser', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'All Categories' });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('All Categories');
    expect(await page.getByRole('link', { name: 'Categories' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });
});
