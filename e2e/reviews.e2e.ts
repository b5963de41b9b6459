import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  screenshot,
  useServerAndBrowser,
  type RunningServer,
  type TrackedPage,
} from './harness.ts';
import {
  api,
  holdCalls,
  listProduct,
  sidewaysOverflow,
  signUp,
  toast,
  type Listing,
} from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Reviews as their people meet them, at a phone's width and a desktop's: a deal is completed
 * with the buyer's code, the buyer reviews the seller from My Orders and changes the review, the
 * stars show on the seller's profile, cards and listing page, and the seller replies once.
 */

/** The browser reports each refused or cut call in its console. */
const REFUSED = [/status of 400/, /net::ERR_FAILED/];

/**
 * The buyer asks for the phone, the seller accepts, the buyer checks the phone at the hand-over
 * (every part works) and the seller enters the code the check shows.
 */
async function completeDeal(seller: Page, buyer: Page, productId: string) {
  const request = await api<{ _id: string }>(buyer, '/api/booking', 'POST', {
    productId,
    phone: '+8801710000009',
    location: 'Gulshan 2 circle',
  });
  expect(request.status, JSON.stringify(request.body)).toBe(200);
  const id = request.body._id;
  const accepted = await api(seller, `/api/booking/${id}/accept`, 'POST', {
    meetingAt: new Date(Date.now() + 86_400_000).toISOString(),
    meetingPlace: 'Gulshan 2, the bank entrance',
    timeZone: 'Asia/Dhaka',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const works = { result: 'works' };
  const checked = await api(buyer, `/api/booking/${id}/inspection`, 'PUT', {
    signedOut: true,
    batteryHealth: 90,
    checks: {
      screen: works,
      cameras: works,
      speakerMic: works,
      charging: works,
      buttons: works,
      sim: works,
    },
    verdict: 'accept',
  });
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  const { code } = (await api<{ code: string }>(buyer, `/api/booking/${id}/code`)).body;
  const completed = await api(seller, `/api/booking/${id}/complete`, 'POST', { code });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return id;
}

/** My Orders' card of this product. */
function orderCard(page: Page, productName: string): Locator {
  return page.getByRole('main').getByRole('listitem', { name: productName, exact: true });
}

function cardOf(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('reviews on a $label ($size.width px)', ({ label, size }) => {
  let server: RunningServer;
  const { freshPage } = useServerAndBrowser((started) => {
    server = started.server;
  });
  const stamp = `${label}-${Date.now().toString(36)}`;
  // On the phone, a seller name with no place to break: every place it shows must wrap it.
  const sellerName = label === 'phone' ? `Longname${'Q'.repeat(52)}` : 'Rafiq Reviewed';
  const seller = {
    name: sellerName,
    email: `review-seller-${stamp}@example.test`,
    password: 'review-seller-pass',
    phone: '+8801710000010',
    role: 'seller' as const,
  };
  const buyer = {
    name: 'Nadia Karim',
    email: `review-buyer-${stamp}@example.test`,
    password: 'review-buyer-pass',
    phone: '+8801710000011',
    role: 'buyer' as const,
  };
  const soldName = `Reviewed phone ${stamp.slice(-6)}`;
  const offeredName = `Offered phone ${stamp.slice(-6)}`;
  let sellerPage: TrackedPage;
  let buyerPage: TrackedPage;
  let sellerId = '';
  let offered: Listing;
  const shot = (page: Page, name: string) => screenshot(page, `reviews-${name}-${label}`);

  beforeAll(async () => {
    sellerPage = await freshPage(size);
    await signUp(sellerPage.page, seller);
    const sold = await listProduct(sellerPage.page, seller.email, {
      name: soldName,
      Category: 'xiaomi',
    });
    offered = await listProduct(sellerPage.page, seller.email, {
      name: offeredName,
      Category: 'xiaomi',
    });
    const me = await api<{ _id: string }>(sellerPage.page, '/api/me');
    sellerId = me.body._id;
    buyerPage = await freshPage(size);
    await signUp(buyerPage.page, buyer);
    await completeDeal(sellerPage.page, buyerPage.page, sold._id);
  });

  it('shows a seller with no reviews yet as such', async () => {
    const { page, errors } = await freshPage(size);
    await page.goto(`/seller/${sellerId}`);
    await page.getByRole('heading', { level: 1, name: sellerName }).waitFor();
    await page.getByRole('heading', { name: 'Reviews (0)' }).waitFor();
    await page.getByText('No reviews yet.').waitFor();
    await expectNoSidewaysScroll(page, 'an empty profile');
    await shot(page, 'profile-empty');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('lets the buyer review the completed deal from My Orders', async () => {
    const { page, errors } = buyerPage;
    await page.goto('/dashboard/my-orders');
    const card = orderCard(page, soldName);
    await card.getByText('Completed', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Review the seller' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Review ${sellerName}` }).waitFor();

    // No stars chosen: the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await dialog.getByText('Choose 1 to 5 stars').waitFor();

    // The stars are radio buttons: arrow keys move between them.
    await dialog.getByRole('radio', { name: '3 stars' }).check();
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await dialog.getByText('Very good').waitFor();
    await dialog.getByLabel('Your review (optional)').fill('Exactly as described. On time.');
    await dialog.getByText('30 / 1,000').waitFor();
    await expectNoSidewaysScroll(page, 'the review dialog');
    await shot(page, 'dialog');

    const slow = await holdCalls(page, '**/api/seller-reviews');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await slow.held;
    await dialog.locator('form[aria-busy="true"]').waitFor();
    await shot(page, 'dialog-sending');
    slow.release();
    await toast(page, 'Your review is on the seller’s profile');
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/seller-reviews');

    const yours = card.getByRole('region', { name: 'Your review' });
    await yours.getByRole('img', { name: '4.0 out of 5 stars' }).waitFor();
    await yours.getByText('Exactly as described. On time.').waitFor();
    await yours.getByRole('button', { name: 'Edit review' }).waitFor();
    expect(await card.getByRole('button', { name: 'Review the seller' }).count()).toBe(0);
    await expectNoSidewaysScroll(page, 'My Orders');
    await shot(page, 'my-orders');
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
  });

  it('says so when a change cannot be sent, and keeps the review as it was', async () => {
    const { page, errors } = buyerPage;
    const card = orderCard(page, soldName);
    await page.route('**/api/seller-reviews/*', (route) => route.abort());
    await card.getByRole('button', { name: 'Edit review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Change your review' }).waitFor();
    expect(await dialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: '5 stars' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Could not reach the server' }).waitFor();
    await shot(page, 'edit-failed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/seller-reviews/*');
    const stored = await api<{ rating: number }[]>(page, `/api/sellers/${sellerId}/reviews`);
    expect(stored.body.map((r) => r.rating)).toEqual([4]);
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
    // Seen and expected: the next tests on this page start with none.
    errors.splice(0);
  });

  it('shows the stars on the profile, drawn by the server too', async () => {
    const html = await (await fetch(`${server.url}/seller/${sellerId}`)).text();
    expect(html).toContain('Exactly as described. On time.');
    expect(html).toContain('4.0 · 1 review');

    const { page, errors } = await freshPage(size);
    await page.goto(`/seller/${sellerId}`);
    await page.getByRole('heading', { level: 1, name: sellerName }).waitFor();
    const summary = page.getByRole('region', { name: sellerName });
    await summary.getByRole('img', { name: '4.0 out of 5 stars' }).waitFor();
    await summary.getByText('4.0 · 1 review').waitFor();
    const deals = summary.getByRole('definition').filter({ hasText: /^1$/ });
    expect(await deals.count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Phones on offer (1)' }).waitFor();
    await cardOf(page, offeredName).waitFor();
    expect(await cardOf(page, soldName).count()).toBe(0);
    const reviews = page.getByRole('list', { name: 'Reviews' });
    const review = reviews.getByRole('article', { name: 'Review by Nadia K.' });
    await review.getByText('Exactly as described. On time.').waitFor();
    await review.getByText(`Bought: ${soldName}`).waitFor();
    await expectNoSidewaysScroll(page, 'the profile');
    await shot(page, 'profile');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('shows the stars on cards and the listing page, each leading to the profile', async () => {
    const { page, errors } = buyerPage;
    await page.goto('/category/xiaomi');
    const card = cardOf(page, offeredName);
    await card.getByRole('img', { name: '4.0 out of 5 stars' }).waitFor();
    await card.getByText('(1 review)').waitFor();
    await expectNoSidewaysScroll(page, 'the category');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'category');
    await card.getByRole('link', { name: sellerName }).click();
    await page.waitForURL((url) => url.pathname === `/seller/${sellerId}`);
    await page.getByRole('heading', { level: 1, name: sellerName }).waitFor();

    await page.goto(`/product/${offered._id}`);
    const sellerBox = page.getByRole('region', { name: 'Seller' });
    await sellerBox.getByRole('img', { name: '4.0 out of 5 stars' }).waitFor();
    await sellerBox.getByText('(1 review)').waitFor();
    await expectNoSidewaysScroll(page, 'the listing page');
    await shot(page, 'listing');
    await sellerBox.getByRole('link', { name: 'See the seller’s profile and reviews' }).click();
    await page.waitForURL((url) => url.pathname === `/seller/${sellerId}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says so when the reviews cannot be loaded, and loads them on Retry', async () => {
    const { page, errors } = buyerPage;
    await page.goto(`/product/${offered._id}`);
    // Once the app has taken over the page, the link is followed in the browser (before, the
    // server would draw the next page, reviews and all).
    await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
    await page.route('**/api/sellers/*/reviews*', (route) => route.abort());
    await page.getByRole('link', { name: 'See the seller’s profile and reviews' }).click();
    await page.getByRole('heading', { level: 1, name: sellerName }).waitFor();
    await page.getByText('Could not reach the server').waitFor({ timeout: 30_000 });
    await shot(page, 'profile-failed');
    await page.unroute('**/api/sellers/*/reviews*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('article', { name: 'Review by Nadia K.' }).waitFor();
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
    errors.splice(0);
  });

  it('lets the seller reply once, under the review on the profile', async () => {
    const { page, errors } = sellerPage;
    await page.goto('/dashboard/my-reviews');
    await page.getByRole('heading', { name: 'My Reviews', level: 1 }).waitFor();
    await page.getByText('4.0 out of 5 · 1 review').waitFor();
    const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
    await review.getByRole('button', { name: 'Reply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await dialog.getByText('Write a reply').waitFor();
    await dialog.getByLabel('Your reply').fill('Thank you, Nadia! Enjoy the phone.');
    await shot(page, 'reply-dialog');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await toast(page, 'Your reply is posted');
    await dialog.waitFor({ state: 'detached' });
    await review.getByText('Thank you, Nadia! Enjoy the phone.').waitFor();
    expect(await review.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await expectNoSidewaysScroll(page, 'My Reviews');
    await shot(page, 'my-reviews');

    const visitor = await freshPage(size);
    await visitor.page.goto(`/seller/${sellerId}`);
    const shown = visitor.page.getByRole('article', { name: 'Review by Nadia K.' });
    await shown.getByText('Reply from the seller').waitFor();
    await shown.getByText('Thank you, Nadia! Enjoy the phone.').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
  });
});
