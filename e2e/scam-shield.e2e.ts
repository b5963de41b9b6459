import { describe, expect, it, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { SCAM_ADVICE, SCAM_WARNING_TITLE } from '@market/shared';
import { DESKTOP, PHONE, screenshotDir, useServerAndBrowser, type TrackedPage } from './harness.ts';
import {
  ADMIN,
  SELLER,
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
 * The scam shield as its reader meets it: a new buyer asks about a phone with the usual scripts
 * of a scam ("I'll pay by a link", "send me the code"); the seller reads each message as written,
 * with a calm warning under it (which the buyer never sees), and reports it to the moderators
 * from the warning, through a failed call and a slow one.
 */

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });
const warnings = (page: Page) => thread(page).getByRole('note', { name: SCAM_WARNING_TITLE });

describe.each([
  { label: 'desktop', size: DESKTOP },
  { label: 'phone', size: PHONE },
])('the scam shield on a $label ($size.width px)', ({ label, size }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  // Sixty letters with no place to break, in the listing's and the writer's names.
  const productName = `ShieldPhone${'Q'.repeat(49)}`;
  const buyerAccount = {
    name: `Scamtester${'Longname'.repeat(6)}Xy`,
    email: `shield-${stamp}@example.test`,
    password: 'shield-password-1',
    phone: '+8801710000011',
    role: 'buyer' as const,
  };
  const LINK = 'I will pay you by a link, just accept it when it comes';
  const CODE = 'Also send me the OTP you get, it confirms the payment';

  let seller: TrackedPage;
  let buyer: TrackedPage;
  let listing: Listing;
  let conversationId: string;
  /** The screen as its reader sees it (a thread fills the screen's height). */
  const screenShot = (page: Page, name: string) =>
    page.screenshot({ path: `${screenshotDir}/scam-shield-${name}-${label}.png` });

  beforeAll(async () => {
    seller = await signedIn(SELLER, size);
    listing = await listProduct(seller.page, SELLER.email, {
      name: productName,
      Category: 'samsung',
      location: 'Gulshan 1',
    });
    buyer = await freshPage(size);
    await signUp(buyer.page, buyerAccount);
    expect(buyerAccount.name).toHaveLength(60);
    expect(productName).toHaveLength(60);
  });

  it('delivers a flagged message, and warns its reader, live, but never its writer', async () => {
    const started = await api<{ conversation: { _id: string } }>(
      buyer.page,
      '/api/conversations',
      'POST',
      { productId: listing._id, text: 'Is it still available?' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    conversationId = started.body.conversation._id;

    // The seller has the thread open: the flagged message arrives with its warning, no reload.
    await seller.page.goto(`/dashboard/messages/${conversationId}`);
    await thread(seller.page).getByText('Is it still available?').waitFor();
    expect(await warnings(seller.page).count()).toBe(0);

    await buyer.page.goto(`/dashboard/messages/${conversationId}`);
    await composer(buyer.page).fill(LINK);
    await composer(buyer.page).press('Enter');
    await thread(buyer.page).getByText(LINK).waitFor();

    const warning = warnings(seller.page);
    await warning.waitFor();
    await thread(seller.page).getByText(LINK, { exact: true }).waitFor();
    expect(await warning.textContent()).toContain(SCAM_ADVICE.payment_link);
    await warning.getByRole('button', { name: 'Report', disabled: false }).waitFor();

    // The writer sees the message as sent, without a warning.
    expect(await warnings(buyer.page).count()).toBe(0);
    await composer(buyer.page).fill(CODE);
    await composer(buyer.page).press('Enter');
    await thread(buyer.page).getByText(CODE).waitFor();
    await expect.poll(() => warnings(seller.page).count()).toBe(2);
    expect(await warnings(seller.page).nth(1).textContent()).toContain(SCAM_ADVICE.one_time_code);

    // As stored: the same after a reload.
    await seller.page.reload();
    await thread(seller.page).getByText(CODE).waitFor();
    expect(await warnings(seller.page).count()).toBe(2);
    expect(await sidewaysOverflow(seller.page)).toBeLessThanOrEqual(0);
    await screenShot(seller.page, 'thread-reader');
    await screenShot(buyer.page, 'thread-writer');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('reports the message from its warning: a failed call, a slow one, then done', async () => {
    const { page, errors } = seller;
    const warning = warnings(page).first();
    await warning.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this message as a scam' });
    await dialog.getByText(`${buyerAccount.name} is not told who reported it`).waitFor();
    await dialog.getByRole('textbox', { name: 'Anything else (optional)' }).fill('Wants a code');
    await screenShot(page, 'report-dialog');

    // The network fails: the dialog says so and keeps what was typed.
    await page.route('**/api/reports', (route) => route.abort());
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').waitFor();
    await screenShot(page, 'report-failed');
    expect(await dialog.getByRole('textbox').inputValue()).toBe('Wants a code');
    await page.unroute('**/api/reports');

    // A slow network: the button waits, then the report is in.
    const slow = await holdCalls(page, '**/api/reports');
    await dialog.getByRole('button', { name: /Send report/ }).click();
    await slow.held;
    await screenShot(page, 'report-slow');
    slow.release();
    await toast(page, 'Thank you. A moderator will look at it; we will tell you the outcome.');
    await warning.getByText('Reported').waitFor();
    expect(await warning.getByRole('button', { name: 'Report' }).count()).toBe(0);
    await screenShot(page, 'reported');

    // The report is in the moderators' queue, about that message, as a scam, with the note.
    const moderator = await signedIn(ADMIN, size);
    const queue = await api<
      { targetType: string; reports: { reason: string; note: string | null }[] }[]
    >(moderator.page, '/api/admin/reports?limit=100');
    expect(queue.status).toBe(200);
    const reports = queue.body
      .filter((g) => g.targetType === 'message')
      .flatMap((g) => g.reports.map((r) => [r.reason, r.note]));
    expect(reports).toContainEqual(['scam', 'Wants a code']);
    expect(
      unexpectedErrors(errors, [/net::ERR_FAILED/, /Reporting a message as a scam failed/]),
    ).toEqual([]);
  });
});
