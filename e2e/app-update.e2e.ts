import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * A new version of the installable app: the worker the browser finds next differs from the one
 * in control, so it waits, and the page offers to take it. The version in use keeps working until
 * the person chooses to reload; then the new worker controls the page.
 */

/** The worker in control of the page: its script's address and its state. */
const controller = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.state ?? null);

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('a new version of the app on a $label', ({ label, size }) => {
  const { freshPage } = useServerAndBrowser({ serviceWorkers: true });

  it('is offered with a notice in the page’s language, and taken on Reload', async () => {
    const { page, errors, close } = await freshPage(size);
    await page.goto('/bn/help');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated';
    });
    if ((await controller(page)) === null) await page.reload();
    expect(await controller(page)).toBe('activated');

    // The server now has another version of the worker (the same code, one byte more).
    await page.route('**/sw.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n// next version\n` });
    });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const notice = page.getByRole('status').filter({ hasText: 'নতুন সংস্করণ তৈরি' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.evaluate(async () => void (await document.fonts.ready));
    await screenshot(page, `app-update-notice-bn-${label}`);

    // The old version keeps the page until the person chooses.
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'আবার লোড করুন' }).click();
    await reloaded;
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && navigator.serviceWorker.controller !== null;
    });
    expect(await page.getByRole('status').filter({ hasText: 'নতুন সংস্করণ তৈরি' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
