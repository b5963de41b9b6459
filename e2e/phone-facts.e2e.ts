import { beforeAll, describe, expect, it } from 'vitest';
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
  BUYER,
  NEW_SELLER,
  SELLER,
  api,
  holdCalls,
  sidewaysOverflow,
  openEmptyAddProduct,
  signUp,
  toast,
} from './fixtures.ts';
import { captureBothWidths, pngFile, unexpectedErrors } from './public-helpers.ts';
import { captureDashboard } from './dashboard-helpers.ts';
import { imeiFrom } from './fixtures.ts';

/** The same IMEI with its last digit changed: a typo the check digit catches. */
const withTypo = (imei: string) => `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`;

const MODEL = 'iPhone 14';
const ADD_PRODUCT = `/api/add-product?email=${encodeURIComponent(SELLER.email)}`;

interface Listing {
  _id: string;
  name: string;
}

/** A listing of the model in 256 GB through the API, as the signed-in seller of `page`. */
async function listByApi(page: Page, email: string, fields: Record<string, unknown>) {
  const answer = await api<Listing>(
    page,
    `/api/add-product?email=${encodeURIComponent(email)}`,
    'POST',
    {
      location: 'Dhaka',
      Category: 'iPhone',
      yearOfUse: 2023,
      originalPrice: 1000,
      condition: 'good',
      imgURL: '/demo/iphone-1.webp',
      storageGb: 256,
      model: MODEL,
      ...fields,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Fills the product form with a valid phone, leaving the IMEI to the test. */
async function fillProductForm(page: Page, name: string, price: string) {
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Location', { exact: true }).fill('Dhaka, Banani');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Original price ($)').fill('999');
  await page.getByLabel('Resell price ($)').fill(price);
  await page.getByLabel('Category').selectOption('iPhone');
  await page.getByLabel('Condition').selectOption('excellent');
  await page.getByLabel('Storage').selectOption('256');
  await page.getByLabel('Colour').fill('Midnight');
  await page.getByLabel('Battery health (%)').fill('93');
  await page.getByLabel('Unlocked (any carrier)').check();
  await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('phone.png'));
  await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
}

async function myListingNamed(page: Page, name: string): Promise<Listing> {
  const answer = await api<Listing[]>(
    page,
    `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
  );
  const found = answer.body.find((listing) => listing.name === name);
  if (!found) throw new Error(`no listing named ${name}`);
  return found;
}

describe('IMEIs, models and fair prices', () => {
  const { signedIn, freshPage } = useServerAndBrowser();
  // One signed-in page per account and width: sign-ins of one account are rate limited.
  const signedInPages = new Map<string, TrackedPage>();
  async function pageOf(
    account: { email: string; password: string },
    viewport: Viewport = DESKTOP,
  ) {
    const key = `${account.email} ${viewport.width}`;
    let tracked = signedInPages.get(key);
    if (!tracked) {
      tracked = await signedIn(account, viewport);
      signedInPages.set(key, tracked);
    }
    tracked.errors.length = 0;
    await tracked.page.setViewportSize(viewport);
    return tracked;
  }
  /** The resell prices of other sellers' listings the fair price compares, one seller each. */
  const comparable = [600, 650, 700];
  /** The demo seller's own prices, as the tests add them: they count once, with their median. */
  const own: number[] = [];
  const middle = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };

  beforeAll(async () => {
    const stamp = Date.now().toString(36);
    for (const [i, price] of comparable.entries()) {
      const other = await freshPage(DESKTOP);
      const account = {
        name: `Comparable Seller ${i + 1}`,
        email: `comparable-${i + 1}-${stamp}@example.test`,
        password: `comparable-seller-${i + 1}`,
        phone: `+155502${i + 10}`,
        role: 'seller' as const,
      };
      await signUp(other.page, account);
      await listByApi(other.page, account.email, {
        name: `iPhone 14 256GB comparable ${i + 1}`,
        resellPrice: price,
      });
    }
  });

  /**
   * Digits as a page would show them, not inside a longer run of hex digits: an id, a nonce or an
   * asset's hash holds any four digits now and then.
   */
  const shownAlone = (digits: string) => new RegExp(`(?<![0-9a-f])${digits}(?![0-9a-f])`, 'i');

  describe.each([
    ['desktop', DESKTOP, '35209900176', 640],
    ['phone', PHONE, '35398108812', 660],
  ] as Array<[string, Viewport, string, number]>)(
    'at %s width',
    (width, viewport, serial, price) => {
      const imei = imeiFrom(`${serial}001`);
      /** The number the seller puts in its place when editing the listing. */
      const replacement = imeiFrom(`${serial}002`);
      const name = `iPhone 14 256GB listed on a ${width}`;

      it('refuses an IMEI whose last digit does not match, with the message', async () => {
        const { page, errors } = await pageOf(SELLER, viewport);
        await openEmptyAddProduct(page);
        await page.getByRole('heading', { name: 'Add Product' }).waitFor();
        await fillProductForm(page, `${name} (typo)`, String(price));
        await page.getByLabel('IMEI (optional)').fill(withTypo(imei));
        await page.getByRole('button', { name: 'Add Product' }).click();
        await page
          .getByText("This IMEI's last digit does not match: check it for a typo")
          .waitFor();
        await page.getByLabel('IMEI (optional)').fill(imei.slice(0, 12));
        await page.getByRole('button', { name: 'Add Product' }).click();
        await page.getByText('An IMEI has 15 digits').waitFor();
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-facts-imei-error-${width}`);
        expect(page.url()).toContain('/dashboard/add-product');
        expect(unexpectedErrors(errors)).toEqual([]);
      });

      it('adds a listing with an IMEI and a model proposed from its name', async () => {
        const { page, errors } = await pageOf(SELLER, viewport);
        await openEmptyAddProduct(page);
        await page.getByRole('heading', { name: 'Add Product' }).waitFor();
        await fillProductForm(page, name, String(price));
        // The model follows the name.
        const model = page.getByRole('combobox', { name: 'Model' });
        await expect.poll(() => model.inputValue()).toBe(MODEL);
        const grouped = `${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`;
        await page.getByLabel('IMEI (optional)').fill(grouped);
        await page.getByRole('button', { name: 'Add Product' }).click();
        await toast(page, 'Product Added successfully!!');
        await page.waitForURL('**/dashboard/my-products');

        const listing = await myListingNamed(page, name);
        await page.goto(`/product/${listing._id}`);
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        // No digit of the IMEI anywhere: the page (and its page-state JSON) says it was given.
        await page.getByText('IMEI given').first().waitFor();
        const html = await page.content();
        expect(html).not.toMatch(shownAlone(imei.slice(-4)));
        expect(html).not.toContain('imeiLast4');
        const details = page.getByRole('region', { name: 'Details' });
        expect(await details.textContent()).toContain(MODEL);
        own.push(price);
        // Each seller counts once: the others' prices and the median of the demo seller's own.
        const prices = [...comparable, middle(own)];
        await page.getByText('Fair price', { exact: true }).waitFor();
        await page
          .getByText(
            `Median $${middle(prices)} for this model and storage, from ${prices.length} sellers' listings`,
            { exact: false },
          )
          .waitFor({ timeout: 15_000 })
          .catch(async (err: unknown) => {
            const shown = await page.getByText(/^Median/).allTextContents();
            throw new Error(
              `expected the median of ${prices.join(', ')}; shown: ${shown.join(' | ')}`,
              {
                cause: err,
              },
            );
          });
        await captureBothWidths(page, `phone-facts-listing-${width}`);
        await page.setViewportSize(viewport);

        // Its seller's edit form says only that an IMEI was given, and takes a new number.
        await page.goto(`/dashboard/edit-product/${listing._id}`);
        await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
        await page.getByText('IMEI given', { exact: true }).waitFor();
        expect(await page.content()).not.toMatch(shownAlone(imei.slice(-4)));
        expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe(MODEL);
        await page.getByRole('button', { name: 'Replace IMEI' }).click();
        await page.getByLabel('New IMEI').fill(replacement);
        await page.getByText('A listing with a new IMEI waits for a moderator').waitFor();
        if (width === 'desktop') await captureDashboard(page, 'phone-facts-edit-imei');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await toast(page, 'Your listing has been updated');
        // A new IMEI is checked by a moderator, whether or not it matches another phone; the
        // seller reads only that it waits (and the listing leaves the fair-price count).
        own.splice(own.indexOf(price), 1);
        await page.goto(`/product/${listing._id}`);
        await page.getByText('Waiting for a moderator', { exact: false }).first().waitFor();
        await page.getByText('IMEI given').first().waitFor();
        expect(await page.content()).not.toMatch(shownAlone(replacement.slice(-4)));
        await captureBothWidths(page, `phone-facts-imei-changed-${width}`);
        await page.setViewportSize(viewport);
        expect(unexpectedErrors(errors)).toEqual([]);
      });

      it("holds another account's listing of the same phone: it is not in the category", async () => {
        const other = await pageOf(NEW_SELLER, viewport);
        const duplicate = await listByApi(other.page, NEW_SELLER.email, {
          name: `Same phone again (${width})`,
          resellPrice: 610,
          imei: replacement,
        });
        // Another storage: it does not count in the fair price of the listings above.
        const plain = await listByApi(other.page, NEW_SELLER.email, {
          name: `Another phone on show (${width})`,
          resellPrice: 620,
          storageGb: 128,
        });

        const { page, errors } = await pageOf(BUYER, viewport);
        await page.goto('/category/iPhone');
        await page.getByText(plain.name).first().waitFor();
        expect(await page.getByText(duplicate.name).count()).toBe(0);
        const direct = await api(page, `/api/product/${duplicate._id}`);
        expect(direct.status).toBe(404);
        expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);
      });
    },
  );

  it('warns a buyer of a price far below the median', async () => {
    const seller = await pageOf(SELLER);
    const cheap = await listByApi(seller.page, SELLER.email, {
      name: 'iPhone 14 256GB too good to be true',
      resellPrice: 250,
    });
    const { page, errors } = await pageOf(BUYER, PHONE);
    await page.goto(`/product/${cheap._id}`);
    await page.getByText('Low price', { exact: true }).waitFor();
    await page.getByRole('note').filter({ hasText: 'more than 35% below' }).waitFor();
    await captureBothWidths(page, 'phone-facts-far-below');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('suggests models as one types, picked with the keyboard', async () => {
    const { page, errors } = await pageOf(SELLER, PHONE);
    await openEmptyAddProduct(page);
    await page.getByLabel('Category').selectOption('samsung');
    const model = page.getByRole('combobox', { name: 'Model' });
    await model.pressSequentially('galaxy s23', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Model: suggestions' });
    await list.getByRole('option', { name: 'Galaxy S23 Ultra' }).waitFor();
    await screenshot(page, 'phone-facts-model-suggestions-phone');
    // Up with no option active starts from the last; Down from the last wraps to the first.
    const last = list.getByRole('option').last();
    await model.press('ArrowUp');
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await model.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    const picked = (await first.textContent()) ?? '';
    await model.press('Enter');
    expect(await model.inputValue()).toBe(picked);
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    await model.press('Escape');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('keeps the model field usable while suggestions are slow or fail', async () => {
    const { page, errors } = await pageOf(SELLER, PHONE);
    await openEmptyAddProduct(page);
    await page.getByLabel('Category').selectOption('realme');
    const model = page.getByRole('combobox', { name: 'Model' });

    const slow = await holdCalls(page, '**/api/models?**');
    await model.pressSequentially('realme 11', { delay: 20 });
    await slow.held;
    // Typing goes on while the answer is on its way; nothing is offered yet.
    expect(await model.inputValue()).toBe('realme 11');
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    slow.release();
    await page.getByRole('option', { name: 'realme 11 Pro+' }).waitFor();
    await page.unrouteAll();

    await page.route('**/api/models?**', (route) => route.abort());
    await model.fill('');
    await model.pressSequentially('zz', { delay: 20 });
    await page.waitForTimeout(600);
    expect(await model.inputValue()).toBe('zz');
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    // A model nobody knows is written one way; 60 characters without a break stay on screen.
    await model.fill(`Z${'x'.repeat(59)}`);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await captureDashboard(page, 'phone-facts-model-failed');
    await page.unrouteAll();
    expect(unexpectedErrors(errors, [/Failed to load resource/, /ERR_FAILED/])).toEqual([]);
  });

  it('shows a 60-character model and no fair price on a listing without comparables', async () => {
    const seller = await pageOf(SELLER);
    const longModel = `Q${'w'.repeat(59)}`;
    const answer = await api<Listing>(seller.page, ADD_PRODUCT, 'POST', {
      name: 'A phone nobody else lists',
      location: 'Dhaka',
      Category: 'xiaomi',
      yearOfUse: 2023,
      originalPrice: 500,
      resellPrice: 300,
      condition: 'good',
      imgURL: '/demo/iphone-1.webp',
      storageGb: 128,
      model: longModel,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { page, errors } = await pageOf(BUYER, PHONE);
    await page.goto(`/product/${answer.body._id}`);
    await page.getByText(longModel).waitFor();
    expect(await page.getByText('Fair price', { exact: true }).count()).toBe(0);
    expect(await page.getByText('IMEI given').count()).toBe(0);
    await captureBothWidths(page, 'phone-facts-long-model');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
