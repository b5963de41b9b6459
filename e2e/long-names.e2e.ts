import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { sidebarSettled } from './dashboard-helpers.ts';
import {
  ADMIN,
  api,
  boxOf,
  inside,
  listProduct,
  overlap,
  sidewaysOverflow,
  signUp,
  type Box,
} from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/** 60 characters without a space: the longest word the browser can never wrap by itself. */
const unbroken = (start: string) => start + 'W'.repeat(60 - start.length);
const SELLER_NAME = unbroken('Seller');
const BUYER_NAME = unbroken('Buyer');
const PRODUCT_NAME = unbroken('Phone');
const PLACE = unbroken('Place');

const SELLER = {
  name: SELLER_NAME,
  email: 'long.name.seller@example.com',
  password: 'long-name-seller-1',
  phone: '+15550111',
  role: 'seller' as const,
};
const BUYER = {
  name: BUYER_NAME,
  email: 'long.name.buyer@example.com',
  password: 'long-name-buyer-1',
  phone: '+15550112',
  role: 'buyer' as const,
};
/** A second buyer, who has not booked the phone yet, so its card still offers the booking form. */
const NEXT_BUYER = {
  ...BUYER,
  email: 'long.name.next.buyer@example.com',
  phone: '+15550113',
};

const WIDTHS = [
  { label: 'desktop', size: DESKTOP },
  { label: 'phone', size: PHONE },
] as const;

/** Where the text of an element is drawn, which may reach past the element's own box. */
async function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

/** Every shown occurrence of `text` is drawn inside `container`. */
async function expectTextInside(page: Page, text: string, container: Locator, where: string) {
  const outer = await boxOf(container);
  const matches = await container.getByText(text).all();
  let shown = 0;
  for (const match of matches) {
    if (!(await match.isVisible())) continue;
    shown += 1;
    const drawn = await textBox(match);
    expect(
      inside(drawn, outer),
      `"${text.slice(0, 12)}…" spills out of ${where}: ${JSON.stringify({ drawn, outer })}`,
    ).toBe(true);
  }
  expect(shown, `"${text.slice(0, 12)}…" is shown in ${where}`).toBeGreaterThan(0);
}

/** The cards of a grid: none overlaps another, and the long name stays inside its own card. */
async function expectCardsApart(cards: Locator, text: string, where: string) {
  const boxes: Box[] = [];
  for (const card of await cards.all()) boxes.push(await boxOf(card));
  expect(boxes.length, `${where} has cards`).toBeGreaterThan(1);
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      expect(overlap(boxes[i]!, boxes[j]!), `cards ${i} and ${j} of ${where} overlap`).toBe(false);
    }
  }
  const card = cards.filter({ hasText: text }).first();
  const drawn = await textBox(card.getByText(text).first());
  expect(inside(drawn, await boxOf(card)), `the long name spills out of its card in ${where}`).toBe(
    true,
  );
}

