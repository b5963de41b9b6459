import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Offer } from '@market/shared';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import {
  SELLER,
  api,
  holdCalls,
  listProduct,
  sidewaysOverflow,
  signUp,
  toast,
} from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Offers (decision 0035), at a phone's width and a desktop's: a buyer with a 60-character name
 * offers a price from the listing page (on a slow network), the seller counters from the offer's
 * card in the conversation, the buyer accepts the counter, and the seller books the meeting from
 * My Buyers at the agreed price, which My Orders shows. A failed answer says why; the seller's
 * offer rules show an empty wish list.
 */

/** 'YYYY-MM-DDTHH:MM' tomorrow, in the browser's time. */
function tomorrowAt(hours: number, minutes: number): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hours)}:${pad(minutes)}`;
}

/** Picks a 'YYYY-MM-DDTHH:MM' time in a field of day, month, year and time. */
async function pickTime(scope: Locator, label: string, value: string): Promise<void> {
  const [y = '', m = '', d = ''] = value.slice(0, 10).split('-');
  await scope.getByLabel(`${label}: day`, { exact: true }).selectOption(String(Number(d)));
  await scope.getByLabel(`${label}: month`, { exact: true }).selectOption(String(Number(m)));
  await scope.getByLabel(`${label}: year`, { exact: true }).selectOption(y);
  await scope.getByLabel(`${label}: time`, { exact: true }).fill(value.slice(11, 16));
}

/** The offer card in the thread whose title is this. */
function card(page: Page, title: string | RegExp): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('offers on a $label ($size.width px)', ({ label, size }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  // A name with no place to break: every card must keep it to the screen.
  const buyer = {
    name: `Haggler${'W'.repeat(53)}`,
    email: `offers-${stamp}@example.test`,
    password: 'offers-password',
    phone: '+8801710000021',
    role: 'buyer' as const,
  };
  const phoneName = `Pixel offer ${stamp.slice(-5)}`;
  let productId = '';
  let seller: TrackedPage;
  let buyerPage: TrackedPage;
  let conversationPath = '';
  const shot = (page: Page, name: string) => screenshot(page, `offers-${name}-${label}`);

  beforeAll(async () => {
    seller = await signedIn(SELLER, size);
    buyerPage = await freshPage(size);
    await signUp(buyerPage.page, buyer);
    productId = (await listProduct(seller.page, SELLER.email, { name: phoneName }))._id;
  });

  it('a buyer makes an offer from the listing page, and lands in the conversation', async () => {
    const { page, errors } = buyerPage;
    await page.goto(`/product/${productId}`);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await dialog.getByText('Offer must be a number').waitFor();
    await dialog.getByLabel('Your offer ($)').fill('520');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await dialog
      .getByText('Offer less than the listed price of $500, or book it at that price')
      .waitFor();
    await shot(page, 'dialog-refused');

    await dialog.getByLabel('Your offer ($)').fill('430');
    await dialog.getByLabel('Note to the seller (optional)').fill('Cash, and I can come today');
    // A slow network: the button spins until the server answers.
    const slow = await holdCalls(page, '**/api/offers');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await slow.held;
    await shot(page, 'dialog-sending');
    slow.release();
    await toast(page, 'Offer of $430 sent');
    await page.waitForURL(/\/dashboard\/messages\//);
    conversationPath = new URL(page.url()).pathname;
    const mine = card(page, 'You offered $430');
    await mine.getByText('Cash, and I can come today').waitFor();
    await mine.getByText(/^Waiting for an answer until /).waitFor();
    expect(await mine.getByRole('button').count()).toBe(0);
    // No second offer while this one is open: the thread waits for the seller's answer.
    await page.getByRole('textbox', { name: /^Message to / }).waitFor();
    expect(await page.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'offered');
    expect(unexpectedErrors(errors, [/status of 400/])).toEqual([]);
  });

  it('the seller counters from the card', async () => {
    const { page, errors } = seller;
    await page.goto(conversationPath);
    const offered = card(page, `${buyer.name} offered $430`);
    await offered.getByRole('button', { name: 'Accept $430' }).waitFor();
    expect(await page.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
    await shot(page, 'seller-sees-offer');
    await offered.getByRole('button', { name: 'Counter' }).click();
    await offered.getByLabel(/^Your price/).fill('480');
    await offered.getByRole('button', { name: 'Send counter-offer' }).click();
    await toast(page, 'Counter-offer of $480 sent');
    await card(page, 'You countered with $480').waitFor();
    expect(await offered.getByRole('button', { name: 'Accept $430' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'countered');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('a failed answer says why and keeps the buttons; then the buyer accepts the counter', async () => {
    const { page, errors } = buyerPage;
    await page.goto(conversationPath);
    const countered = card(page, /countered with \$480$/);
    const accept = countered.getByRole('button', { name: 'Accept $480' });
    await accept.waitFor();
    await page.route('**/api/offers/*/accept', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'CONFLICT', message: 'This phone is reserved for another buyer' },
        }),
      }),
    );
    await accept.click();
    await toast(page, 'This phone is reserved for another buyer');
    await shot(page, 'accept-failed');
    await page.unroute('**/api/offers/*/accept');
    await accept.waitFor();

    await accept.click();
    await toast(page, 'Offer of $480 accepted');
    const done = card(page, 'You accepted $480');
    await done.getByText('It is now a booking request at $480, already agreed.').waitFor();
    await done.getByRole('link', { name: 'Follow it in My Orders' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'accepted');
    expect(unexpectedErrors(errors, [/status of 409/, /status of 400/])).toEqual([]);
  });

  it('the seller books the meeting at the agreed price, and My Orders shows it', async () => {
    const { page, errors } = seller;
    await page.goto('/dashboard/my-buyers');
    const row = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByText(phoneName, { exact: true }) });
    await row.getByText('Agreed price $480').waitFor();
    await shot(page, 'my-buyers');
    await row.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await pickTime(dialog, 'Meeting time', tomorrowAt(17, 0));
    await dialog.getByLabel('Meeting place').fill('Gulshan 1, the DCC market gate');
    await shot(page, 'accept-dialog');
    await dialog.getByRole('button', { name: 'Accept and reserve' }).click();
    await toast(page, `is reserved for ${buyer.name}`);
    await row.getByText('Accepted', { exact: true }).waitFor();
    await row.getByText('Agreed price $480').waitFor();
    await shot(page, 'my-buyers-booked');
    // The offer is the buyer's and the seller's only.
    const stranger = await api<Offer>(page, '/api/offers/00000000-0000-4000-8000-000000000000');
    expect(stranger.status).toBe(404);
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);

    const { page: buyerView } = buyerPage;
    await buyerView.goto('/dashboard/my-orders');
    const order = buyerView
      .getByRole('main')
      .getByRole('listitem', { name: phoneName, exact: true });
    await order.getByText('$480').waitFor();
    await order.getByText('Agreed in an offer').waitFor();
    expect(await sidewaysOverflow(buyerView)).toBeLessThanOrEqual(0);
    await shot(buyerView, 'my-orders');
  });

  it("the seller's offer rules: nobody saved it yet", async () => {
    const { page, errors } = seller;
    const other = await listProduct(page, SELLER.email, { name: `Unsaved ${stamp.slice(-5)}` });
    await page.goto(`/product/${other._id}`);
    await page.getByRole('button', { name: 'Offers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Nobody has saved this phone in their wish list yet.', { exact: false })
      .waitFor();
    await dialog.getByLabel('Decline offers below ($, optional)').fill('300');
    await dialog.getByLabel('Accept offers from ($, optional)').fill('200');
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await dialog.getByText('The floor must be below the automatic accept price').waitFor();
    await dialog.getByLabel('Accept offers from ($, optional)').fill('450');
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await toast(page, 'Offer rules saved');
    await shot(page, 'rules');
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);
  });
  it('the seller offers a saved phone to everyone who saved it, once; the buyer sees the offer', async () => {
    const { page, errors } = seller;
    const saved = await listProduct(page, SELLER.email, { name: `Saved ${stamp.slice(-5)}` });
    const kept = await api(buyerPage.page, '/api/wish-list', 'POST', { productId: saved._id });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    await page.goto(`/product/${saved._id}`);
    await page.getByRole('button', { name: 'Offers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 buyer keeps it in their wish list.', { exact: false }).waitFor();
    await dialog.getByLabel(/^Price for them/).fill('450');
    await dialog.getByLabel('Note (optional)').fill('Yours for less this week');
    await shot(page, 'to-savers');
    await dialog.getByRole('button', { name: 'Offer to 1 buyer' }).click();
    await toast(page, 'Offer sent to 1 buyer');
    await dialog.getByText(/^Sent to 1 buyer\. You can offer it again from /).waitFor();
    await shot(page, 'to-savers-sent');
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);

    const { page: buyerView } = buyerPage;
    await buyerView.goto('/dashboard/messages');
    await buyerView.getByText('Offer of $450 to those who saved it').first().click();
    const offered = card(buyerView, 'Rahim Phones offers it to you for $450, as you saved it');
    await offered.getByText('Yours for less this week').waitFor();
    await offered.getByRole('button', { name: 'Accept $450' }).waitFor();
    expect(await offered.getByRole('button', { name: 'Counter' }).count()).toBe(0);
    expect(await sidewaysOverflow(buyerView)).toBeLessThanOrEqual(0);
    await shot(buyerView, 'saved-offer');
  });
});
