import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import {
  DESKTOP,
  PHONE as PHONE_SIZE,
  screenshotDir,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import { captureDashboard } from './dashboard-helpers.ts';
import { ADMIN, BUYER, SELLER, api, openEmptyAddProduct } from './fixtures.ts';
import { captureBothWidths, pngFile, unexpectedErrors } from './public-helpers.ts';

/** A demo listing of the seller in the xiaomi category: $179 new, $95 now. */
const PHONE = { name: 'Redmi 12 128GB', original: '$179', resell: '$95' };
const CATEGORY = '/category/xiaomi';

interface ListedProduct {
  _id: string;
  name: string;
  userName: string | null;
}

/** The card of the listing with this name. */
function cardOf(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * Whether the card's heart is filled, once it can be used: a buyer's heart waits for their
 * marks, so before that it tells nothing.
 */
async function heartFilled(card: Locator): Promise<boolean> {
  const heart = card.getByRole('button', { name: ANY_HEART, disabled: false });
  await heart.waitFor();
  return (await heart.getAttribute('aria-label'))!.startsWith('Saved: ');
}

/** A heart, saved or not: its name says which phone, and whether it is saved. */
const ANY_HEART = /^(Save .+ to wishlist|Saved: .+)$/;
const saveHeart = (name: string) => `Save ${name} to wishlist`;
const savedHeart = (name: string) => `Saved: ${name}`;

async function wishlistNames(page: Page): Promise<string[]> {
  const answer = await api(page, `/api/wish-list?email=${BUYER.email}`);
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ productName: string }>).map((item) => item.productName);
}

async function openCategory(page: Page) {
  await page.goto(CATEGORY);
  await page.getByText(/^Total Products \(\d+\)$/).waitFor();
}

