import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  // The server serves a copy of the web build, whose worker the test changes as a release would.
  let dist = '';
  const { freshPage } = useServerAndBrowser({
    serviceWorkers: true,
    env: async () => {
      dist = fs.mkdtempSync(path.join(os.tmpdir(), 'market-web-'));
      fs.cpSync(path.join(import.meta.dirname, '../apps/web/dist'), dist, { recursive: true });
      return { WEB_DIST_DIR: dist };
    },
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('is offered with a notice in the page’s language, and taken on Reload', async () => {
    const { page, errors, close } = await freshPage(size);
    await page.goto('/bn/help');
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated';
    });
    if ((await controller(page)) === null) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await controller(page)).toBe('activated');

    // A new release: the server's worker is another (the same code, one line more).
    fs.appendFileSync(path.join(dist, 'sw.js'), '\n// the next version\n');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const notice = page.getByRole('status').filter({ hasText: 'নতুন সংস্করণ তৈরি' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.evaluate(async () => void (await document.fonts.ready));
    await screenshot(page, `app-update-notice-bn-${label}`);

    // The old version keeps the page until the person chooses; then the page loads anew.
    const before = await page.evaluate(() => performance.timeOrigin);
    await notice.getByRole('button', { name: 'আবার লোড করুন' }).click();
    await expect
      .poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before), {
        timeout: 30_000,
      })
      .toBeGreaterThan(before);
    // The new version in control, and not offered again.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'নতুন সংস্করণ তৈরি' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
