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
import { SELLER, api, openEmptyAddProduct, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { captureBothWidths, pngFile, unexpectedErrors } from './public-helpers.ts';

const MODEL = 'Galaxy S22';

interface Listing {
  _id: string;
  name: string;
}

/** A Galaxy S22 of 128 GB, unlocked, in good condition with 90% battery unless told otherwise. */
async function listByApi(page: Page, email: string, fields: Record<string, unknown>) {
  const answer = await api<Listing>(
    page,
    `/api/add-product?email=${encodeURIComponent(email)}`,
    'POST',
    {
      name: `${MODEL} 128GB`,
      location: 'Dhaka',
      Category: 'samsung',
      yearOfUse: 2023,
      originalPrice: 900,
      condition: 'good',
      imgURL: '/demo/samsung-1.webp',
      model: MODEL,
      storageGb: 128,
      batteryHealth: 90,
      networkLock: 'unlocked',
      activationLockOff: true,
      paidOff: true,
      ...fields,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/**
 * The comparables of the phone the tests list: three sellers (a median counts each once), their
 * listings the fixed set the server tests use (lock-status.test.ts), so that the factors are
 * known amounts.
 */
const COMPARABLES: Array<Array<[number, Record<string, unknown>]>> = [
  [
    [400, { batteryHealth: 75 }],
    [410, { batteryHealth: 70, condition: 'fair' }],
    [420, { batteryHealth: 78, condition: 'fair' }],
  ],
  [
    [440, {}],
    [450, {}],
    [460, { condition: 'fair' }],
    [470, { condition: 'excellent' }],
  ],
  [
    [300, { networkLock: 'Robi' }],
    [310, { networkLock: 'Robi' }],
    [330, { networkLock: 'Banglalink' }],
    [520, { storageGb: 256 }],
    [530, { storageGb: 256 }],
    [545, { storageGb: 256 }],
  ],
];

async function fillProductForm(page: Page, name: string) {
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Location', { exact: true }).fill('Dhaka, Banani');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Original price ($)').fill('900');
  await page.getByLabel('Resell price ($)').fill('250');
  await page.getByLabel('Category').selectOption('samsung');
  await page.getByLabel('Condition').selectOption('fair');
  await page.getByRole('combobox', { name: 'Model' }).fill(MODEL);
  await page.getByLabel('Storage').selectOption('128');
  await page.getByLabel('Colour').fill('Phantom black');
  await page.getByLabel('Battery health (%)').fill('76');
  await page.getByLabel('Photos', { exact: true }).setInputFiles(await pngFile('phone.png'));
  await page.getByRole('img', { name: 'Photo 1', exact: true }).waitFor();
}

describe('lock and money status, and a fair price with reasons', () => {
  const { signedIn, freshPage } = useServerAndBrowser();
  const pages = new Map<string, TrackedPage>();
  async function sellerAt(viewport: Viewport) {
    const key = String(viewport.width);
    let tracked = pages.get(key);
    if (!tracked) {
      tracked = await signedIn(SELLER, viewport);
      pages.set(key, tracked);
    }
    tracked.errors.length = 0;
    await tracked.page.setViewportSize(viewport);
    return tracked;
  }

  beforeAll(async () => {
    const stamp = Date.now().toString(36);
    for (const [i, listings] of COMPARABLES.entries()) {
      const other = await freshPage(DESKTOP);
      const account = {
        name: `Galaxy Seller ${i + 1}`,
        email: `galaxy-${i + 1}-${stamp}@example.test`,
        password: `galaxy-seller-${i + 1}`,
        phone: `+155503${i + 10}`,
        role: 'seller' as const,
      };
      await signUp(other.page, account);
      for (const [price, fields] of listings) {
        await listByApi(other.page, account.email, { resellPrice: price, ...fields });
      }
    }
  });

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as Array<[string, Viewport]>)('at %s width', (width, viewport) => {
    const name = `${MODEL} 128GB listed on a ${width}`;

    it('asks for the lock and money status, and shows the factors and a caution', async () => {
      const { page, errors } = await sellerAt(viewport);
      await openEmptyAddProduct(page);
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      await fillProductForm(page, name);
      await page.getByLabel('Unlocked (any carrier)').check();
      await page.getByLabel('Yes, signed out').check();
      await page.getByLabel('Yes, paid off').check();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page
        .getByRole('group', {
          name: 'Signed out of Find My / Google account (activation lock off)',
        })
        .scrollIntoViewIfNeeded();
      await screenshot(page, `lock-status-form-${width}`);
      await page.getByRole('button', { name: 'Add Product' }).click();
      await toast(page, 'Product Added successfully!!');
      await page.waitForURL('**/dashboard/my-products');

      const mine = await api<Listing[]>(
        page,
        `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
      );
      const listing = mine.body.find((l) => l.name === name)!;
      expect(listing).toMatchObject({
        networkLock: 'unlocked',
        activationLockOff: true,
        paidOff: true,
      });
      await page.goto(`/product/${listing._id}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const details = page.locator('dl').filter({ hasText: 'Battery health' });
      expect(await details.locator('dt:text-is("Network") + dd').textContent()).toBe('Unlocked');
      expect(await details.locator('dt:text-is("Find My / Google") + dd').textContent()).toBe(
        'Signed out (activation lock off)',
      );
      expect(await details.locator('dt:text-is("Paid off") + dd').textContent()).toBe(
        'Fully paid off',
      );
      const factors = page.getByRole('list', { name: "What moves this phone's price" });
      await factors.waitFor();
      // The comparables (other listings) as the server tests compute them; the median counts
      // the three sellers and this one (the listing posted on the other width is not unlocked
      // in the same way: see below).
      const texts = (await factors.locator('li').allTextContents()).map(
        (text) => text.split(' (')[0],
      );
      expect(texts).toEqual(
        width === 'desktop'
          ? [
              '\u2212$45: battery below 80%',
              '\u2212$25: fair condition',
              '\u2212$90: 128 GB storage',
              '+$130: unlocked',
            ]
          : [
              // The desktop's listing (250, fair, 76%) is now a comparable too.
              '\u2212$50: battery below 80%',
              '\u2212$30: fair condition',
              '\u2212$100: 128 GB storage',
              '+$120: unlocked',
            ],
      );
      await page.getByRole('note').filter({ hasText: 'never pay in advance' }).waitFor();
      await captureBothWidths(page, `lock-status-listing-${width}`);
      await page.setViewportSize(viewport);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it('shows the status on the cards, and filters by it, with an empty state', async () => {
    const { page, errors } = await sellerAt(DESKTOP);
    // A carrier's name of 60 characters without a break: it must wrap on the page.
    const longCarrier = `Carrier${'X'.repeat(53)}`;
    const locked = await listByApi(page, SELLER.email, {
      name: `${MODEL} 128GB locked, signed in`,
      resellPrice: 320,
      networkLock: longCarrier,
      activationLockOff: false,
      paidOff: false,
    });
    await page.goto(`/search?q=${encodeURIComponent(MODEL)}`);
    const card = page.getByRole('listitem').filter({ hasText: `${MODEL} 128GB locked, signed in` });
    await card.waitFor();
    expect(await card.locator('dt:text-is("Network") + dd').textContent()).toBe('Locked');
    expect(await card.locator('dt:text-is("Signed out") + dd').textContent()).toBe('No');
    expect(await card.locator('dt:text-is("Paid off") + dd').textContent()).toBe('No');
    await captureBothWidths(page, 'lock-status-cards');

    const filters = page.getByRole('form', { name: 'Filters' }).first();
    await filters.getByRole('checkbox', { name: /^Unlocked/ }).click();
    await page.waitForURL(/unlocked=true/);
    await expect
      .poll(
        async () => page.getByRole('listitem').filter({ hasText: 'locked, signed in' }).count(),
        { timeout: 20_000 },
      )
      .toBe(0);
    await filters.getByRole('checkbox', { name: /Activation lock off/ }).click();
    await page.waitForURL(/activationLockOff=true/);
    await captureBothWidths(page, 'lock-status-filtered');

    // Nothing matches: the empty state offers to remove the filters.
    await page.goto(`/search?q=nosuchphonelockstatus&unlocked=true&activationLockOff=true`);
    await page.getByText('No phones match this search.').waitFor();
    await captureBothWidths(page, 'lock-status-empty');

    await page.goto(`/product/${locked._id}`);
    await page.getByText(`Locked to ${longCarrier}`).waitFor();
    await captureBothWidths(page, 'lock-status-long-carrier');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says so when a filtered search fails', async () => {
    const { page, errors } = await sellerAt(DESKTOP);
    await page.goto(`/search?q=${encodeURIComponent(MODEL)}`);
    await page.getByRole('listitem').filter({ hasText: MODEL }).first().waitFor();
    await page.route('**/api/search?*', (route) => route.abort());
    const filters = page.getByRole('form', { name: 'Filters' }).first();
    // Clicked, not checked: the box follows the search, which fails.
    await filters.getByRole('checkbox', { name: /Activation lock off/ }).click();
    await page.getByText('Could not load the results').waitFor();
    await captureBothWidths(page, 'lock-status-search-failed');
    await page.unroute('**/api/search?*');
    expect(unexpectedErrors(errors, [/Failed to load resource: net::ERR_FAILED/])).toEqual([]);
  });
});
