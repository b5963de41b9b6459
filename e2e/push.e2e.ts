import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PAGE_STATE_ID } from '@market/shared';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

const SIZES = [
  { label: 'desktop', size: DESKTOP },
  { label: 'phone', size: PHONE },
];

/**
 * Waits until the app's service worker is active and controls the page: it is registered once
 * the page is the app's, and a page loaded before it was active is opened again. On a busy
 * machine Chromium has been seen to load that page once more without the worker that had just
 * become active: it is opened again, up to three times, before the test fails.
 */
async function workerInControl(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated';
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  for (let opened = 0; !(await controlled()); opened++) {
    if (opened === 3) throw new Error('The service worker did not take control of the page');
    await page.reload();
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 10_000,
      })
      .catch(() => undefined);
  }
}

describe('the installable app', () => {
  const { freshPage, signedIn } = useServerAndBrowser({ serviceWorkers: true });

  it.each(SIZES)(
    'shows the push switch, and says so honestly when this device cannot get push ($label)',
    async ({ label, size }) => {
      const { page, context, errors, close } = await signedIn(BUYER, size);
      await context.grantPermissions(['notifications']);
      await workerInControl(page);
      await page.goto('/dashboard/settings/notifications');
      const device = page.getByRole('switch', { name: /Push notifications on this device/ });
      await expect.poll(() => device.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await device.isChecked()).toBe(false);
      await page.getByRole('group', { name: 'Send me a push notification when' }).waitFor();
      expect(await page.getByRole('switch', { name: /^Push: / }).count()).toBeGreaterThan(0);

      await device.click();
      // This machine's Chromium reaches no push service: the browser refuses to subscribe.
      const alert = page.getByRole('alert').filter({
        hasText: 'Push could not be turned on on this device',
      });
      await alert.waitFor();
      expect(await device.isChecked()).toBe(false);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `push-settings-refused-${label}`);
      const stored = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return (await registration?.pushManager.getSubscription()) ?? null;
      });
      expect(stored).toBeNull();
      expect(
        unexpectedErrors(errors, [/push service|Registration failed|Push API in incognito/i]),
      ).toEqual([]);
      await close();
    },
  );

  it.each(SIZES)(
    'opens a page seen before while offline, and says "You are offline" for others ($label)',
    async ({ label, size }) => {
      const { page, context, errors, close } = await freshPage(size);
      await page.goto('/');
      await workerInControl(page);
      // The home page, opened through the worker, is the server's page with its listings, not
      // the kept page shell put in its place.
      const home = await page.reload();
      expect(home?.fromServiceWorker()).toBe(true);
      expect(await home?.text()).toContain(`id="${PAGE_STATE_ID}"`);
      // Seen once with the worker in control: saved.
      await page.goto('/help');
      const helpHeading = await page.getByRole('heading', { level: 1 }).textContent();
      // The worker saves the page's scripts after answering with them: offline too soon, the
      // page would come back without its code.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const scripts = performance
                .getEntriesByType('resource')
                .map((entry) => entry.name)
                .filter((name) => new URL(name).pathname.startsWith('/assets/'));
              const saved = await Promise.all(scripts.map((name) => caches.match(name)));
              return scripts.length > 0 && saved.every(Boolean);
            }),
          { timeout: 20_000 },
        )
        .toBe(true);
      await context.setOffline(true);

      await page.goto('/help');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(helpHeading);

      await page.goto('/blog');
      await page.getByRole('heading', { name: 'You are offline', level: 1 }).waitFor();
      const retry = page.getByRole('button', { name: 'Try again' });
      await retry.waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `offline-page-${label}`);

      // Back online, "Try again" opens the page itself.
      await context.setOffline(false);
      await retry.click();
      await page.waitForFunction(() => document.title !== 'You are offline · Phone Market');
      expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
      expect(
        unexpectedErrors(errors, [/ERR_INTERNET_DISCONNECTED|Failed to load resource/]),
      ).toEqual([]);
      await close();
    },
  );

  it('serves its manifest and worker to be installed', async () => {
    const { page, close } = await freshPage(DESKTOP);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const body = (await manifest.json()) as {
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    expect(body.display).toBe('standalone');
    expect(body.start_url).toBe('/');
    expect(body.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    await close();
  });
});
