import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** A model no demo phone has, so that its results are only the phones listed here. */
const MODEL = 'Nebula';
/** More than a page (24) of them. */
const LISTED = 27;
const LONG_NAME = `${MODEL}${'Q'.repeat(54)}`;

/** The top bar's search field, opened first on a phone. */
async function searchBox(page: Page) {
  // The phone's search button works once the app has taken over the top bar.
  await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
  const box = page.getByRole('combobox', { name: 'Search listings' });
  if (!(await box.isVisible())) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Search' })
      .click();
  }
  await box.waitFor();
  return box;
}

/** The results shown at this width (the compact list on a phone, the cards on a wide screen). */
function results(page: Page) {
  return page.getByRole('list', { name: 'Results' }).filter({ visible: true });
}

async function totalShown(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ phones? found/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1]);
}

/** Both widths' screenshots, back at the test's own width afterwards. */
async function captureAt(page: Page, name: string, viewport: Viewport) {
  await captureBothWidths(page, name);
  await page.setViewportSize(viewport);
}

function param(page: Page, key: string): string[] {
  return new URL(page.url()).searchParams.getAll(key);
}

describe('search, filters, sort and saved searches', () => {
  const { signedIn, freshPage } = useServerAndBrowser();

  beforeAll(async () => {
    const seller = await signedIn(SELLER);
    for (let i = 0; i < LISTED; i++) {
      const answer = await api(
        seller.page,
        `/api/add-product?email=${encodeURIComponent(SELLER.email)}`,
        'POST',
        {
          name: i === 0 ? LONG_NAME : `${MODEL} N${i} ${i % 2 ? 128 : 256}GB`,
          location: i % 3 === 0 ? 'Dhanmondi' : 'Uttara',
          description: 'A phone listed to be searched for.',
          Category: 'xiaomi',
          yearOfUse: 2022,
          originalPrice: 900,
          resellPrice: 100 + i * 10,
          condition: i % 2 ? 'good' : 'excellent',
          storageGb: i % 2 ? 128 : 256,
          batteryHealth: 80 + (i % 20),
          imgURL: '/demo/iphone-1.webp',
        },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
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

    it('suggests models as one types, picked with the keyboard', async () => {
      const { page } = buyer;
      const box = await searchBox(page);
      await box.pressSequentially('nebu', { delay: 30 });
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      await listbox.getByRole('option').first().waitFor();
      await screenshot(page, `search-suggestions-${width}`);
      await box.press('ArrowDown');
      const first = listbox.getByRole('option').first();
      await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      // Up from the first wraps to the last; Down from the last comes back to the first.
      const last = listbox.getByRole('option').last();
      await box.press('ArrowUp');
      await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
      await box.press('ArrowDown');
      await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
      const picked = (await first.textContent()) ?? '';
      expect(picked.toLowerCase()).toContain('nebula');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      expect(param(page, 'q')).toEqual([picked]);
      await page.getByRole('heading', { name: `Results for “${picked}”` }).waitFor();
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('Escape closes the suggestions, then clears the field', async () => {
      const { page } = buyer;
      const box = await searchBox(page);
      await box.fill('');
      await box.pressSequentially('nebu', { delay: 30 });
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await box.press('Escape');
      expect(await box.inputValue()).toBe('');
    });

    it('searches, pages forward, and Back shows the first page again', async () => {
      const { page } = buyer;
      const box = await searchBox(page);
      await box.fill(MODEL.toLowerCase());
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === MODEL.toLowerCase());
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(LISTED);
      const firstPage = await results(page).getByRole('heading', { level: 2 }).allTextContents();
      expect(firstPage).toHaveLength(24);
      await captureAt(page, `search-results-${width}`, viewport);

      await page.getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL((url) => url.searchParams.has('cursor'));
      await resultsSettled(page);
      const secondPage = await results(page).getByRole('heading', { level: 2 }).allTextContents();
      expect(secondPage).toHaveLength(LISTED - 24);
      expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('cursor'));
      await resultsSettled(page);
      expect(await results(page).getByRole('heading', { level: 2 }).allTextContents()).toEqual(
        firstPage,
      );
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    const filters = (page: Page) => filtersPanel(page, viewport);

    it('filters by condition, storage and price, with counts, and sorts', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${MODEL}`);
      await resultsSettled(page);

      let panel = await filters(page);
      // 13 of the 27 are in good condition, and the count says so before one chooses.
      const good = panel.getByRole('checkbox', { name: 'good (13)' });
      await good.waitFor();
      // The dialog sits at the foot of the screen: a picture of the screen, not the whole page.
      if (viewport === PHONE) {
        // Once the dialog has finished sliding in.
        await panel.evaluate((dialog) =>
          Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)),
        );
        await page.screenshot({
          path: path.join(screenshotDir, 'search-filters-dialog-phone.png'),
        });
      }
      await good.click();
      await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
      await expect.poll(() => good.isChecked()).toBe(true);
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(13);

      panel = await filters(page);
      await panel.getByRole('checkbox', { name: /^128 GB/ }).click();
      await page.waitForURL((url) => url.searchParams.get('storage') === '128');
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(13);

      panel = await filters(page);
      await panel.getByLabel('Lowest').fill('150');
      await panel.getByLabel('Highest').fill('300');
      await panel.getByRole('button', { name: 'Apply price and location' }).click();
      await page.waitForURL((url) => url.searchParams.get('maxPrice') === '300');
      await resultsSettled(page);
      // Odd i from 5 to 19: prices 150 to 290.
      expect(await totalShown(page)).toBe(8);
      expect(param(page, 'condition')).toEqual(['good']);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('button', { name: 'Filters (3)' }).waitFor();
      }

      await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
      await resultsSettled(page);
      // Each result's resell price (the cards also show the original price, struck out).
      const prices = (await results(page).getByText(/\$\d+/).allTextContents())
        .filter((t) => !t.includes('Original'))
        .map((t) => Number(/\$(\d+)/.exec(t)?.[1]))
        .filter((n) => n > 0);
      expect(prices[0]).toBe(290);
      expect([...prices].sort((a, b) => b - a)).toEqual(prices);
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('shows totals and counts that stopped at the limit as "at least"', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${MODEL}`);
      await resultsSettled(page);
      // The API's answers as a search past SEARCH_COUNT_LIMIT gives them: the relation "gte"
      // beside the total, and facets with exact false.
      await page.route('**/api/search?**', async (route) => {
        const answer = await route.fetch();
        await route.fulfill({
          response: answer,
          headers: { ...answer.headers(), 'x-total-count-relation': 'gte' },
        });
      });
      await page.route('**/api/search/facets?**', async (route) => {
        const answer = await route.fetch();
        await route.fulfill({ response: answer, json: { ...(await answer.json()), exact: false } });
      });
      const panel = await filters(page);
      await panel.getByRole('checkbox', { name: 'good (13)' }).click();
      await page.waitForURL((url) => url.searchParams.get('condition') === 'good');
      await page.getByText('13+ phones found').waitFor();
      // The condition's own counts are made without it: good is still 13, now "at least".
      await (await filters(page)).getByRole('checkbox', { name: 'good (13+)' }).waitFor();
      await page.unroute('**/api/search?**');
      await page.unroute('**/api/search/facets?**');
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('suggests what to loosen when nothing matches', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${MODEL}&maxPrice=1&condition=fair`);
      await resultsSettled(page);
      await page.getByText('No phones match this search.').waitFor();
      await captureAt(page, `search-empty-${width}`, viewport);
      await page.getByRole('link', { name: 'Remove Condition fair' }).click();
      await page.waitForURL((url) => !url.searchParams.has('condition'));
      await page.getByText('No phones match this search.').waitFor();
      await page.getByRole('link', { name: /^Remove Price/ }).click();
      await page.waitForURL((url) => !url.searchParams.has('maxPrice'));
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(LISTED);
    });

    it('shows the long unbroken name without sideways scrolling', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${LONG_NAME}`);
      await resultsSettled(page);
      await results(page).getByRole('link', { name: LONG_NAME }).first().waitFor();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `search-long-name-${width}`);
    });

    if (viewport === PHONE) {
      it('switches between the compact list and the cards, and remembers the choice', async () => {
        const { page } = buyer;
        await page.goto(`/search?q=${MODEL}`);
        await resultsSettled(page);
        const list = page.getByRole('button', { name: 'List', exact: true });
        expect(await list.getAttribute('aria-pressed')).toBe('true');
        const row = results(page).getByRole('listitem').first();
        const height = (await row.boundingBox())?.height ?? 0;
        expect(height).toBeGreaterThanOrEqual(110);
        expect(height).toBeLessThanOrEqual(140);
        await page.getByRole('button', { name: 'Cards', exact: true }).click();
        await expect
          .poll(
            async () => (await results(page).getByRole('listitem').first().boundingBox())?.height,
          )
          .toBeGreaterThan(300);
        await screenshot(page, 'search-cards-phone');
        await page.reload();
        await resultsSettled(page);
        await expect
          .poll(() =>
            page.getByRole('button', { name: 'Cards', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        await page.getByRole('button', { name: 'List', exact: true }).click();
      });
    }

    it('saves a search and opens it again from the saved searches', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${MODEL}&condition=excellent`);
      await resultsSettled(page);
      await page.getByRole('button', { name: 'Save this search' }).click();
      const name = `Excellent ${MODEL} ${width}`;
      await page.getByLabel('Name of this search').fill(name);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Saved as “${name}”` })
        .waitFor();
      await page.getByRole('link', { name: 'Your saved searches' }).click();
      await page.getByRole('heading', { name: 'Saved Searches' }).waitFor();
      await captureAt(page, `saved-searches-${width}`, viewport);
      await page.getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === '/search');
      expect(param(page, 'condition')).toEqual(['excellent']);
      expect(param(page, 'q')).toEqual([MODEL]);
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(14);

      await page.goto('/dashboard/saved-searches');
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('link', { name }).waitFor({ state: 'detached' });
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('shows that results are loading on a slow network, and a failed call with Retry', async () => {
      const { page } = buyer;
      await page.goto(`/search?q=${MODEL}`);
      await resultsSettled(page);
      const slow = await holdCalls(page, '**/api/search?*');
      await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
      await slow.held;
      await page.getByRole('status').filter({ hasText: 'Loading results' }).waitFor();
      await screenshot(page, `search-loading-${width}`);
      slow.release();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');
      await resultsSettled(page);
      await page.unroute('**/api/search?*');

      await page.route('**/api/search?*', (route) => route.abort());
      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
      await page.getByText('Could not load the results').waitFor();
      await screenshot(page, `search-failed-${width}`);
      await page.unroute('**/api/search?*');
      await page.getByRole('button', { name: 'Retry' }).click();
      await resultsSettled(page);
      expect(await totalShown(page)).toBe(LISTED);
      expect(unexpectedErrors(buyer.errors, [/Failed to load resource: net::ERR_FAILED/])).toEqual(
        [],
      );
    });
  });

  it('gives a category page the same list toggle on a phone', async () => {
    const { page, errors } = await signedIn(BUYER, PHONE);
    await page.goto('/category/xiaomi');
    await page.getByRole('heading', { name: 'xiaomi', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const row = page.getByRole('list', { name: 'Phones' }).getByRole('listitem').first();
    await row.waitFor();
    expect((await row.boundingBox())?.height).toBeLessThanOrEqual(140);
    await screenshot(page, 'category-list-phone');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as Array<[string, Viewport]>)(
    'sends a signed-out visitor at %s width to log in, and back to the results',
    async (_width, viewport) => {
      const { page, errors } = await freshPage(viewport);
      await page.goto('/');
      const box = await searchBox(page);
      await box.fill(`${MODEL} n3`);
      // The names for sale are public; their results need an account.
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option')
        .first()
        .waitFor();
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/log-in');
      expect(new URL(page.url()).searchParams.get('from')).toBe(`/search?q=${MODEL}+n3`);
      await page.getByLabel('Email').fill(BUYER.email);
      await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/search');
      await page.getByRole('heading', { name: `Results for “${MODEL} n3”` }).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
