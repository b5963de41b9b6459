import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  screenshot,
  useServerAndBrowser,
  type TrackedPage,
  type Viewport,
} from './harness.ts';
import {
  SELLER,
  api,
  holdCalls,
  openEmptyAddProduct,
  sidewaysOverflow,
  toast,
} from './fixtures.ts';
import { pngFile, unexpectedErrors } from './public-helpers.ts';

interface MyListing {
  _id: string;
  name: string;
  resellPrice: number;
  storageGb: number | null;
  colour: string | null;
  batteryHealth: number | null;
  networkLock: string | null;
  warrantyUntil: string | null;
}

async function myListingNamed(page: Page, name: string): Promise<MyListing> {
  const answer = await api<MyListing[]>(
    page,
    `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
  );
  const found = answer.body.find((listing) => listing.name === name);
  if (!found) throw new Error(`no listing named ${name}`);
  return found;
}

/** The fields the specification requires, and one photo; none of the phone's details. */
async function fillSpecFields(page: Page, name: string, category = 'realme') {
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Location', { exact: true }).fill('Dhaka, Mirpur');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Original price ($)').fill('500');
  await page.getByLabel('Resell price ($)').fill('260');
  await page.getByLabel('Category').selectOption(category);
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('phone.png'));
  await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
}

/** A PNG of noise, which does not compress: over 10 MB. */
async function hugePng() {
  const buffer = await sharp({
    create: {
      width: 1900,
      height: 1900,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name: 'camera-original.png', mimeType: 'image/png', buffer };
}

/** Follows the sidebar's My Products link, opening the menu first on a phone. */
async function clickMyProducts(page: Page, viewport: Viewport) {
  if (viewport.width < 1024)
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await page
    .getByRole('complementary', { name: 'Dashboard sidebar' })
    .getByRole('link', { name: 'My Products' })
    .click();
}

/** The add-product form without a draft of earlier tests. */
async function freshForm(page: Page) {
  await openEmptyAddProduct(page);
  await page.getByRole('heading', { name: 'Add Product' }).waitFor();
}

const nudge = (page: Page) => page.getByText('Listings with details sell faster.');
const fairPriceLine = (page: Page) =>
  page.getByRole('status').filter({ hasText: /compare|Comparing|Median/ });

describe('the add-product form', () => {
  const { signedIn } = useServerAndBrowser();
  const pages = new Map<number, TrackedPage>();
  async function sellerAt(viewport: Viewport) {
    let tracked = pages.get(viewport.width);
    if (!tracked) {
      tracked = await signedIn(SELLER, viewport);
      pages.set(viewport.width, tracked);
    }
    tracked.errors.length = 0;
    return tracked;
  }

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as Array<[string, Viewport]>)('at %s width', (width, viewport) => {
    // A 60-character name without a break: it must wrap, not push the page sideways.
    const bareName = `realme${width.toUpperCase()}${'X'.repeat(60)}`.slice(0, 60);

    it("posts a listing with only the specification's fields; its card and page say Not given", async () => {
      const { page, errors } = await sellerAt(viewport);
      await page.goto('/dashboard/add-product');
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      await nudge(page).waitFor();
      await page
        .getByText('Not given yet: storage, colour, battery health, network lock.')
        .waitFor();
      await page.getByText('Choose the storage: buyers filter by it').waitFor();
      await fillSpecFields(page, bareName);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `product-form-spec-fields-${width}`);
      await page.getByRole('button', { name: 'Add Product' }).click();
      await toast(page, 'Product Added successfully!!');
      await page.waitForURL('**/dashboard/my-products');

      const listing = await myListingNamed(page, bareName);
      expect(listing).toMatchObject({
        storageGb: null,
        colour: null,
        batteryHealth: null,
        networkLock: null,
        warrantyUntil: null,
      });
      await page.goto(`/product/${listing._id}`);
      await page.getByRole('heading', { name: bareName }).waitFor();
      const details = page.locator('dl').filter({ hasText: 'Battery health' });
      for (const term of ['Storage', 'Colour', 'Battery health']) {
        const value = details.locator('dt', { hasText: term }).first().locator('+ dd');
        expect(await value.textContent()).toBe('Not given');
      }
      // The lock and money status is never assumed: not stated until the seller says.
      for (const term of ['Network', 'Find My / Google', 'Paid off']) {
        const value = details.locator(`dt:text-is("${term}") + dd`);
        expect(await value.textContent()).toBe('Not stated');
      }
      await page.goto('/category/realme');
      const card = page.getByRole('listitem').filter({ hasText: bareName });
      await card.waitFor();
      expect(await card.locator('dt:text-is("Storage") + dd').textContent()).toBe('Not given');
      expect(await card.locator('dt:text-is("Battery") + dd').textContent()).toBe('Not given');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `product-form-not-given-card-${width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it('keeps a draft, photos included, through navigation and reload, and asks before leaving', async () => {
      const { page, errors } = await sellerAt(viewport);
      const name = `Draft phone on a ${width}`;
      await page.goto('/dashboard/add-product');
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      await page.getByLabel('Product name').fill(name);
      await page.getByLabel('Resell price ($)').fill('199');
      await page.getByLabel('Category').selectOption('xiaomi');
      await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('draft.png'));
      await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();

      // A link within the app: the form asks first, and staying keeps everything.
      await clickMyProducts(page, viewport);
      const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
      await dialog.getByText('kept as a draft for your account').waitFor();
      await screenshot(page, `product-form-leave-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/dashboard/add-product');
      expect(await page.getByLabel('Product name').inputValue()).toBe(name);

      // A reload: the browser asks, and the draft comes back with its photo.
      const asked: string[] = [];
      page.once('dialog', (question) => {
        asked.push(question.type());
        void question.accept();
      });
      await page.reload();
      await page.getByText('Your draft is back').waitFor();
      expect(asked).toEqual(['beforeunload']);
      expect(await page.getByLabel('Product name').inputValue()).toBe(name);
      expect(await page.getByLabel('Resell price ($)').inputValue()).toBe('199');
      expect(await page.getByLabel('Category').inputValue()).toBe('xiaomi');
      await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
      await screenshot(page, `product-form-draft-back-${width}`);

      // Unchanged since it came back: nothing to lose, no question; the draft is still there.
      await clickMyProducts(page, viewport);
      await page.waitForURL('**/dashboard/my-products');
      await page.goto('/dashboard/add-product');
      await page.getByText('Your draft is back').waitFor();

      await page.getByRole('button', { name: 'Discard draft' }).click();
      await toast(page, 'Draft discarded');
      expect(await page.getByLabel('Product name').inputValue()).toBe('');
      expect(await page.getByRole('img', { name: 'Photo 1', exact: true }).count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      await nudge(page).waitFor();
      expect(await page.getByText('Your draft is back').count()).toBe(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it('compares the price on the edit form, and asks before leaving unsaved changes', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await sellerAt(viewport);
      const mine = await api<MyListing[]>(
        page,
        `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
      );
      const listing = mine.body.find((row) => row.name === 'iPhone 13 128GB');
      if (!listing) throw new Error('the demo iPhone 13 128GB is missing');
      await page.goto(`/dashboard/edit-product/${listing._id}`);
      await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
      await fairPriceLine(page)
        .filter({ hasText: 'Fair price' })
        .filter({ hasText: 'Median $430 for the iPhone 13 128 GB, from 3 listings' })
        .waitFor();
      // Nothing changed yet: leaving asks nothing.
      await clickMyProducts(page, viewport);
      await page.waitForURL('**/dashboard/my-products');
      await page.goto(`/dashboard/edit-product/${listing._id}`);
      await page.getByLabel('Resell price ($)').fill('300');
      await fairPriceLine(page).filter({ hasText: 'Low price' }).waitFor();
      await clickMyProducts(page, viewport);
      const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
      await dialog.getByText('Your changes to this listing are not saved yet').waitFor();
      await screenshot(page, `product-form-edit-leave-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL('**/dashboard/my-products');
      // Left without saving: the price is as it was.
      expect((await myListingNamed(page, 'iPhone 13 128GB')).resellPrice).toBe(430);
      expect(unexpectedErrors(errors)).toEqual([]);
    }
  });

  it('brings back a draft begun over a day ago without its photos, which are no longer kept, and says so', async () => {
    const { page, errors } = await sellerAt(DESKTOP);
    await openEmptyAddProduct(page);
    await page.getByLabel('Product name').fill('A draft from the day before');
    await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('old.png'));
    await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
    await page.getByLabel('Location', { exact: true }).fill('Dhaka');
    await page.goto('/dashboard/my-products');
    // The draft was begun two days ago.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('market:product-draft:'));
      if (!key) throw new Error('no draft');
      const draft = JSON.parse(localStorage.getItem(key) ?? '{}') as { startedAt: string };
      draft.startedAt = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
      localStorage.setItem(key, JSON.stringify(draft));
    });
    await page.goto('/dashboard/add-product');
    await page.getByText('Your draft is back').waitFor();
    await page.getByText('are no longer kept: add them again').waitFor();
    expect(await page.getByLabel('Product name').inputValue()).toBe('A draft from the day before');
    expect(await page.getByRole('img', { name: 'Photo 1', exact: true }).count()).toBe(0);
    await screenshot(page, 'product-form-draft-old-photos-desktop');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await toast(page, 'Draft discarded');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('fills the storage from "128GB" in the name and compares the price as it is typed', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await sellerAt(viewport);
      await freshForm(page);
      await page.getByLabel('Category').selectOption('iPhone');
      await page.getByLabel('Product name').fill('Apple iPhone 13 128GB blue');
      expect(await page.getByLabel('Storage').inputValue()).toBe('128');
      expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe('iPhone 13');
      // The demo's iPhone 13 128GB has two past sales beside it: a median of $430.
      await page.getByLabel('Resell price ($)').fill('430');
      await fairPriceLine(page).filter({ hasText: 'Fair price' }).waitFor();
      await fairPriceLine(page)
        .filter({ hasText: 'Median $430 for the iPhone 13 128 GB, from 3 listings' })
        .waitFor();
      await page.getByLabel('Resell price ($)').fill('250');
      await fairPriceLine(page).filter({ hasText: 'Low price' }).waitFor();
      await page.getByLabel('Resell price ($)').fill('600');
      await fairPriceLine(page).filter({ hasText: 'High price' }).waitFor();
      await screenshot(page, `product-form-fair-price-${viewport.width}`);
      // Another storage of the model: nothing to compare with yet.
      await page.getByLabel('Storage').selectOption('512');
      await fairPriceLine(page).filter({ hasText: 'Fewer than 3 listings' }).waitFor();
      // A name that names another size changes a storage it proposed, not one chosen.
      await page.getByLabel('Product name').fill('Apple iPhone 13 256GB');
      expect(await page.getByLabel('Storage').inputValue()).toBe('512');
      await page.goto('/dashboard/my-products');
      expect(unexpectedErrors(errors)).toEqual([]);
    }
  });

  it('says when the comparison fails, and while it is on its way', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await sellerAt(viewport);
      await page.route('**/api/price-median?*', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down for a moment' } }),
        }),
      );
      await freshForm(page);
      await page.getByLabel('Category').selectOption('samsung');
      await page.getByLabel('Product name').fill('Galaxy A54 5G 128GB');
      await page.getByLabel('Resell price ($)').fill('230');
      await fairPriceLine(page)
        .filter({ hasText: 'Could not compare the price just now' })
        .waitFor();
      await screenshot(page, `product-form-fair-price-failed-${viewport.width}`);
      await page.unroute('**/api/price-median?*');

      const slow = await holdCalls(page, '**/api/price-median?*');
      await page.getByLabel('Storage').selectOption('256');
      await slow.held;
      await fairPriceLine(page).filter({ hasText: 'Comparing with the same phone' }).waitFor();
      await screenshot(page, `product-form-fair-price-slow-${viewport.width}`);
      slow.release();
      await fairPriceLine(page).filter({ hasText: 'Fewer than 3 listings' }).waitFor();
      await page.unroute('**/api/price-median?*');
      await page.goto('/dashboard/my-products');
      expect(unexpectedErrors(errors, [/503/])).toEqual([]);
    }
  });

  // Decoding an 11 MB photo and drawing it again takes the browser a few seconds of processor,
  // many more on a busy machine: the wait for the upload allows for that.
  it(
    'shrinks a photo over 10 MB in the browser before it uploads',
    { timeout: 180_000 },
    async () => {
      const { page, errors } = await sellerAt(DESKTOP);
      await freshForm(page);
      const file = await hugePng();
      expect(file.buffer.length).toBeGreaterThan(10 * 1024 * 1024);
      const upload = page.waitForRequest(
        (request) => request.url().endsWith('/api/images') && request.method() === 'POST',
        { timeout: 150_000 },
      );
      await page.getByLabel('Photos', { exact: true }).setInputFiles(file);
      const sent = await upload;
      const response = await sent.response();
      // The server takes at most 10 MB: it took this one, made smaller before it was sent.
      expect(response?.status()).toBe(200);
      expect((await sent.sizes()).requestBodySize).toBeLessThan(10 * 1024 * 1024);
      await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Remove photo 1' }).click();
      await page.goto('/dashboard/my-products');
      page.once('dialog', (question) => void question.accept());
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  it('picks the warranty day as day, month and year, and the listing shows it so', async () => {
    const { page, errors } = await sellerAt(PHONE);
    const name = 'realme C55 128GB with a warranty';
    const year = new Date().getFullYear() + 1;
    await freshForm(page);
    await fillSpecFields(page, name);
    const day = page.getByLabel('Warranty until (optional): day');
    const month = page.getByLabel('Warranty until (optional): month');
    const yearPick = page.getByLabel('Warranty until (optional): year');
    const [d, m, y] = await Promise.all([day, month, yearPick].map((l) => l.boundingBox()));
    // Day, then month, then year, left to right.
    expect(d!.x).toBeLessThan(m!.x);
    expect(m!.x).toBeLessThan(y!.x);
    // A day that does not exist is refused with a message.
    await day.selectOption('31');
    await month.selectOption('6');
    await yearPick.selectOption(String(year));
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Choose the day, month and year the warranty runs until').waitFor();
    await screenshot(page, `product-form-warranty-error-${PHONE.width}`);
    await day.selectOption('15');
    await month.selectOption('8');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product Added successfully!!');
    const listing = await myListingNamed(page, name);
    expect(listing.warrantyUntil).toBe(`${year}-08-15`);
    await page.goto(`/product/${listing._id}`);
    await page.getByText(`Until 15-08-${year}`).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
