import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, BUYER, SELLER, api, boxOf, sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/** Everything the row shows, each button and link included, lies within the phone's width. */
async function expectWithinScreen(page: Page, row: Locator, where: string) {
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const parts = [
    ...(await row.getByRole('button').all()),
    ...(await row.getByRole('link').all()),
    ...(await row.getByRole('cell').all()),
    ...(await row.getByRole('rowheader').all()),
  ];
  expect(parts.length, `${where} shows its facts`).toBeGreaterThan(0);
  for (const part of parts) {
    const box = await boxOf(part);
    const name = (await part.textContent())?.trim().slice(0, 30);
    expect(box.x, `"${name}" in ${where} starts left of the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `"${name}" in ${where} ends past the screen`).toBeLessThanOrEqual(
      width + 1,
    );
  }
}

describe('the dashboard lists on a 390 px wide phone', () => {
  const { signedIn } = useServerAndBrowser();

  let buyer: TrackedPage;
  let seller: TrackedPage;
  let admin: TrackedPage;

  beforeAll(async () => {
    buyer = await signedIn(BUYER, PHONE);
    const products = await api<Array<{ _id: string; userName: string | null }>>(
      buyer.page,
      '/api/products/samsung',
    );
    const product = products.body.find((p) => p.userName === SELLER.name);
    if (!product) throw new Error('the demo data has no samsung phone of the demo seller');
    expect(
      (await api(buyer.page, '/api/wish-list', 'POST', { productId: product._id })).status,
    ).toBe(200);
    const booking = await api(buyer.page, '/api/booking', 'POST', {
      productId: product._id,
      phone: '+8801700000000',
      location: 'Dhanmondi Lake, gate 2',
    });
    expect(booking.status).toBe(200);
    seller = await signedIn(SELLER, PHONE);
    admin = await signedIn(ADMIN, PHONE);
  });

  const lists = [
    {
      who: 'buyer',
      path: '/dashboard/my-wishlist',
      heading: 'My Wishlist',
      labels: ['Category', 'Price', 'Location'],
      buttons: [/^Buy /, /^Remove /],
    },
    {
      who: 'seller',
      path: '/dashboard/my-products',
      heading: 'My Products',
      labels: ['Category', 'Price', 'Email', 'Make Advertise', 'Location'],
      buttons: [/^Delete /],
    },
    {
      who: 'seller',
      path: '/dashboard/my-buyers',
      heading: 'My Buyers',
      labels: ['Contact', 'Product', 'Status', 'Meeting'],
      buttons: [/^Accept$/, /^Decline$/],
    },
    {
      who: 'admin',
      path: '/dashboard/all-buyers',
      heading: 'All Buyers',
      labels: ['No', 'Email', 'Phone'],
      buttons: [/^Delete /],
    },
  ] as const;

  it.each(lists)(
    '$heading shows every fact and button of a row',
    async ({ who, path, heading, labels, buttons }) => {
      const { page, errors } = { buyer, seller, admin }[who];
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // The header row is not shown on a phone: the first row shown is the first entry.
      const row = page.getByRole('main').getByRole('row').filter({ visible: true }).first();
      await row.waitFor();
      expect(await sidewaysOverflow(page), `${heading} scrolls sideways`).toBeLessThanOrEqual(0);
      for (const name of buttons) await row.getByRole('button', { name }).waitFor();
      for (const label of labels) {
        await row.getByText(label, { exact: true }).waitFor();
      }
      await expectWithinScreen(page, row, heading);
      await screenshot(page, `phone-list${path.replaceAll('/', '-')}`);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  it('All Sellers shows every seller with both actions', async () => {
    const { page, errors } = admin;
    await page.goto('/dashboard/all-sellers');
    await page.getByText(/^Total: \d+$/).waitFor();
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Delete seller' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectWithinScreen(page, card, 'All Sellers');
    await screenshot(page, 'phone-list-dashboard-all-sellers');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
