import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, api } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

const TYPED = 'By the lake, north gate';
/** The browser reports each refused call in the console: the 401s this test provokes. */
const REFUSED = [/status of 401/];

async function expectSignedOutTopBar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'LogIn' }).waitFor();
  await nav.getByRole('link', { name: 'Registration' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  expect(await nav.getByRole('button', { name: 'Log out' }).count()).toBe(0);
}

/** The offer to sign in again, back to the page the person is on. */
async function expectOfferToLogIn(page: Page, from: string) {
  const link = page.getByRole('alert').getByRole('link', { name: 'Log in again' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`/log-in?from=${encodeURIComponent(from)}`);
  return link;
}

describe('a session that ends while a page is open', () => {
  const { signedIn } = useServerAndBrowser();

  it.each([
    { label: 'desktop', size: DESKTOP },
    { label: 'phone', size: PHONE },
  ])(
    'shows the visitor signed out, keeps the booking form, and offers to log in again ($label)',
    async ({ label, size }) => {
      const { page, context, errors, close } = await signedIn(BUYER, size);
      await page.goto('/category/samsung');
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Booked Now' }) })
        .first();
      await card.getByRole('button', { name: 'Booked Now' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Meeting location').fill(TYPED);

      // The session ends elsewhere (it expired, or was revoked): the cookie is gone.
      await context.clearCookies();
      await dialog.getByRole('button', { name: 'Booked !!' }).click();
      await dialog.getByText('Your session has ended. Please log in again.').waitFor();
      expect(await dialog.getByLabel('Meeting location').inputValue()).toBe(TYPED);
      if (size.width < 768) await dialog.getByRole('button', { name: 'Close' }).click();
      else await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await expectSignedOutTopBar(page);
      const again = await expectOfferToLogIn(page, '/category/samsung');
      await screenshot(page, `session-ended-${label}`);

      await again.click();
      await page.waitForURL((url) => url.pathname === '/log-in');
      await page.getByLabel('Email').fill(BUYER.email);
      await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/category/samsung');
      await page.getByText(/^Total Products \(\d+\)$/).waitFor();
      expect(await page.getByText('Your session has ended').count()).toBe(0);
      expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
      await close();
    },
  );

  it('keeps a dashboard list in place and offers to log in again', async () => {
    const { page, context, errors, close } = await signedIn(BUYER);
    const products = await api<Array<{ _id: string; name: string }>>(page, '/api/products/xiaomi');
    const product = products.body[0];
    if (!product) throw new Error('the demo data has no xiaomi phone');
    expect((await api(page, '/api/wish-list', 'POST', { productId: product._id })).status).toBe(
      200,
    );
    await page.goto('/dashboard/my-wishlist');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await row.waitFor();

    await context.clearCookies();
    await row.getByRole('button', { name: `Remove ${product.name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectOfferToLogIn(page, '/dashboard/my-wishlist');
    // The banner says it once, with its button; no toast repeats it over that button (a toast
    // would have shown within this second).
    await page.waitForTimeout(1_000);
    expect(await page.getByText('Your session has ended. Please log in again.').count()).toBe(0);
    // The page stays, with the entry that was not removed.
    expect(page.url()).toMatch(/\/dashboard\/my-wishlist$/);
    await row.waitFor();
    await screenshot(page, 'session-ended-dashboard');
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
    await close();
  });
});
