import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { BookingState } from '@market/shared';
import {
  DESKTOP,
  PHONE,
  screenshot,
  screenshotDir,
  useServerAndBrowser,
  type RunningServer,
  type TrackedPage,
} from './harness.ts';
import { SELLER, api, listProduct, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * "I'm here" at the meeting (decision 0032), as both sides see it on My Orders and My Buyers at
 * a phone's width and a desktop's: a meeting under way (the button, then "you said you are
 * here"), one where the other side is already there, one tomorrow (the window's times), and a
 * missed meeting, where the absent buyer adds a reason. A refused check-in says why.
 */

const HOUR = 3_600_000;

/** My Orders' card of this product. */
function orderCard(page: Page, productName: string): Locator {
  return page.getByRole('main').getByRole('listitem', { name: productName, exact: true });
}

/** My Buyers' row (a card on a phone) of this product's request. */
function requestRow(page: Page, productName: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByText(productName, { exact: true }) });
}

/**
 * Makes the buyer of this request absent from a meeting three hours ago that the seller came to,
 * as the no-show job records it: written in the server's own database file.
 */
function recordBuyerNoShow(server: RunningServer, bookingId: string): void {
  const db = new Database(path.join(server.dataDir, 'marketplace.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const meetingAt = new Date(Date.now() - 3 * HOUR).toISOString();
    db.prepare(
      `update bookings set "meetingAt" = ?, "sellerCheckedInAt" = ?, "noShowSide" = 'buyer', "noShowAt" = ? where id = ?`,
    ).run(meetingAt, meetingAt, new Date().toISOString(), bookingId);
  } finally {
    db.close();
  }
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('"I\'m here" on a $label ($size.width px)', ({ label, size }) => {
  let server!: RunningServer;
  const { freshPage, signedIn } = useServerAndBrowser(({ server: started }) => {
    server = started;
  });
  const stamp = `${label}-${Date.now().toString(36)}`;
  // A name with no place to break: every list must keep it to the screen.
  const buyer = {
    name: `Checkin${'W'.repeat(53)}`,
    email: `check-in-${stamp}@example.test`,
    password: 'check-in-password',
    phone: '+8801710000009',
    role: 'buyer' as const,
  };
  const names = {
    now: `Pixel now ${stamp.slice(-5)}`,
    there: `Galaxy there ${stamp.slice(-5)}`,
    later: `iPhone later ${stamp.slice(-5)}`,
    missed: `Redmi missed ${stamp.slice(-5)}`,
  };
  const ids: Record<keyof typeof names, string> = { now: '', there: '', later: '', missed: '' };
  let seller: TrackedPage;
  let buyerPage: TrackedPage;
  const shot = (page: Page, name: string) => screenshot(page, `check-ins-${name}-${label}`);

  beforeAll(async () => {
    seller = await signedIn(SELLER, size);
    buyerPage = await freshPage(size);
    await signUp(buyerPage.page, buyer);
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      const listing = await listProduct(seller.page, SELLER.email, {
        name: names[key],
        Category: 'realme',
      });
      const request = await api<{ _id: string }>(buyerPage.page, '/api/booking', 'POST', {
        productId: listing._id,
        phone: buyer.phone,
        location: 'Mirpur 10 roundabout',
      });
      expect(request.status, JSON.stringify(request.body)).toBe(200);
      ids[key] = request.body._id;
      const meetingAt = new Date(Date.now() + (key === 'later' ? 26 * HOUR : 10 * 60_000));
      const accepted = await api(seller.page, `/api/booking/${ids[key]}/accept`, 'POST', {
        meetingAt: meetingAt.toISOString(),
        meetingPlace: 'Mirpur 10, the metro station gate',
        timeZone: 'Asia/Dhaka',
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    const there = await api(seller.page, `/api/booking/${ids.there}/check-in`, 'POST');
    expect(there.status, JSON.stringify(there.body)).toBe(200);
    recordBuyerNoShow(server, ids.missed);
  });

  it('shows the buyer each state on My Orders, and takes "I\'m here" once', async () => {
    const { page, errors } = buyerPage;
    await page.goto('/dashboard/my-orders');
    const now = orderCard(page, names.now);
    await now.getByRole('button', { name: "I'm here" }).waitFor();
    await now.getByText('The seller has not said they are here yet.').waitFor();
    await orderCard(page, names.there)
      .getByText(/^The seller is here \(since /)
      .waitFor();
    await orderCard(page, names.later)
      .getByText(/^You can press “I'm here” from /)
      .waitFor();
    expect(
      await orderCard(page, names.later).getByRole('button', { name: "I'm here" }).count(),
    ).toBe(0);
    const missed = orderCard(page, names.missed);
    await missed.getByText('You were recorded as not coming to this meeting.').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'my-orders');

    await now.getByRole('button', { name: "I'm here" }).click();
    await toast(page, 'The seller has been told you are here');
    await now.getByText(/^You said you are here at /).waitFor();
    expect(await now.getByRole('button', { name: "I'm here" }).count()).toBe(0);
    const again = await api(page, `/api/booking/${ids.now}/check-in`, 'POST');
    expect(again.status).toBe(409);
    // The second press the browser sent itself is refused, as the console reports.
    expect(unexpectedErrors(errors, [/status of 409/])).toEqual([]);
  });

  it('lets the absent buyer add a reason, bounded, which the seller does not see', async () => {
    const { page, errors } = buyerPage;
    const missed = orderCard(page, names.missed);
    await missed.getByRole('button', { name: 'Add a reason' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save reason' }).click();
    await dialog.getByText('Say why you could not come').waitFor();
    await shot(page, 'reason-dialog');
    await dialog.getByLabel('Your reason').fill('The bus broke down on the bridge');
    await dialog.getByRole('button', { name: 'Save reason' }).click();
    await toast(page, 'Your reason is saved');
    await missed.getByText('Your reason: The bus broke down on the bridge').waitFor();
    await missed.getByRole('button', { name: 'Change your reason' }).waitFor();
    await shot(page, 'my-orders-after');
    expect(unexpectedErrors(errors, [/status of 409/])).toEqual([]);
  });

  it('shows the seller each state on My Buyers', async () => {
    const { page, errors } = seller;
    await page.goto('/dashboard/my-buyers');
    const now = requestRow(page, names.now);
    await now.getByText(/^The buyer is here \(since /).waitFor();
    await now.getByRole('button', { name: "I'm here" }).waitFor();
    await requestRow(page, names.there)
      .getByText(/^You said you are here at /)
      .waitFor();
    await requestRow(page, names.later)
      .getByText(/^You can press “I'm here” from /)
      .waitFor();
    const missed = requestRow(page, names.missed);
    await missed.getByText('The buyer was recorded as not coming to this meeting.').waitFor();
    expect(await missed.getByText(/bus broke down/).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'my-buyers');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says why when "I\'m here" is refused, and keeps the button', async () => {
    const { page, errors } = seller;
    const now = requestRow(page, names.now);
    await page.route(`**/api/booking/${ids.now}/check-in`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'CONFLICT', message: '"I\'m here" is open only from 09:50 to 11:20' },
        }),
      }),
    );
    await now.getByRole('button', { name: "I'm here" }).click();
    await toast(page, '"I\'m here" is open only from 09:50 to 11:20');
    // The picture once the toast has slid in (its entrance, not its progress bar).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target;
            return target instanceof Element && target.classList.contains('Toastify__toast');
          })
          .map((a) => a.finished),
      ),
    );
    await shot(page, 'my-buyers-refused');
    // And the screen as the seller sees it, the toast over the row.
    await page.screenshot({
      path: path.join(screenshotDir, `check-ins-my-buyers-refused-screen-${label}.png`),
    });
    await page.unroute(`**/api/booking/${ids.now}/check-in`);
    await now.getByRole('button', { name: "I'm here" }).click();
    await now.getByText(/^You said you are here at /).waitFor();
    const state = await api<BookingState[]>(page, '/api/my-buyers?limit=100');
    expect(state.status).toBe(200);
    expect(unexpectedErrors(errors, [/status of 409/])).toEqual([]);
  });
});
