import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, boxOf, holdCalls } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

describe('feedback while a page loads', () => {
  const { signedIn } = useServerAndBrowser();

  it.each([
    { label: 'desktop', size: DESKTOP },
    { label: 'phone', size: PHONE },
  ])('shows a progress bar at the top while a category loads ($label)', async ({ label, size }) => {
    const { page, errors, close } = await signedIn(BUYER, size);
    await page.goto('/categories');
    const heading = page.getByRole('heading', { name: 'Categories', level: 1 });
    await heading.waitFor();
    const before = await boxOf(heading);

    const slow = await holdCalls(page, '**/api/products/**');
    await page.getByRole('link', { name: 'IPHONE', exact: true }).click();
    await slow.held;
    const bar = page.getByRole('progressbar', { name: 'Loading the page' });
    await bar.waitFor();
    const barBox = await boxOf(bar);
    expect(barBox.y).toBe(0);
    expect(barBox.width).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    // The bar floats above the page: nothing on the page moved.
    expect(await boxOf(heading)).toEqual(before);
    await screenshot(page, `navigation-progress-${label}`);

    slow.release();
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it.each([
    { label: 'desktop', size: DESKTOP, menu: 'Hide sidebar' },
    { label: 'phone', size: PHONE, menu: 'Open dashboard menu' },
  ])(
    'opens a dashboard address in its frame with a loading state ($label)',
    async ({ label, size, menu }) => {
      const { page, errors, close } = await signedIn(BUYER, size);

      // Who is signed in is the first thing the dashboard asks: hold that answer.
      const slow = await holdCalls(page, '**/api/session');
      await page.goto('/dashboard/my-orders');
      await slow.held;
      await page.getByRole('button', { name: menu }).waitFor();
      await page.getByRole('link', { name: 'Phone Market' }).waitFor();
      await page.getByRole('main').getByRole('status').getByText('Loading...').waitFor();
      await screenshot(page, `dashboard-loading-${label}`);

      slow.release();
      await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    },
  );
});
