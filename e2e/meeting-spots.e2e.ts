import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, SELLER, api, holdCalls, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Safe meeting spots and shared meeting plans (decision 0034), at a phone's width and a
 * desktop's: a seller accepts a request at a demo spot, which the deal then shows; they share
 * the plan, which opens signed out without any contact detail, and stops when they stop
 * sharing it. The public list of spots (also empty, slow and failed), and the admins' page,
 * with a 60-character unbroken name.
 */

const HOUR = 3_600_000;

/** My Buyers' row (a card on a phone) of this product's request. */
function requestRow(page: Page, productName: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByText(productName, { exact: true }) });
}

/** Picks a time in a field of day, month, year and time. */
async function pickTime(scope: Locator, label: string, at: Date): Promise<void> {
  const pad = (n: number) => String(n).padStart(2, '0');
  await scope.getByLabel(`${label}: day`, { exact: true }).selectOption(String(at.getDate()));
  await scope
    .getByLabel(`${label}: month`, { exact: true })
    .selectOption(String(at.getMonth() + 1));
  await scope.getByLabel(`${label}: year`, { exact: true }).selectOption(String(at.getFullYear()));
  await scope
    .getByLabel(`${label}: time`, { exact: true })
    .fill(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('meeting spots and shared plans on a $label ($size.width px)', ({ label, size }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  // A name with no place to break: the shared plan shows it whole, as the buyer's first name.
  const buyer = {
    name: `Spot${'B'.repeat(56)} Rahman`,
    email: `spots-${stamp}@example.test`,
    password: 'spots-password',
    phone: '+8801710000077',
    role: 'buyer' as const,
  };
  const productName = `Pixel spot ${stamp.slice(-5)}`;
  const shot = (page: Page, name: string) => screenshot(page, `meeting-spots-${name}-${label}`);
  let seller: TrackedPage;
  let planUrl = '';

  it('lets the seller accept at a safe spot, which the deal shows', async () => {
    seller = await signedIn(SELLER, size);
    const buyerPage = await freshPage(size);
    await signUp(buyerPage.page, buyer);
    // Placed in Gulshan: the seller is offered the spots near it, nearest first.
    const listed = await api<{ _id: string }>(
      seller.page,
      `/api/add-product?email=${encodeURIComponent(SELLER.email)}`,
      'POST',
      {
        name: productName,
        location: 'Gulshan, Dhaka',
        placeId: 2000000001,
        description: '',
        Category: 'realme',
        yearOfUse: 2022,
        originalPrice: 900,
        resellPrice: 500,
        condition: 'good',
        imgURL: '/demo/iphone-1.webp',
      },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const listing = listed.body;
    const request = await api(buyerPage.page, '/api/booking', 'POST', {
      productId: listing._id,
      phone: buyer.phone,
      location: 'Gulshan 2 circle',
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);

    const { page, errors } = seller;
    await page.goto('/dashboard/my-buyers');
    const row = requestRow(page, productName);
    await row.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await pickTime(dialog, 'Meeting time', new Date(Date.now() + 26 * HOUR));
    const spot = dialog.getByRole('radio', { name: /^Gulshan Police Station/ });
    await spot.waitFor();
    await dialog
      .getByText('Police station · Gulshan, Dhaka · about 1 km away', { exact: false })
      .waitFor();
    // Within 25 km of Gulshan only: nothing in Chattogram or Sylhet.
    expect(await dialog.getByRole('radio', { name: /Chattogram|Sylhet/ }).count()).toBe(0);
    // A typed place stays possible: it is the first choice, prefilled with the buyer's words.
    expect(await dialog.getByLabel('Meeting place').inputValue()).toBe('Gulshan 2 circle');
    await spot.check();
    expect(await dialog.getByLabel('Meeting place').count()).toBe(0);
    await shot(page, 'accept-at-spot');
    await dialog.getByRole('button', { name: 'Accept and reserve' }).click();
    await toast(page, `is reserved for ${buyer.name}`);
    await row.getByText('Gulshan Police Station, Gulshan Avenue, near Gulshan 2 Circle').waitFor();
    await row.getByText('Safe spot: Police station').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'my-buyers-at-spot');

    await buyerPage.page.goto('/dashboard/my-orders');
    const order = buyerPage.page
      .getByRole('main')
      .getByRole('listitem', { name: productName, exact: true });
    await order.getByText('Safe spot: Police station').waitFor();
    expect(await sidewaysOverflow(buyerPage.page)).toBeLessThanOrEqual(0);
    await shot(buyerPage.page, 'my-orders-at-spot');
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(buyerPage.errors)).toEqual([]);
  });

  it('shares the plan by a link that opens signed out, with no contact details', async () => {
    const { page, errors } = seller;
    const row = requestRow(page, productName);
    await row.getByRole('button', { name: 'Share meeting plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Make a link' }).click();
    const link = dialog.getByLabel('Your link');
    await link.waitFor();
    planUrl = await link.inputValue();
    expect(new URL(planUrl).pathname).toMatch(/^\/meeting-plan\/[\w.-]+$/);
    await dialog.getByText(/^Works until /).waitFor();
    await shot(page, 'share-dialog');

    const visitor = await freshPage(size);
    const answer = await visitor.page.goto(planUrl);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    const main = visitor.page.getByRole('main');
    await main.getByRole('heading', { name: 'A shared meeting plan' }).waitFor();
    await main.getByText(productName, { exact: true }).waitFor();
    await main.getByText('Gulshan Police Station', { exact: true }).waitFor();
    await main
      .getByText(`Spot${'B'.repeat(56)}`, { exact: true })
      .first()
      .waitFor();
    const text = await main.innerText();
    for (const secret of [buyer.email, buyer.phone, 'Rahman', SELLER.email]) {
      expect(text).not.toContain(secret);
    }
    expect(await visitor.page.content()).not.toContain(buyer.email);
    expect(await sidewaysOverflow(visitor.page)).toBeLessThanOrEqual(0);
    await shot(visitor.page, 'shared-plan');
    expect(unexpectedErrors(visitor.errors)).toEqual([]);

    // Stopped: the same link now says so.
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await toast(page, 'The link no longer opens your plan');
    await dialog.getByRole('button', { name: 'Make a link' }).waitFor();
    await visitor.page.goto(planUrl);
    await visitor.page
      .getByRole('main')
      .getByText('This meeting plan is no longer shared')
      .waitFor();
    await shot(visitor.page, 'shared-plan-revoked');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('lists the spots by area', async () => {
    const { page, errors } = await freshPage(size);
    await page.goto('/meeting-spots');
    const main = page.getByRole('main');
    for (const area of ['Gulshan, Dhaka', 'Agrabad, Chattogram', 'Zindabazar, Sylhet']) {
      await main.getByRole('heading', { name: area, exact: true }).waitFor();
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'public-list');

    expect(unexpectedErrors(errors)).toEqual([]);
  });

  // Slow, failed and empty: each in a fresh browser (nothing cached), reached from another page
  // as a visitor does, so the browser asks for the list itself.
  const fromHelp = async () => {
    const visitor = await freshPage(size);
    await visitor.page.goto('/help');
    // The app has taken the page over: a link now loads the next page's data in the browser.
    await visitor.page.waitForFunction(() =>
      document.documentElement.hasAttribute('data-menu-ready'),
    );
    return visitor;
  };
  const openList = (p: Page) =>
    p.getByRole('contentinfo').getByRole('link', { name: 'Safe meeting spots' }).click();

  it('shows the list loading on a slow network', async () => {
    const slowly = await fromHelp();
    const slow = await holdCalls(slowly.page, '**/api/meeting-spots?*');
    await openList(slowly.page);
    await slow.held;
    await shot(slowly.page, 'public-list-slow');
    slow.release();
    await slowly.page.getByRole('main').getByRole('heading', { name: 'Gulshan, Dhaka' }).waitFor();
    expect(unexpectedErrors(slowly.errors)).toEqual([]);
  });

  it('says so, with Retry, when the list fails to load', async () => {
    const failing = await fromHelp();
    await failing.page.route('**/api/meeting-spots?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      }),
    );
    await openList(failing.page);
    await failing.page.getByRole('main').getByRole('button', { name: 'Retry' }).waitFor();
    await shot(failing.page, 'public-list-failed');
    expect(unexpectedErrors(failing.errors, [/status of 500/])).toEqual([]);
  });

  it('says so when no spot is listed', async () => {
    const empty = await fromHelp();
    await empty.page.route('**/api/meeting-spots?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'x-total-count': '0' },
        body: '[]',
      }),
    );
    await openList(empty.page);
    await empty.page
      .getByRole('main')
      .getByText('No meeting spots are listed yet.', { exact: false })
      .waitFor();
    await shot(empty.page, 'public-list-empty');
    expect(unexpectedErrors(empty.errors)).toEqual([]);
  });

  it('lets an admin add a spot with a long name, refusing a bad one with its message', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    await page.goto('/dashboard/meeting-spots');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Meeting spots' }).waitFor();
    await main.getByRole('heading', { name: 'Gulshan, Dhaka' }).waitFor();
    await main.getByRole('button', { name: 'Add a spot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add spot' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Choose an area from the suggestions').waitFor();
    await shot(page, 'admin-add-refused');

    const longName = `Spot${'L'.repeat(56)}`;
    await dialog.getByLabel('Name').fill(longName);
    await dialog.getByLabel('Address').fill(`Road ${stamp}, Banani`);
    await dialog.getByRole('combobox', { name: 'Area' }).fill('Banan');
    await dialog.getByRole('option', { name: 'Banani, Dhaka' }).click();
    // The place's centre fills the point, for the admin to move to the spot's own.
    expect(await dialog.getByLabel('Latitude').inputValue()).toBe('23.79');
    await dialog.getByLabel('Latitude').fill('23.7940');
    await dialog.getByLabel('Longitude').fill('north');
    await dialog.getByLabel('Opening hours').fill('Daily 09:00–22:00');
    await dialog.getByLabel('Kind').selectOption({ label: 'Shopping centre' });
    await dialog.getByRole('button', { name: 'Add spot' }).click();
    await dialog.getByText('Type a number, such as 23.7937').waitFor();
    await dialog.getByLabel('Longitude').fill('90.4043');
    await dialog.getByRole('button', { name: 'Add spot' }).click();
    await toast(page, `${longName} is on the list`);
    const banani = main.getByRole('region', { name: 'Banani, Dhaka' });
    await banani.getByRole('heading', { name: longName }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-list');

    await banani.getByRole('button', { name: `Remove ${longName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove spot' }).click();
    await toast(page, `${longName} is off the list`);
    await banani.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
