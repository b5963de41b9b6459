import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PAYMENT_IN_PERSON } from '@market/shared';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, BUYER, NEW_SELLER, SELLER, api, toast, openEmptyAddProduct } from './fixtures.ts';
import { captureDashboard } from './dashboard-helpers.ts';
import { pngFile } from './public-helpers.ts';

const DOOMED_BUYER = {
  name: 'Leaving Buyer',
  email: 'leaving.buyer@example.com',
  password: 'leaving-buyer-1',
  phone: '+15550199',
};
const NEW_PRODUCT = 'iPhone 13 Dashboard Listing';

async function myProductCount(page: Page): Promise<number> {
  const answer = await api(page, `/api/my-products?email=${SELLER.email}&limit=100`);
  expect(answer.status).toBe(200);
  return Number(answer.total ?? (answer.body as unknown[]).length);
}

/** Answers the 'Are you sure?' dialog with 'Yes, delete it!' and waits for the given alert text. */
async function confirmDeletion(page: Page, alertText: string) {
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('heading', { name: 'Are you sure?' }).waitFor();
  await confirm.getByText("You won't be able to revert this!").waitFor();
  // The site's colours (index.css): its text, its error red, and its plain buttons.
  const colour = (target: Locator, property: 'color' | 'backgroundColor') =>
    target.evaluate((el, p) => getComputedStyle(el)[p], property);
  expect(await colour(confirm, 'color')).toBe('rgb(26, 32, 44)');
  expect(
    await colour(confirm.getByRole('button', { name: 'Yes, delete it!' }), 'backgroundColor'),
  ).toBe('rgb(185, 28, 28)');
  expect(await colour(confirm.getByRole('button', { name: 'Cancel' }), 'color')).toBe(
    'rgb(26, 32, 44)',
  );
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  await page.getByText(alertText).waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('the dashboard', () => {
  const pages = useServerAndBrowser();
  // The seller's tests use this page, and so does a later one about the buyer's booking.
  let seller: TrackedPage;

  async function signedIn(account: { email: string; password: string }): Promise<TrackedPage> {
    const tracked = await pages.signedIn(account);
    // Nothing may have gone wrong before the dashboard checks start.
    expect(tracked.errors).toEqual([]);
    tracked.errors.length = 0;
    return tracked;
  }

  describe('as the verified seller', () => {
    beforeAll(async () => {
      seller = await signedIn(SELLER);
    });

    it('shows the welcome page and the seller links in the sidebar', async () => {
      const { page } = seller;
      await page.goto('/dashboard');
      await page
        .getByRole('heading', { name: /Welcome to your dashboard, Rahim Phones/ })
        .waitFor();
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      for (const label of ['My Products', 'My Buyers', 'Add Product']) {
        await nav.getByRole('link', { name: label }).waitFor();
      }
      expect(await nav.getByRole('link', { name: 'My Orders' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'All Sellers' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back To Home' }).waitFor();
      await page.getByRole('button', { name: 'Log Out' }).waitFor();
      await page.getByRole('img', { name: "Rahim Phones's avatar" }).waitFor();
      await captureDashboard(page, 'dashboard-welcome');
    });

    it('opens and closes the sidebar with its button on a phone', async () => {
      const { page } = seller;
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard');
      const toggle = page.getByRole('button', { name: 'Open dashboard menu' });
      await toggle.waitFor();
      const myProducts = page.getByRole('link', { name: 'My Products', exact: true });
      expect(await myProducts.isVisible()).toBe(false);
      await toggle.click();
      await myProducts.waitFor({ state: 'visible' });
      await screenshot(page, 'dashboard-menu-phone');
      await page.keyboard.press('Escape');
      await myProducts.waitFor({ state: 'hidden' });
      await toggle.click();
      await myProducts.click();
      await page.waitForURL('**/dashboard/my-products');
      await myProducts.waitFor({ state: 'hidden' });
      await page.setViewportSize(DESKTOP);
    });

    it('refuses an empty add-product form and creates nothing', async () => {
      const { page } = seller;
      await openEmptyAddProduct(page);
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      const before = await myProductCount(page);
      await page.getByRole('button', { name: 'Add Product' }).click();
      for (const message of [
        'Product name is required',
        'Location is required',
        'Year of purchase must be a number',
        'Original price must be a number',
        'Resell price must be a number',
        'Category is required',
        'Condition is required',
        'Add at least one photo',
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      await captureDashboard(page, 'dashboard-add-product-errors');
      expect(await myProductCount(page)).toBe(before);
    });

    it('adds a product with an image', async () => {
      const { page } = seller;
      await openEmptyAddProduct(page);
      const before = await myProductCount(page);
      await page.getByLabel('Product name').fill(NEW_PRODUCT);
      await page.getByLabel('Location', { exact: true }).fill('Dhaka, Gulshan');
      await page.getByLabel('Year of purchase').fill('2022');
      await page.getByLabel('Original price ($)').fill('799');
      await page.getByLabel('Resell price ($)').fill('420.50');
      await page.getByLabel('Category').selectOption('iPhone');
      await page.getByLabel('Condition').selectOption('good');
      await page.getByLabel('Description (optional)').fill('Battery at 91%, no scratches.');
      await page.getByLabel('Storage').selectOption('128');
      await page.getByLabel('Colour').fill('Blue');
      await page.getByLabel('Battery health (%)').fill('91');
      await page.getByLabel('Unlocked (any carrier)').check();
      await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('phone.png'));
      await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
      await captureDashboard(page, 'dashboard-add-product');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await toast(page, 'Product Added successfully!!');
      await page.waitForURL('**/dashboard/my-products');
      const row = page.getByRole('row').filter({ hasText: NEW_PRODUCT });
      await row.waitFor();
      expect(await row.textContent()).toContain('$420.50');
      expect(await myProductCount(page)).toBe(before + 1);
    });

    it('advertises the new product, which then shows on the home page', async () => {
      const { page } = seller;
      await page.goto('/dashboard/my-products');
      const header = page.getByRole('row').first();
      await header.waitFor();
      expect(
        (await header.getByRole('columnheader').allTextContents()).map((t) => t.trim()),
      ).toEqual([
        'Category',
        'Product Name',
        'Price',
        'Email',
        'Make Advertise',
        'Location',
        'Actions',
      ]);
      const row = page.getByRole('row').filter({ hasText: NEW_PRODUCT });
      await row.getByRole('button', { name: 'available' }).click();
      await toast(page, 'Advertisement added successfully');
      await row.getByText('Advertised').waitFor();
      expect(await row.getByRole('button', { name: 'available' }).count()).toBe(0);
      await captureDashboard(page, 'dashboard-my-products');

      await page.goto('/');
      await page.getByRole('heading', { name: NEW_PRODUCT }).waitFor();
    });

    it('deletes another product after confirmation', async () => {
      const { page } = seller;
      await page.goto('/dashboard/my-products');
      const rows = page.getByRole('row').filter({ hasNotText: NEW_PRODUCT });
      // Row 0 is the header.
      const victim = rows.nth(1);
      const victimName = (await victim.getByRole('rowheader').textContent())?.trim() ?? '';
      expect(victimName).not.toBe('');
      const before = await myProductCount(page);
      await victim.getByRole('button', { name: `Delete ${victimName}` }).click();
      await confirmDeletion(page, 'Your Product has been deleted.');
      await page
        .getByRole('rowheader', { name: victimName, exact: true })
        .waitFor({ state: 'detached' });
      expect(await myProductCount(page)).toBe(before - 1);
    });

    it('shows the static text in My Buyers while nobody has booked', async () => {
      const { page } = seller;
      await page.goto('/dashboard/my-buyers');
      await page.getByText('No Buyers available', { exact: true }).waitFor();
      await captureDashboard(page, 'dashboard-my-buyers-empty');
      expect(seller.errors).toEqual([]);
    });
  });

  describe('as the admin', () => {
    let admin: TrackedPage;
    beforeAll(async () => {
      // A buyer of their own, so the demo buyer stays for the buyer's tests.
      const newcomer = await pages.freshPage();
      await newcomer.page.goto('/');
      const signUp = await api(newcomer.page, '/api/auth/sign-up/email', 'POST', {
        ...DOOMED_BUYER,
        role: 'buyer',
      });
      expect(signUp.status).toBe(200);
      await newcomer.close();
      admin = await signedIn(ADMIN);
    });

    it('verifies the unverified seller', async () => {
      const { page } = admin;
      await page.goto('/dashboard/all-sellers');
      await page.getByText(/^Total: \d+$/).waitFor();
      const card = page.getByRole('article').filter({ hasText: NEW_SELLER.email });
      await card.getByRole('button', { name: 'make valid Seller' }).click();
      await toast(page, 'user verified has been completed');
      await card.getByText('Verified', { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: 'make valid Seller' }).count()).toBe(0);
      const sellers = await api(page, '/api/all-sellers');
      const verified = (sellers.body as { email: string; isVerifiedUser: boolean }[]).find(
        (s) => s.email === NEW_SELLER.email,
      );
      expect(verified?.isVerifiedUser).toBe(true);
      await captureDashboard(page, 'dashboard-all-sellers');
    });

    it('deletes a buyer after confirmation', async () => {
      const { page } = admin;
      await page.goto('/dashboard/all-buyers');
      const header = page.getByRole('row').first();
      await header.waitFor();
      expect(
        (await header.getByRole('columnheader').allTextContents()).map((t) => t.trim()),
      ).toEqual(['No', 'Name', 'Email', 'Phone', 'Delete']);
      const row = page.getByRole('row').filter({ hasText: DOOMED_BUYER.email });
      await captureDashboard(page, 'dashboard-all-buyers');
      await row.getByRole('button', { name: `Delete ${DOOMED_BUYER.name}` }).click();
      await confirmDeletion(page, `The buyer ${DOOMED_BUYER.name} has been deleted.`);
      await row.waitFor({ state: 'detached' });
      const buyers = await api(page, '/api/all-buyers');
      const emails = (buyers.body as { email: string }[]).map((b) => b.email);
      expect(emails).not.toContain(DOOMED_BUYER.email);
      expect(emails).toContain(BUYER.email);
      expect(admin.errors).toEqual([]);
    });
  });

  describe('as a buyer', () => {
    let buyer: TrackedPage;
    let productId = '';
    let productName = '';
    beforeAll(async () => {
      buyer = await signedIn(BUYER);
      const products = await api(buyer.page, '/api/products/samsung');
      expect(products.status).toBe(200);
      const fromSeller = (
        products.body as { _id: string; name: string; userName: string | null }[]
      ).find((p) => p.userName === SELLER.name);
      if (!fromSeller) throw new Error('the demo data has no samsung product of the seller');
      productId = fromSeller._id;
      productName = fromSeller.name;
    });

    it('books a wishlisted product from My Wishlist, then removes the entry', async () => {
      const { page } = buyer;
      const added = await api(page, '/api/wish-list', 'POST', { productId });
      expect(added.status).toBe(200);
      await page.goto('/dashboard/my-wishlist');
      const row = page.getByRole('row').filter({ hasText: productName });
      await row.waitFor();
      expect(await row.textContent()).toContain('samsung');
      await row.getByRole('img', { name: productName }).waitFor();
      await captureDashboard(page, 'dashboard-my-wishlist');

      await row.getByRole('button', { name: `Buy ${productName}` }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('heading', { name: productName }).waitFor();
      expect(await modal.getByLabel('Email').inputValue()).toBe(BUYER.email);
      await modal.getByLabel('Meeting location').fill('Banani Lake gate');
      await modal.getByRole('button', { name: 'Booked !!' }).click();
      await toast(page, 'Booking completed!!');
      await modal.waitFor({ state: 'hidden' });

      await row.getByRole('button', { name: `Remove ${productName}` }).click();
      await confirmDeletion(page, 'Wish Product remove successfully');
      await row.waitFor({ state: 'detached' });
      await page.getByText('Your wishlist is empty.').waitFor();
      const left = await api(page, `/api/wish-list?email=${BUYER.email}`);
      expect(left.body).toEqual([]);
    });

    it('sees the booking in My Orders and goes on to checkout', async () => {
      const { page } = buyer;
      const orders = await api(page, `/api/booking?email=${BUYER.email}`);
      expect((orders.body as { productName: string }[]).map((o) => o.productName)).toEqual([
        productName,
      ]);
      await page.goto('/dashboard/my-orders');
      const order = page.getByRole('listitem').filter({ hasText: productName });
      await order.waitFor();
      expect(await order.textContent()).toContain('Banani Lake gate');
      await captureDashboard(page, 'dashboard-my-orders');
      await order.getByRole('link', { name: 'Buy Now' }).click();
      await page.waitForURL('**/dashboard/checkout');
      await page.getByRole('heading', { name: 'checkout Your Product' }).waitFor();
      await page.getByText(PAYMENT_IN_PERSON).waitFor();
      await captureDashboard(page, 'dashboard-checkout');
    });

    it('is sent to log in from seller and admin pages', async () => {
      const { page } = buyer;
      for (const path of ['/dashboard/my-products', '/dashboard/all-sellers']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/log-in');
        expect(new URL(page.url()).searchParams.get('from')).toBe(path);
      }
      expect(buyer.errors).toEqual([]);
    });
  });

  it('lets the seller see who booked in My Buyers', async () => {
    if (!seller) throw new Error('the seller page is gone');
    const { page } = seller;
    await page.goto('/dashboard/my-buyers');
    const row = page.getByRole('row').filter({ hasText: BUYER.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Banani Lake gate');
    // The request waits for an answer: the buyer's contact shows masked until it is accepted.
    expect(await row.textContent()).toContain('b***@example.com');
    expect(await row.textContent()).toContain('Shown in full once you accept');
    expect(await row.textContent()).not.toContain(BUYER.email);
    await captureDashboard(page, 'dashboard-my-buyers');
    expect(seller.errors).toEqual([]);
  });

  it('sends a signed-out visitor from the dashboard to log in', async () => {
    const visitor = await pages.freshPage();
    await visitor.page.goto('/dashboard/my-orders');
    await visitor.page.waitForURL((url) => url.pathname === '/log-in');
    expect(new URL(visitor.page.url()).searchParams.get('from')).toBe('/dashboard/my-orders');
  });
});