describe('one unbroken long name', () => {
  let seller: TrackedPage;
  let buyer: TrackedPage;
  let nextBuyer: TrackedPage;
  let admin: TrackedPage;

  const { freshPage, signedIn } = useServerAndBrowser();

  beforeAll(async () => {
    seller = await freshPage();
    await signUp(seller.page, SELLER);
    const product = await listProduct(seller.page, SELLER.email, {
      name: PRODUCT_NAME,
      location: PLACE,
      description: `${unbroken('Story')} ${'W'.repeat(240)}`,
    });
    const advertised = await api(seller.page, `/api/my-products/${product._id}`, 'PUT');
    expect(advertised.status).toBe(200);

    buyer = await freshPage();
    await signUp(buyer.page, BUYER);
    const saved = await api(buyer.page, '/api/wish-list', 'POST', { productId: product._id });
    expect(saved.status).toBe(200);
    const booked = await api(buyer.page, '/api/booking', 'POST', {
      productId: product._id,
      phone: BUYER.phone,
      location: PLACE,
    });
    expect(booked.status).toBe(200);

    nextBuyer = await freshPage();
    await signUp(nextBuyer.page, NEXT_BUYER);

    admin = await signedIn(ADMIN);
  });

  it('keeps the home page to the screen, with the advertisement inside its card', async () => {
    const { page, errors } = buyer;
    await page.goto('/');
    const ads = page.getByRole('region', { name: 'Advertisement' });
    await ads.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
    for (const { label, size } of WIDTHS) {
      await page.setViewportSize(size);
      expect(await sidewaysOverflow(page), `home at ${size.width} px`).toBeLessThanOrEqual(0);
      await expectCardsApart(ads.getByRole('listitem'), PRODUCT_NAME, `home at ${size.width}`);
      await expectTextInside(page, 'Story', ads, 'the advertisements');
      await screenshot(page, `long-name-home-${label}`);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('keeps the category page and the booking modal to the screen', async () => {
    const { page, errors } = nextBuyer;
    await page.goto('/category/iPhone');
    const cards = page.getByRole('main').getByRole('listitem');
    await page.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
    for (const { label, size } of WIDTHS) {
      await page.setViewportSize(size);
      expect(await sidewaysOverflow(page), `category at ${size.width} px`).toBeLessThanOrEqual(0);
      await expectCardsApart(cards, PRODUCT_NAME, `the category at ${size.width}`);
      const card = cards.filter({ hasText: PRODUCT_NAME });
      await expectTextInside(page, SELLER_NAME, card, 'the product card');
      await expectTextInside(page, PLACE, card, 'the product card');
      await screenshot(page, `long-name-category-${label}`);

      await card.getByRole('button', { name: 'Booked Now' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
      // Measured where the dialog comes to rest, after its opening transition.
      await dialog.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      expect(await sidewaysOverflow(page), `booking modal at ${size.width} px`).toBeLessThanOrEqual(
        0,
      );
      await expectTextInside(page, PRODUCT_NAME, dialog, `the booking modal at ${size.width}`);
      await screenshot(page, `long-name-booking-${label}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  const dashboardPages: Array<{
    who: 'seller' | 'buyer' | 'admin';
    path: string;
    texts: string[];
  }> = [
    { who: 'seller', path: '/dashboard', texts: [SELLER_NAME] },
    { who: 'seller', path: '/dashboard/my-products', texts: [PRODUCT_NAME, PLACE] },
    { who: 'seller', path: '/dashboard/my-buyers', texts: [BUYER_NAME, PRODUCT_NAME, PLACE] },
    { who: 'buyer', path: '/dashboard/my-wishlist', texts: [PRODUCT_NAME, PLACE] },
    { who: 'buyer', path: '/dashboard/my-orders', texts: [PRODUCT_NAME, PLACE] },
    { who: 'admin', path: '/dashboard/all-buyers', texts: [BUYER_NAME] },
    { who: 'admin', path: '/dashboard/all-sellers', texts: [SELLER_NAME] },
  ];

  it.each(dashboardPages)(
    'keeps $path to the screen for the $who',
    async ({ who, path, texts }) => {
      const { page, errors } = { seller, buyer, admin }[who];
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      const main = page.getByRole('main');
      await main.getByText(texts[0]!).first().waitFor();
      for (const { label, size } of WIDTHS) {
        await page.setViewportSize(size);
        await sidebarSettled(page, size.width >= 1024);
        expect(await sidewaysOverflow(page), `${path} at ${size.width} px`).toBeLessThanOrEqual(0);
        for (const text of texts)
          await expectTextInside(page, text, main, `${path} at ${size.width}`);
        if (size.width >= 1024 && who !== 'admin') {
          const sidebar = page.getByRole('complementary', { name: 'Dashboard sidebar' });
          const name = who === 'seller' ? SELLER_NAME : BUYER_NAME;
          await expectTextInside(page, name, sidebar, 'the sidebar');
        }
        await screenshot(page, `long-name${path.replaceAll('/', '-')}-${label}`);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
