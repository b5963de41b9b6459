import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  screenshot,
  screenshotDir,
  useServerAndBrowser,
  type TrackedPage,
  type Viewport,
} from './harness.ts';
import { BUYER, SELLER, api, holdCalls, sidewaysOverflow } from './fixtures.ts';
import { captureBothWidths, unexpectedErrors } from './public-helpers.ts';
import { filtersPanel, resultsSettled } from './results-helpers.ts';

/** A model no demo phone has, listed here in one area of one category. */
const MODEL = 'Zephyr';
const CATEGORY = 'realme';
const AREA = 'Uttara Sector 7';
/** Ten phones at 150, 190, … 510 dollars; odd ones in good condition, even ones excellent. */
const PRICES = Array.from({ length: 10 }, (_, i) => 150 + i * 40);
/** One more, in fair condition and dearer than the rest, with a 60-character unbroken name. */
const LONG_NAME = `${MODEL}${'W'.repeat(54)}`;
const LONG_PRICE = 999;
/** Fourteen more in another part of the same town, so that the town fills more than a page (24). */
const MORE_AREA = 'Uttara Sector 9';
const MORE_PRICES = Array.from({ length: 14 }, (_, i) => 600 + i * 10);

/** The resell prices of the results shown at this width, in their order. */
async function pricesShown(page: Page): Promise<number[]> {
  const shown = page.getByRole('list', { name: 'Phones' }).filter({ visible: true });
  // Cards also show the original price, struck out and named so.
  return (await shown.getByText(/\$\d+/).allTextContents())
    .filter((text) => !text.includes('Original'))
    .map((text) => Number(/\$(\d+)/.exec(text)?.[1]));
}

async function totalShown(page: Page): Promise<number> {
  const text = await page.getByText(/^Total Products \(\d+\)/).textContent();
  return Number(/\((\d+)\)/.exec(text ?? '')?.[1]);
}