describe('hearts, bookings and prices as each kind of user sees them', () => {
  const { signedIn } = useServerAndBrowser();

  describe('as a buyer', () => {
    let buyer: TrackedPage;
    beforeAll(async () => {
      buyer = await signedIn(BUYER);
    });

    it('shows saved hearts after a reload; a filled heart un-saves, and saves again', async () => {
      const { page } = buyer;
      await openCategory(page);
      const card = cardOf(page, PHONE.name);
      expect(await heartFilled(card)).toBe(false);

      await card.getByRole('button', { name: saveHeart(PHONE.name), exact: true }).click();
      await page.getByText('product added to wishlist').first().waitFor();
      expect(await heartFilled(card)).toBe(true);
      expect(await wishlistNames(page)).toEqual([PHONE.name]);

      await page.reload();
      expect(await heartFilled(card)).toBe(true);
      // Only that one: every heart comes from the same answer.
      expect(await page.getByRole('button', { name: /^Saved: / }).count()).toBe(1);

      await card.getByRole('button', { name: savedHeart(PHONE.name), exact: true }).click();
      await page.getByText('Wish Product remove successfully').first().waitFor();
      expect(await heartFilled(card)).toBe(false);
      expect(await wishlistNames(page)).toEqual([]);
      await page.reload();
      expect(await heartFilled(card)).toBe(false);

      await card.getByRole('button', { name: saveHeart(PHONE.name), exact: true }).click();
      expect(await heartFilled(card)).toBe(true);
      expect(await wishlistNames(page)).toEqual([PHONE.name]);
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('shows a booked product as Booked on its card, also after a reload', async () => {
      const { page } = buyer;
      await openCategory(page);
      const card = cardOf(page, PHONE.name);
      await card.getByRole('button', { name: 'Booked Now' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Meeting location').fill('Cumilla, Kandirpar');
      await dialog.getByRole('button', { name: 'Booked !!' }).click();
      await page.getByText('Booking completed!!').first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      const booked = card.getByRole('button', { name: 'Requested', exact: true });
      await booked.waitFor();
      expect(await booked.isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);

      await page.reload();
      await card.getByRole('button', { name: 'Requested', exact: true, disabled: true }).waitFor();
      expect(await card.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);
      // The other listings are still offered.
      const offered = page.getByRole('button', { name: 'Booked Now', disabled: false });
      await offered.first().waitFor();
      expect(await offered.count()).toBe(4);
      expect(await heartFilled(card)).toBe(true);
      await captureBothWidths(page, 'category-buyer-marks');
      // Cards far down a phone's page are drawn only near the screen: this one up close.
      for (const [width, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE_SIZE })) {
        await page.setViewportSize(viewport);
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: path.join(screenshotDir, `card-booked-${width}.png`) });
      }
      await page.setViewportSize(DESKTOP);
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('shows the resell price in My Wishlist with the original price struck through', async () => {
      const { page } = buyer;
      await page.goto('/dashboard/my-wishlist');
      const row = page.getByRole('row').filter({ hasText: PHONE.name });
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(`Resell price ${PHONE.resell}`);
      expect(text).toContain(`Original price ${PHONE.original}`);
      const original = row.getByText(PHONE.original, { exact: true });
      expect(await original.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
        'line-through',
      );
      const resell = row.getByText(PHONE.resell, { exact: true });
      expect(await resell.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
      await captureDashboard(page, 'dashboard-my-wishlist-prices');
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });
  });

  describe('as the seller', () => {
    let seller: TrackedPage;
    beforeAll(async () => {
      seller = await signedIn(SELLER);
    });

    it('offers neither hearts nor booking, and marks the own listings', async () => {
      const { page } = seller;
      await openCategory(page);
      await cardOf(page, PHONE.name).getByText('Your listing').waitFor();
      expect(await page.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Requested', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: ANY_HEART }).count()).toBe(0);

      const listed = await api(page, '/api/products/xiaomi');
      const products = listed.body as ListedProduct[];
      const own = products.filter((p) => p.userName === SELLER.name);
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThan(products.length);
      expect(await page.getByText('Your listing', { exact: true }).count()).toBe(own.length);
      for (const product of products.filter((p) => p.userName !== SELLER.name)) {
        expect(await cardOf(page, product.name).getByText('Your listing').count()).toBe(0);
      }
      await captureBothWidths(page, 'category-seller');
      await cardOf(page, PHONE.name).getByRole('link', { name: 'Manage in My Products' }).click();
      await page.waitForURL('**/dashboard/my-products');
      expect(unexpectedErrors(seller.errors)).toEqual([]);
    });

    it('refuses a resell price above the original price on the form, and adds nothing', async () => {
      const { page } = seller;
      await openEmptyAddProduct(page);
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      const count = async () => {
        const answer = await api(page, `/api/my-products?email=${SELLER.email}`);
        return Number(answer.total);
      };
      const before = await count();
      await page.getByLabel('Product name').fill('Overpriced Redmi');
      await page.getByLabel('Location', { exact: true }).fill('Cumilla');
      await page.getByLabel('Year of purchase').fill('2023');
      await page.getByLabel('Original price ($)').fill('100');
      await page.getByLabel('Resell price ($)').fill('150');
      await page.getByLabel('Category').selectOption('xiaomi');
      await page.getByLabel('Condition').selectOption('good');
      await page.getByLabel('Storage').selectOption('128');
      await page.getByLabel('Colour').fill('Blue');
      await page.getByLabel('Battery health (%)').fill('91');
      await page.getByLabel('Unlocked (any carrier)').check();
      await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('redmi.png'));
      await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add Product' }).click();
      const message = page.getByText('Resell price cannot be more than the original price', {
        exact: true,
      });
      await message.waitFor();
      expect(await page.getByLabel('Resell price ($)').getAttribute('aria-invalid')).toBe('true');
      await captureDashboard(page, 'dashboard-add-product-price-refused');
      expect(new URL(page.url()).pathname).toBe('/dashboard/add-product');
      expect(await count()).toBe(before);

      // Raising the original price is enough, and the message goes as soon as it is.
      await page.getByLabel('Original price ($)').fill('150');
      await message.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add Product' }).click();
      await page.waitForURL('**/dashboard/my-products');
      expect(await count()).toBe(before + 1);
      expect(unexpectedErrors(seller.errors)).toEqual([]);
    });
  });

  it('offers the admin neither hearts nor booking', async () => {
    const { page, errors } = await signedIn(ADMIN);
    await openCategory(page);
    await cardOf(page, PHONE.name).waitFor();
    expect(await page.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: ANY_HEART }).count()).toBe(0);
    expect(await page.getByText('Your listing').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
