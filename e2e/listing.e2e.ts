import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { ListingPage } from '@market/shared';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import {
  BUYER,
  SELLER,
  api,
  holdCalls,
  listProduct,
  sidewaysOverflow,
  toast,
  openEmptyAddProduct,
} from './fixtures.ts';
import { captureBothWidths, unexpectedErrors } from './public-helpers.ts';
import { captureDashboard } from './dashboard-helpers.ts';

/** A demo listing of the seller with three photos and a price drop from $690 to $640. */
const GALLERY_PHONE = 'iPhone 14 Pro 128GB';
/** A demo listing of the seller with one photo, $430, that the seller edits here. */
const EDITED_PHONE = 'iPhone 13 128GB';
const LONG_NAME = 'W'.repeat(60);

/** A real photo of one colour, so that each upload is a different image. */
async function photo(name: string, rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  const buffer = await sharp({
    create: { width: 900, height: 700, channels: 3, background: { r, g, b } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function idOf(page: Page, name: string): Promise<string> {
  const answer = await api<Array<{ _id: string; name: string }>>(
    page,
    `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
  );
  const found = answer.body.find((p) => p.name === name);
  if (!found) throw new Error(`no listing named ${name}`);
  return found._id;
}

/** The gallery's counter, "n / m". */
const counter = (page: Page) => page.getByText(/^\d+ \/ \d+$/);

describe('the listing page', () => {
  let origin = '';
  let browser!: Browser;
  const { freshPage, signedIn } = useServerAndBrowser((started) => {
    origin = started.server.url;
    browser = started.browser;
  });
  let seller: TrackedPage;
  let galleryId = '';

  beforeAll(async () => {
    seller = await signedIn(SELLER);
    galleryId = await idOf(seller.page, GALLERY_PHONE);
  });

  it('is drawn on the server with its title, description, preview tags and structured data', async () => {
    // Fetched as a link preview does: no script runs.
    const response = await fetch(`${origin}/product/${galleryId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<title>${GALLERY_PHONE} · Phone Market</title>`);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head).toMatch(/<meta name="description" content="iPhone 14 Pro 128GB: \$640/);
    expect(head).toContain(`<meta property="og:image" content="${origin}/demo/iphone-1.webp"/>`);
    expect(head).toContain(`<meta property="og:url" content="${origin}/product/${galleryId}"/>`);
    expect(head).toContain('<meta property="product:price:amount" content="640.00"/>');
    expect(head).toContain('<meta property="product:price:currency" content="USD"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toContain(`<meta name="twitter:image" content="${origin}/demo/iphone-1.webp"/>`);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(jsonLd).toBeDefined();
    const data = JSON.parse(jsonLd!) as {
      '@type': string;
      name: string;
      offers: { '@type': string; price: string; priceCurrency: string; availability: string };
    };
    expect(data).toMatchObject({
      '@type': 'Product',
      name: GALLERY_PHONE,
      offers: {
        '@type': 'Offer',
        price: '640.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // The page itself is in the answer: details, both prices, the saving, the seller.
    for (const text of ['Save 36%', 'Price drop: was $690', 'Rahim Phones', '128 GB', '91%']) {
      expect(html).toContain(text);
    }
  });

  it('shows the gallery: arrow keys, thumbnails and a full-size photo, at both widths', async () => {
    const { page, errors } = await freshPage(DESKTOP);
    await page.goto(`/product/${galleryId}`);
    await page.getByRole('heading', { name: GALLERY_PHONE, level: 1 }).waitFor();
    // The page's own title, once the app has taken it over too.
    await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
    expect(await page.title()).toBe(`${GALLERY_PHONE} · Phone Market`);
    await counter(page).filter({ hasText: '1 / 3' }).waitFor();

    const strip = page.getByLabel(/^Photo \d of 3\. Use the arrow keys/);
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await counter(page).filter({ hasText: '2 / 3' }).waitFor();
    await page.keyboard.press('End');
    await counter(page).filter({ hasText: '3 / 3' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await counter(page).filter({ hasText: '2 / 3' }).waitFor();
    await page.getByRole('button', { name: 'Show photo 1' }).click();
    await counter(page).filter({ hasText: '1 / 3' }).waitFor();

    await page.getByRole('button', { name: 'Open photo 1 full size' }).click();
    const zoomed = page.getByRole('dialog', { name: `${GALLERY_PHONE}, photo 1 of 3` });
    await zoomed.waitFor();
    await screenshot(page, 'listing-zoomed-desktop');
    await page.keyboard.press('Escape');
    await zoomed.waitFor({ state: 'hidden' });

    // Signed out: saving and booking lead to log in; the seller's own actions are not offered.
    await page.getByRole('button', { name: 'Booked Now' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit listing' }).count()).toBe(0);
    // The page as it opens, not where the keyboard left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await captureBothWidths(page, 'listing-page');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('moves to the next photo with a swipe on a phone', async () => {
    // A phone's browser: touch input, so that a swipe scrolls as a finger's does.
    const context = await browser.newContext({
      baseURL: origin,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      // As in every other test's page (harness.ts): no service worker between page and test.
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      await page.goto(`/product/${galleryId}`);
      await counter(page).filter({ hasText: '1 / 3' }).waitFor();
      await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
      const box = await page.getByRole('button', { name: 'Open photo 1 full size' }).boundingBox();
      if (!box) throw new Error('the photo is not shown');
      // A finger on the photo moving 200 px to the left, as the touch screen reports it.
      const cdp = await context.newCDPSession(page);
      const y = Math.round(box.y + box.height / 2);
      const x = Math.round(box.x + box.width * 0.8);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
      for (let step = 1; step <= 10; step++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: x - step * 20, y }],
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await counter(page).filter({ hasText: '2 / 3' }).waitFor();
      await screenshot(page, 'listing-swiped-phone');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("leads from a card's title and image to the listing; a buyer can save and book there", async () => {
    const buyer = await signedIn(BUYER);
    const { page, errors } = buyer;
    await page.goto('/category/iPhone');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: GALLERY_PHONE, exact: true }) });
    await card.getByRole('link', { name: GALLERY_PHONE, exact: true }).click();
    await page.waitForURL(`**/product/${galleryId}`);
    await page.getByRole('heading', { name: GALLERY_PHONE, level: 1 }).waitFor();
    await page
      .getByRole('button', { name: `Save ${GALLERY_PHONE} to wishlist`, disabled: false })
      .waitFor();
    await page.getByRole('button', { name: 'Booked Now', disabled: false }).waitFor();
    await page.goBack();
    await card.locator('figure a').click();
    await page.waitForURL(`**/product/${galleryId}`);
    // The home page's advertisement cards lead there too; their 'Read more' stays as it was.
    await page.goto('/');
    const ad = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: GALLERY_PHONE, exact: true }) });
    expect(await ad.getByRole('link', { name: /Read more/ }).getAttribute('href')).toBe(
      '/categories',
    );
    await ad.getByRole('link', { name: GALLERY_PHONE, exact: true }).click();
    await page.waitForURL(`**/product/${galleryId}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('lets the seller edit from My Products: price, 3 new photos with progress, order and cover', async () => {
    const { page, errors } = seller;
    const id = await idOf(page, EDITED_PHONE);
    const buyer = await signedIn(BUYER);
    expect((await api(buyer.page, '/api/wish-list', 'POST', { productId: id })).status).toBe(200);

    await page.goto('/dashboard/my-products');
    await page.getByRole('link', { name: `Edit ${EDITED_PHONE}` }).click();
    await page.waitForURL(`**/dashboard/edit-product/${id}`);
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await page.getByLabel('Resell price ($)').inputValue()).toBe('430');
    expect(await page.getByLabel('Colour').inputValue()).toBe('Midnight');
    await page.getByLabel('Resell price ($)').fill('399');

    const uploads = await holdCalls(page, '**/api/images');
    await page
      .getByLabel('Photos', { exact: true })
      .setInputFiles([
        await photo('front.png', [200, 30, 30]),
        await photo('back.png', [30, 200, 30]),
        await photo('side.png', [30, 30, 200]),
      ]);
    await uploads.held;
    // Each upload shows its own progress while it is on its way.
    for (const name of ['front.png', 'back.png', 'side.png']) {
      await page.getByRole('progressbar', { name: `Uploading ${name}` }).waitFor();
    }
    await captureDashboard(page, 'listing-edit-uploading');
    uploads.release();
    // They finish in any order; then all four photos show, and no bar is left. Each upload is
    // resized into its sizes on the server: on a busy machine three take longer than the default.
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0);
    for (const n of [1, 2, 3, 4]) {
      await page.getByRole('img', { name: `Photo ${n}`, exact: true }).waitFor();
    }

    // Order: 1 the old photo, 2 front, 3 back, 4 side. Side moves earlier by keyboard...
    await page.getByRole('button', { name: 'Move photo 4 earlier' }).focus();
    await page.keyboard.press('Enter');
    // ... back is dragged onto the first place, then front is made the cover.
    await page
      .getByRole('listitem', { name: 'Photo 4' })
      .dragTo(page.getByRole('listitem', { name: 'Photo 1, cover' }));
    await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
    await captureDashboard(page, 'listing-edit-photos');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Your listing has been updated');
    await page.waitForURL('**/dashboard/my-products');

    const listing = await api<ListingPage>(page, `/api/product/${id}`);
    const urls = listing.body.photos.map((p) => p.url);
    expect(urls).toHaveLength(4);
    expect(listing.body.imgURL).toBe(urls[0]);
    expect(listing.body.photos[0]!.srcset).toMatch(/ 320w, .* 640w, .* 960w, .* 1600w$/);
    // Front (the cover), back (dragged first, then moved by the new cover), the old photo, side.
    expect(urls[2]).toBe('/demo/iphone-2.webp');
    expect(urls.filter((url) => url.startsWith('/api/images/'))).toHaveLength(3);
    expect(listing.body.resellPrice).toBe(399);
    expect(listing.body.previousResellPrice).toBe(430);
    expect(listing.body.priceHistory.map((h) => h.resellPrice)).toEqual([430, 399]);

    // The card shows the drop, and downloads a stored width of the cover, never the full size.
    await page.goto('/category/iPhone');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: EDITED_PHONE, exact: true }) });
    await card.getByText('Price drop: was $430').waitFor();
    // The image's link repeats the title's, so it is hidden from the accessibility tree.
    const cardImage = card.locator('figure img');
    await cardImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/-(320|640|960)\.webp$/);

    // The listing page shows the new cover first, and the buyer's wish list shows the drop.
    await page.goto(`/product/${id}`);
    await page.getByText('Price drop: was $430').waitFor();
    await page.getByRole('link', { name: 'Edit listing' }).waitFor();
    await captureBothWidths(page, 'listing-page-edited');
    await buyer.page.goto('/dashboard/my-wishlist');
    await buyer.page.getByText('Price drop: was $430').waitFor();
    await captureDashboard(buyer.page, 'listing-wishlist-price-drop');
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('refuses a 9th photo with a clear message', async () => {
    const { page, errors } = seller;
    await openEmptyAddProduct(page);
    await page.getByRole('heading', { name: 'Add Product' }).waitFor();
    const files = await Promise.all(
      Array.from({ length: 9 }, (_, i) => photo(`p${i}.png`, [i * 25, 90, 140])),
    );
    await page.getByLabel('Photos', { exact: true }).setInputFiles(files);
    await page.getByText('A listing can have at most 8 photos: 1 not added').waitFor();
    await page.getByRole('img', { name: 'Photo 8', exact: true }).waitFor();
    expect(await page.getByLabel('Photos', { exact: true }).isDisabled()).toBe(true);
    await captureDashboard(page, 'listing-add-nine-photos');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says why a photo failed to upload, and lets it be removed', async () => {
    const { page, errors } = seller;
    await openEmptyAddProduct(page);
    await page.getByRole('heading', { name: 'Add Product' }).waitFor();
    await page.route('**/api/images', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Uploads are paused' } },
      }),
    );
    await page
      .getByLabel('Photos', { exact: true })
      .setInputFiles(await photo('broken.png', [10, 10, 10]));
    const failure = page.getByRole('alert').filter({ hasText: 'broken.png' });
    await failure.waitFor();
    await captureDashboard(page, 'listing-photo-upload-failed');
    await page.unroute('**/api/images');
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await failure.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors, [/status of 503/])).toEqual([]);
    errors.length = 0;
  });

  it('answers a deleted listing with the no-longer-available page and a 404 status', async () => {
    const { page } = seller;
    const gone = await listProduct(page, SELLER.email, { name: 'Deleted soon' });
    expect((await api(page, `/api/my-products/${gone._id}`, 'DELETE')).status).toBe(200);
    expect((await fetch(`${origin}/product/${gone._id}`)).status).toBe(404);
    const { page: visitor, errors } = await freshPage(PHONE);
    const response = await visitor.goto(`/product/${gone._id}`);
    expect(response?.status()).toBe(404);
    // The site's header and footer stay, with phones like it and a search (listing-gone.e2e.ts).
    await visitor.getByRole('heading', { name: 'This phone is no longer available' }).waitFor();
    await visitor.getByRole('contentinfo').waitFor();
    await captureBothWidths(visitor, 'listing-deleted-404');
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);
  });

  it('keeps a sold listing readable, marked Sold, with no actions', async () => {
    const { page } = seller;
    const sold = await listProduct(page, SELLER.email, { name: 'Sold Pixel-like phone' });
    // Its seller marks it sold from the listing's own page.
    await page.goto(`/product/${sold._id}`);
    await page.getByRole('button', { name: `Mark ${sold.name} sold` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark sold' }).click();
    await page.getByText('This phone has been sold.').waitFor();
    expect(await page.getByRole('link', { name: 'Edit listing' }).count()).toBe(0);
    const html = await (await fetch(`${origin}/product/${sold._id}`)).text();
    expect(html).toContain('"availability":"https://schema.org/SoldOut"');
    const buyer = await signedIn(BUYER, PHONE);
    await buyer.page.goto(`/product/${sold._id}`);
    await buyer.page.getByText('This phone has been sold.').waitFor();
    await buyer.page.getByText('Sold', { exact: true }).first().waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);
    expect(await buyer.page.getByRole('button', { name: /to wishlist$|^Saved: / }).count()).toBe(0);
    await captureBothWidths(buyer.page, 'listing-sold');
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('keeps a 60-character unbroken name inside the page at both widths', async () => {
    const { page } = seller;
    const long = await listProduct(page, SELLER.email, { name: LONG_NAME, location: LONG_NAME });
    const { page: visitor, errors } = await freshPage(PHONE);
    await visitor.goto(`/product/${long._id}`);
    await visitor.getByRole('heading', { name: LONG_NAME, level: 1 }).waitFor();
    await captureBothWidths(visitor, 'listing-long-name');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
