import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, useServerAndBrowser, type Viewport } from './harness.ts';
import { api, holdCalls, listProduct, sidewaysOverflow, signUp } from './fixtures.ts';
import { captureDashboard, sidebarSettled } from './dashboard-helpers.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * "Your data" on My Profile, as a person uses it: nothing asked for yet, "Download my data", the
 * copy being prepared, then ready with its link; the zip downloaded holds the person's listing.
 * A failed call says so with Retry; a slow one shows a spinner; a failed copy offers to try
 * again.
 */

const FAILED_COPY = {
  export: {
    id: '5d0c3c36-63a4-4b0a-9a53-0c2a6f3b9e11',
    status: 'failed',
    createdAt: new Date().toISOString(),
    expiresAt: null,
    sizeBytes: null,
    downloadUrl: null,
  },
};

describe('your data: a copy of everything, from My Profile', () => {
  const { freshPage } = useServerAndBrowser();

  async function newSeller(label: string, size: Viewport) {
    const tracked = await freshPage(size);
    const stamp = `${label}-${Date.now().toString(36)}`;
    const email = `data-${stamp}@example.test`;
    // A 60-character name with no space to break at.
    const name = `Data${label.toUpperCase()}${'W'.repeat(56 - label.length)}`;
    await signUp(tracked.page, {
      name,
      email,
      password: 'data-export-pass',
      phone: '+8801710000077',
      role: 'seller',
    });
    const listingName = `Export${label}${'X'.repeat(54 - label.length)}`;
    expect(listingName).toHaveLength(60);
    await listProduct(tracked.page, email, { name: listingName });
    return { ...tracked, email, name, listingName };
  }

  /** Asks for a copy on the open profile page, waits for it, downloads it and reads it. */
  async function askWaitAndDownload(page: Page, capture: string | null) {
    const panel = page.getByRole('region', { name: 'Your data' });
    await panel.getByRole('button', { name: 'Download my data' }).click();
    // Prepared in the background; the page asks again until it is ready.
    await panel
      .getByText(/^Preparing your data|^Your data is ready/)
      .first()
      .waitFor();
    await panel.getByText(/^Your data is ready/).waitFor({ timeout: 30_000 });
    if (capture) await captureDashboard(page, capture);

    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Download the zip' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^phone-market-data-\d{4}-\d{2}-\d{2}\.zip$/);
    // Saved where this process can read it: the browser may run in another process.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-export-'));
    const file = path.join(dir, 'export.zip');
    await saved.saveAs(file);
    const files = unzipSync(new Uint8Array(fs.readFileSync(file)));
    fs.rmSync(dir, { recursive: true, force: true });
    return files;
  }

  const listingNames = (files: Record<string, Uint8Array>) =>
    (JSON.parse(strFromU8(files['listings.json']!)) as { name: string }[]).map((l) => l.name);

  it('shows every state at 1280 and 390 px, and downloads the zip', async () => {
    const seller = await newSeller('wide', DESKTOP);
    const { page } = seller;
    const panel = page.getByRole('region', { name: 'Your data' });

    // A slow network: the section waits with a spinner.
    const slow = await holdCalls(page, '**/api/me/export');
    await page.goto('/dashboard/profile');
    await slow.held;
    await panel.getByRole('status').waitFor();
    await captureDashboard(page, 'data-export-slow');
    slow.release();
    await panel.getByText('You have not asked for a copy yet.').waitFor();
    await page.unrouteAll();

    // A failed call: said, with Retry.
    let failing = true;
    await page.route('**/api/me/export', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }),
          })
        : route.continue(),
    );
    await page.reload();
    await panel.getByText('Could not load the state of your data export').waitFor();
    await captureDashboard(page, 'data-export-failed-call');
    failing = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await panel.getByText('You have not asked for a copy yet.').waitFor();
    await captureDashboard(page, 'data-export-empty');
    await page.unrouteAll();

    // A copy that could not be made, as the server answers it: Try again.
    await page.route('**/api/me/export', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify(FAILED_COPY),
          })
        : route.continue(),
    );
    await page.reload();
    await panel.getByText(/failed\. Please try again\./).waitFor();
    await panel.getByRole('button', { name: 'Try again' }).waitFor();
    await captureDashboard(page, 'data-export-failed-copy');
    await page.unrouteAll();

    await page.reload();
    await panel.getByText('You have not asked for a copy yet.').waitFor();
    const files = await askWaitAndDownload(page, 'data-export-ready');
    expect(listingNames(files)).toEqual([seller.listingName]);
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { email: string };
    expect(profile.email).toBe(seller.email);

    // One at a time: a new copy may be asked for once this one is ready.
    expect((await api(page, '/api/me/export', 'POST')).status).toBe(202);
    expect(unexpectedErrors(seller.errors, [/status of 500/])).toEqual([]);
  });

  it('asks for it, waits for it and downloads it on a phone', async () => {
    const seller = await newSeller('phone', PHONE);
    const { page } = seller;
    await page.goto('/dashboard/profile');
    await sidebarSettled(page, false);
    const panel = page.getByRole('region', { name: 'Your data' });
    await panel.getByText('You have not asked for a copy yet.').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const files = await askWaitAndDownload(page, null);
    expect(listingNames(files)).toEqual([seller.listingName]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });
});
