import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  logIn,
  screenshot,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import { ADMIN, api, holdCalls, listProduct, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { captureDashboard } from './dashboard-helpers.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Moderation as its people meet it, at a phone's width and a desktop's: a buyer reports a
 * listing and its seller, an admin works through the queue (hides the listing, suspends the
 * seller), the reporter hears the outcome, the audit log keeps it all, the seller sees why the
 * listing is hidden and cannot sign in, and the admin's dashboard draws the last 30 days.
 */

/** The browser reports each refused or cut call in its console. */
const REFUSED = [/status of (400|403|404|409)/, /net::ERR_FAILED/];

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The queue's card about a thing, by the heading it carries. */
function queueCard(page: Page, heading: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('moderation on a $label ($size.width px)', ({ label, size }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  // On the phone, a seller name with no place to break: the queue must wrap it.
  const sellerName = label === 'phone' ? `Longname${'Q'.repeat(52)}` : 'Shafiq Suspect';
  const seller = {
    name: sellerName,
    email: `suspect-${stamp}@example.test`,
    password: 'suspect-seller-pass',
    phone: '+8801710000020',
    role: 'seller' as const,
  };
  const reporter = {
    name: 'Rina Reporter',
    email: `reporter-${stamp}@example.test`,
    password: 'reporter-pass-1',
    phone: '+8801710000021',
    role: 'buyer' as const,
  };
  const phoneName = `Suspicious phone ${stamp.slice(-6)}`;
  const otherName = `Second phone ${stamp.slice(-6)}`;
  let sellerPage: TrackedPage;
  let reporterPage: TrackedPage;
  let listingId = '';
  let otherId = '';
  let sellerId = '';
  const shot = (page: Page, name: string) => screenshot(page, `moderation-${name}-${label}`);

  beforeAll(async () => {
    sellerPage = await freshPage(size);
    await signUp(sellerPage.page, seller);
    listingId = (await listProduct(sellerPage.page, seller.email, { name: phoneName }))._id;
    otherId = (await listProduct(sellerPage.page, seller.email, { name: otherName }))._id;
    sellerId = (await api<{ _id: string }>(sellerPage.page, '/api/me')).body._id;
    reporterPage = await freshPage(size);
    await signUp(reporterPage.page, reporter);
  });

  it('lets a buyer report a listing, with a reason, over a slow network', async () => {
    const { page, errors } = reporterPage;
    await page.goto(`/product/${listingId}`);
    await page.getByRole('heading', { level: 1, name: phoneName }).waitFor();
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Report ${phoneName}` }).waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByRole('radio', { name: 'Stolen phone' }).check();
    await dialog
      .getByLabel('Anything else (optional)')
      .fill('The same phone was stolen from my brother last week.');
    await expectNoSidewaysScroll(page, 'the report dialog');
    await shot(page, 'report-dialog');

    const slow = await holdCalls(page, '**/api/reports');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await slow.held;
    await dialog.locator('form[aria-busy="true"]').waitFor();
    await shot(page, 'report-sending');
    slow.release();
    await toast(page, 'Thank you. A moderator will look at it');
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/reports');

    // Twice is refused, in words.
    await page.getByRole('button', { name: 'Report listing' }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'You have already reported this' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
    errors.splice(0);
  });

  it('says so when a report cannot be sent, and reports the seller from the profile', async () => {
    const { page, errors } = reporterPage;
    await page.goto(`/seller/${sellerId}`);
    await page.route('**/api/reports', (route) => route.abort());
    await page.getByRole('button', { name: 'Report seller' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Fake or counterfeit' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Could not reach the server' }).waitFor();
    await shot(page, 'report-failed');
    await page.unroute('**/api/reports');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, 'Thank you. A moderator will look at it');
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
    errors.splice(0);
  });

  it('shows the admin the queue, and hides the listing with a reason', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    // A slow queue says it is loading; a failed one offers Retry.
    const slow = await holdCalls(page, '**/api/admin/reports*');
    await page.goto('/dashboard/reports');
    await slow.held;
    await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor();
    await shot(page, 'queue-loading');
    slow.release();

    const card = queueCard(page, phoneName);
    await card.getByText('1 report', { exact: false }).first().waitFor();
    await page.unroute('**/api/admin/reports*');
    await card.getByText('Stolen phone').waitFor();
    await card.getByText('The same phone was stolen from my brother last week.').waitFor();
    await queueCard(page, sellerName).getByText('Fake or counterfeit').waitFor();
    await expectNoSidewaysScroll(page, 'the queue');
    await captureDashboard(page, `moderation-queue-${label}`);
    await page.setViewportSize(size);

    await card.getByRole('button', { name: 'Hide listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Hide listing: ${phoneName}?` }).waitFor();
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('The IMEI is on the stolen phones list.');
    await shot(page, 'hide-dialog');
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await toast(page, 'Hide listing: done. 1 report closed.');
    await card.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
  });

  it('tells everyone but the seller and admins that the hidden listing is unavailable', async () => {
    const visitor = await freshPage(size);
    const answer = await visitor.page.goto(`/product/${listingId}`);
    expect(answer?.status()).toBe(404);
    await visitor.page
      .getByRole('heading', { level: 1, name: 'This phone is no longer available' })
      .waitFor();
    await expectNoSidewaysScroll(visitor.page, 'the unavailable listing');
    await shot(visitor.page, 'unavailable');
    const results = await api<Array<{ _id: string }>>(
      reporterPage.page,
      `/api/search?q=${encodeURIComponent(phoneName)}`,
    );
    expect(results.status).toBe(200);
    expect(results.body.map((p) => p._id)).not.toContain(listingId);
    expect(unexpectedErrors(visitor.errors, [/status of 404/])).toEqual([]);
  });

  it('shows the seller why the listing is hidden, and lets them ask for a review', async () => {
    const { page, errors } = sellerPage;
    await page.goto(`/product/${listingId}`);
    const notice = page.getByRole('status').filter({ hasText: 'hidden by a moderator' });
    await notice.getByText('Reason: The IMEI is on the stolen phones list.').waitFor();
    await expectNoSidewaysScroll(page, "the seller's hidden listing");
    await shot(page, 'hidden-listing-seller');

    await page.goto('/dashboard/my-products');
    const mine = page.getByRole('status').filter({ hasText: `“${phoneName}” is hidden` });
    await mine.getByRole('button', { name: 'Ask for review' }).click();
    await toast(page, 'A moderator will look at your listing again.');
    await mine.getByText('Review requested').waitFor();
    await shot(page, 'my-products-hidden');
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
  });

  it('suspends the seller: signed out everywhere, refused at log-in with the reason', async () => {
    const admin = await signedIn(ADMIN, size);
    await admin.page.goto('/dashboard/reports');
    const card = queueCard(admin.page, sellerName);
    await card.getByRole('button', { name: 'Suspend account' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Selling stolen phones.');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await toast(admin.page, 'Suspend account: done.');
    await card.waitFor({ state: 'detached' });
    // The review request is still waiting; the second listing left the lists with the seller.
    await queueCard(admin.page, phoneName).getByText('The seller asks for a review').waitFor();
    const other = await api<{ moderation?: { state: string } }>(
      admin.page,
      `/api/product/${otherId}`,
    );
    expect(other.body.moderation?.state).toBe('suspended');

    const { page, errors } = sellerPage;
    const me = await api(page, '/api/me');
    expect(me.status).toBe(401);
    await logIn(page, seller.email, seller.password);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This account is suspended: Selling stolen phones.' })
      .waitFor();
    await expectNoSidewaysScroll(page, 'the refused log-in');
    await shot(page, 'suspended-log-in');
    expect(unexpectedErrors(errors, [...REFUSED, /status of 401/])).toEqual([]);
    expect(unexpectedErrors(admin.errors, REFUSED)).toEqual([]);
  });

  it('tells the reporter the outcome', async () => {
    const { page, errors } = reporterPage;
    await page.goto('/dashboard/notifications');
    await page.getByText('Your report about a listing was reviewed').first().waitFor();
    await page.getByText('A moderator hid the listing.').first().waitFor();
    await page.getByText('A moderator suspended the account.').first().waitFor();
    await shot(page, 'reporter-told');
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
  });

  it('keeps every step in the audit log', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    await page.goto('/dashboard/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const hid = page.getByRole('row').filter({ hasText: 'Hid listing' });
    await hid.getByText('The IMEI is on the stolen phones list.').waitFor();
    await hid.getByText(phoneName).waitFor();
    const suspended = page.getByRole('row').filter({ hasText: 'Suspended account' });
    await suspended.getByText('Selling stolen phones.').waitFor();
    await suspended.getByText(seller.email).waitFor();
    await expectNoSidewaysScroll(page, 'the audit log');
    await captureDashboard(page, `moderation-audit-${label}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('releases the listing on review, leaving an empty queue', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    await page.goto(`/product/${listingId}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'hidden by a moderator' })
      .getByText('Reason: The IMEI is on the stolen phones list.')
      .waitFor();
    await shot(page, 'hidden-listing-admin');
    await page.goto('/dashboard/reports');
    const card = queueCard(page, phoneName);
    await card.getByRole('button', { name: 'Release listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The seller showed the purchase receipt.');
    await dialog.getByRole('button', { name: 'Release listing' }).click();
    await toast(page, 'Release listing: done. 1 report closed.');
    await page.getByText('No open reports. Everything reported has been dealt with.').waitFor();
    await shot(page, 'queue-empty');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("draws the admin's dashboard, loading the chart code only there", async () => {
    const { page, errors } = await freshPage(size);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    // The log-in page and the home page loaded no chart code.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((url) => url.includes('daily-bar-chart'))).toBe(false);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'The last 30 days' }).waitFor();
    const listings = page.getByRole('figure', { name: 'New listings' });
    await listings.getByText(/listings? in the last 30 days/).waitFor();
    await listings.locator('canvas').first().waitFor();
    expect(scripts.some((url) => url.includes('daily-bar-chart'))).toBe(true);
    await page
      .getByRole('figure', { name: 'Reports filed' })
      .getByText(/reports? in the last 30 days/)
      .waitFor();
    await listings.getByText('Show new listings as a table').click();
    const table = listings.getByRole('table', { name: 'New listings per day' });
    expect(await table.getByRole('row').count()).toBe(31);
    await page.getByText('Open reports', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'the dashboard');
    await captureDashboard(page, `moderation-dashboard-${label}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
