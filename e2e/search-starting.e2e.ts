import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER } from './fixtures.ts';

/*
 * A server that has just started answers searches 503 SEARCH_STARTING (with Retry-After) until
 * its search index is built. The results page shows a calm note, asks again after the wait, and
 * then shows the results. The answers are made up here: a real build takes a moment only at a
 * large catalogue.
 */
const STARTING = {
  status: 503,
  contentType: 'application/json',
  headers: { 'retry-after': '1' },
  body: JSON.stringify({
    error: { code: 'SEARCH_STARTING', message: 'Search is starting: try again in a few seconds' },
  }),
};

/** Answers searches and their facets "starting" until `ready` is called. */
async function startingSearch(page: Page) {
  let starting = true;
  let refused = 0;
  await page.route(/\/api\/search(\/facets)?\?/, async (route) => {
    if (!starting) return route.continue();
    refused += 1;
    return route.fulfill(STARTING);
  });
  return {
    refused: () => refused,
    ready: () => {
      starting = false;
    },
  };
}

async function searchFor(page: Page, words: string) {
  // The phone's search button works once the app has taken over the top bar.
  await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
  const box = page.getByRole('combobox', { name: 'Search listings' });
  if (!(await box.isVisible())) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Search' })
      .click();
  }
  await box.fill(words);
  await box.press('Enter');
}

describe('search while the server is starting', () => {
  const { signedIn } = useServerAndBrowser();

  for (const viewport of [undefined, PHONE]) {
    const width = viewport ? 'phone' : 'desktop';
    it(`shows a calm note, then the results, on ${width}`, async () => {
      const { page, errors } = await signedIn(BUYER, viewport);
      await page.goto('/');
      const search = await startingSearch(page);
      await searchFor(page, 'iphone');
      await page.waitForURL((url) => url.pathname === '/search');
      const note = page.getByRole('status').filter({ hasText: 'Search is starting' });
      await note.waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await screenshot(page, `search-starting-${width}`);
      // Asked again after Retry-After while it lasts.
      await expect.poll(search.refused, { timeout: 10_000 }).toBeGreaterThan(2);
      search.ready();
      await page.getByRole('heading', { name: 'Results for “iphone”' }).waitFor();
      await note.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.getByRole('alert').count()).toBe(0);
      await screenshot(page, `search-started-${width}`);
      expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    });
  }
});