/** Closes the phone's filters dialog, if open, so the results are in view. */
async function closeFilters(page: Page, viewport: Viewport) {
  if (viewport !== PHONE) return;
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

function address(page: Page) {
  const url = new URL(page.url());
  return { path: decodeURIComponent(url.pathname), params: url.searchParams };
}

describe('a category page with filters, sort and cursor paging', () => {
  let browser!: Browser;
  let baseURL = '';
  const { signedIn } = useServerAndBrowser((both) => {
    browser = both.browser;
    baseURL = both.server.url;
  });

  beforeAll(async () => {
    const seller = await signedIn(SELLER);
    const list = async (fields: Record<string, unknown>) => {
      const answer = await api(
        seller.page,
        `/api/add-product?email=${encodeURIComponent(SELLER.email)}`,
        'POST',
        {
          location: AREA,
          description: 'A phone listed to be filtered.',
          Category: CATEGORY,
          yearOfUse: 2022,
          originalPrice: 1200,
          imgURL: '/demo/iphone-1.webp',
          ...fields,
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    for (const [i, price] of PRICES.entries()) {
      await list({
        name: `${MODEL} Z${i} ${i % 2 ? 128 : 256}GB`,
        resellPrice: price,
        condition: i % 2 ? 'good' : 'excellent',
        storageGb: i % 2 ? 128 : 256,
        batteryHealth: 85 + i,
      });
    }
    await list({ name: LONG_NAME, resellPrice: LONG_PRICE, condition: 'fair' });
    for (const [i, price] of MORE_PRICES.entries()) {
      await list({
        name: `${MODEL} Y${i}`,
        location: MORE_AREA,
        resellPrice: price,
        condition: 'good',
      });
    }
    await seller.close();
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as Array<[string, Viewport]>)('at %s width', (width, viewport) => {
    let buyer: TrackedPage;

    beforeAll(async () => {
      buyer = await signedIn(BUYER, viewport);
    });

    it('filters with counts, sorts by price, and Back restores each step', async () => {
      const { page } = buyer;
      await page.goto(`/category/${CATEGORY}`);
      await resultsSettled(page);
      // No filter: the category's own list, its total from the list's API, paged by number.
      const all = await api(page, `/api/products/${CATEGORY}`);
      await expect.poll(() => totalShown(page)).toBe(Number(all.total));
      const facets = await api<{ condition: Array<{ value: string; count: number }> }>(
        page,
        `/api/search/facets?category=${CATEGORY}`,
      );
      const fair = facets.body.condition.find((c) => c.value === 'fair')?.count ?? 0;
      expect(fair).toBeGreaterThanOrEqual(1);
      let panel = await filtersPanel(page, viewport);
      // The counts arrive once the page shows; no brand choice on a brand's own page.
      await panel.getByRole('checkbox', { name: `fair (${fair})` }).waitFor();
      expect(await panel.getByRole('radio', { name: 'All brands' }).count()).toBe(0);

      await panel.getByLabel('Highest').fill('400');
      await panel.getByLabel('Area').fill('Sector 7');
      await panel.getByRole('button', { name: 'Apply price and location' }).click();
      await page.waitForURL((url) => url.searchParams.get('maxPrice') === '400');
      await resultsSettled(page);
      expect(address(page).path).toBe(`/category/${CATEGORY}`);
      expect(address(page).params.get('location')).toBe('Sector 7');
      // 150 to 390: seven phones, four excellent and three good.
      await expect.poll(() => totalShown(page)).toBe(7);
      panel = await filtersPanel(page, viewport);
      await panel.getByRole('checkbox', { name: 'excellent (4)' }).waitFor();
      await panel.getByRole('checkbox', { name: 'good (3)' }).waitFor();
      await closeFilters(page, viewport);

      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
      await resultsSettled(page);
      const cheapFirst = PRICES.filter((p) => p <= 400);
      expect(await pricesShown(page)).toEqual(cheapFirst);

      panel = await filtersPanel(page, viewport);
      await panel.getByRole('checkbox', { name: 'good (3)' }).click();
      await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
      await resultsSettled(page);
      await expect.poll(() => totalShown(page)).toBe(3);
      await closeFilters(page, viewport);
      expect(await pricesShown(page)).toEqual([190, 270, 350]);
      if (viewport === PHONE) await page.getByRole('button', { name: 'Filters (3)' }).waitFor();
      await captureBothWidths(page, 'category-filtered');
      await page.setViewportSize(viewport);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('condition'));
      await resultsSettled(page);
      await expect.poll(() => totalShown(page)).toBe(7);
      expect(await pricesShown(page)).toEqual(cheapFirst);
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('sort'));
      await resultsSettled(page);
      expect((await pricesShown(page)).sort((a, b) => a - b)).toEqual(cheapFirst);
      await page.goBack();
      await page.waitForURL((url) => url.search === '');
      await resultsSettled(page);
      await expect.poll(() => totalShown(page)).toBe(Number(all.total));
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('opens a shared filtered address as it was, and pages on by cursor', async () => {
      const { page } = buyer;
      // The plain list pages by number.
      await page.goto(`/category/${CATEGORY}`);
      await resultsSettled(page);
      await page.getByRole('link', { name: 'Page 2' }).waitFor();

      await page.goto(`/category/${CATEGORY}?location=Uttara&sort=price_asc`);
      await resultsSettled(page);
      const town = [...PRICES, ...MORE_PRICES, LONG_PRICE];
      await expect.poll(() => totalShown(page)).toBe(town.length);
      expect(await pricesShown(page)).toEqual(town.slice(0, 24));
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.has('cursor'));
      await resultsSettled(page);
      expect(address(page).path).toBe(`/category/${CATEGORY}`);
      // The address changes as the next page is asked for; the first page shows until it comes.
      await expect.poll(() => pricesShown(page)).toEqual(town.slice(24));
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('cursor'));
      await resultsSettled(page);
      await expect.poll(() => pricesShown(page)).toEqual(town.slice(0, 24));
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('shows the long unbroken name without sideways scrolling', async () => {
      const { page } = buyer;
      await page.goto(`/category/${CATEGORY}?location=Sector+7&sort=price_desc`);
      await resultsSettled(page);
      const shown = page.getByRole('list', { name: 'Phones' }).filter({ visible: true });
      await shown.getByRole('link', { name: LONG_NAME }).first().waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `category-filters-long-name-${width}`);
    });

    it('says what to loosen when nothing matches, keeping the category', async () => {
      const { page } = buyer;
      await page.goto(`/category/${CATEGORY}?maxPrice=1&condition=fair`);
      await resultsSettled(page);
      await page.getByText('No phones match this search.').waitFor();
      await expect.poll(() => totalShown(page)).toBe(0);
      expect(await page.getByRole('link', { name: /^Remove Brand/ }).count()).toBe(0);
      await captureBothWidths(page, 'category-filters-empty');
      await page.setViewportSize(viewport);
      await page.getByRole('link', { name: 'Remove every filter' }).click();
      await page.waitForURL((url) => url.search === '');
      expect(address(page).path).toBe(`/category/${CATEGORY}`);
      await resultsSettled(page);
      // The plain page's count replaces the empty one once its products have arrived.
      await expect.poll(() => totalShown(page)).toBeGreaterThan(PRICES.length);
    });

    it('shows that results are loading on a slow network, and a failed call with Retry', async () => {
      const { page } = buyer;
      await page.goto(`/category/${CATEGORY}?location=Sector+7`);
      await resultsSettled(page);
      const slow = await holdCalls(page, '**/api/search?*');
      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
      await slow.held;
      await page.getByRole('status').filter({ hasText: 'Loading results' }).waitFor();
      await screenshot(page, `category-filters-loading-${width}`);
      slow.release();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
      await resultsSettled(page);
      await page.unroute('**/api/search?*');

      await page.route('**/api/search?*', (route) => route.abort());
      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
      await page.getByText('Could not load the results').waitFor();
      await screenshot(page, `category-filters-failed-${width}`);
      await page.unroute('**/api/search?*');
      await page.getByRole('button', { name: 'Retry' }).click();
      await resultsSettled(page);
      expect(await pricesShown(page)).toEqual([...PRICES, LONG_PRICE]);
      expect(unexpectedErrors(buyer.errors, [/Failed to load resource: net::ERR_FAILED/])).toEqual(
        [],
      );
    });
  });

  describe('without JavaScript', () => {
    /** A signed-in buyer's page that runs no script at all. */
    async function noScriptPage(viewport: Viewport) {
      const signed = await signedIn(BUYER, viewport);
      const context = await browser.newContext({
        baseURL,
        viewport,
        javaScriptEnabled: false,
        storageState: await signed.context.storageState(),
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      return { page, close: () => context.close() };
    }

    it('reaches results from the top bar on a phone', async () => {
      const { page, close } = await noScriptPage(PHONE);
      await page.goto('/');
      const field = page.getByRole('combobox', { name: 'Search listings' });
      expect(await field.isVisible()).toBe(false);
      // The search icon is a link to the results page, which shows the field.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Search' })
        .click();
      await page.waitForURL((url) => url.pathname === '/search');
      await field.fill(MODEL.toLowerCase());
      await field.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === MODEL.toLowerCase());
      await page.getByRole('heading', { name: `Results for “${MODEL.toLowerCase()}”` }).waitFor();
      const found = PRICES.length + 1 + MORE_PRICES.length;
      await page.getByText(`${found} phones found`).waitFor();
      const names = () =>
        page
          .getByRole('list', { name: 'Results' })
          .filter({ visible: true })
          .getByRole('heading', { level: 2 })
          .allTextContents();
      const firstPage = await names();
      expect(firstPage).toHaveLength(24);
      expect(firstPage.every((name) => name.startsWith(MODEL))).toBe(true);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'search-no-script-phone');
      // The next page is a plain link too.
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.has('cursor'));
      const secondPage = await names();
      expect(secondPage).toHaveLength(found - 24);
      expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
      await close();
    });

    it('filters a category page with the Apply button on a wide screen', async () => {
      const { page, close } = await noScriptPage(DESKTOP);
      await page.goto(`/category/${CATEGORY}`);
      const panel = page.getByRole('complementary', { name: 'Filters' });
      await panel.getByRole('checkbox', { name: /^good/ }).check();
      await panel.getByLabel('Area').fill('Sector 7');
      await panel.getByRole('button', { name: 'Apply price and location' }).click();
      await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
      expect(address(page).path).toBe(`/category/${CATEGORY}`);
      // The five good ones of the ten, drawn by the server.
      await page.getByText('Total Products (5)').waitFor();
      expect((await pricesShown(page)).sort((a, b) => a - b)).toEqual([190, 270, 350, 430, 510]);
      await page.screenshot({ path: path.join(screenshotDir, 'category-no-script-desktop.png') });
      await close();
    });
  });
});
