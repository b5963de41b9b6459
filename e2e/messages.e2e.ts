import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  screenshot,
  screenshotDir,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import {
  SELLER,
  api,
  boxOf,
  holdCalls,
  listProduct,
  sidewaysOverflow,
  signUp,
  toast,
  type Listing,
} from './fixtures.ts';
import { headerOf, startMailbox, type Mailbox } from '../apps/server/test/helpers/mailbox.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Messages and notifications as a buyer and a seller live them, each in a browser of their own:
 * the buyer asks about a phone, the seller's top bar counts it without a reload, they write back
 * and forth as it happens, a phone number stays hidden until the seller accepts a booking, the
 * bell and the seller's mailbox (a real SMTP server) hear of the booking, the email's link turns
 * that kind of email off, and a block ends the conversation.
 */

const MASKED_FOR_BUYER = '[contact details hidden until the seller accepts your booking]';
const MASKED_FOR_SELLER = "[contact details hidden until you accept this buyer's booking]";
const PHONE_NUMBER = '01712 345 678';
const BOOKING_REQUESTS = 'A buyer asks to book one of my phones';

/** The top bar (public or dashboard), where the messages link and the bell are. */
const topBar = (page: Page) => page.getByRole('banner');

/** The name of the top bar's messages link or bell, as a screen reader says it. */
async function topBarName(page: Page, role: 'link' | 'button', name: RegExp): Promise<string> {
  const control = topBar(page).getByRole(role, { name });
  await control.waitFor();
  return (await control.getAttribute('aria-label')) ?? '';
}

/** The signed-in user's unread notifications, as the server counts them. */
async function unreadNotifications(page: Page): Promise<number> {
  return (await api<{ notifications: number }>(page, '/api/me/unread')).body.notifications;
}

const bellName = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** A message's text with quoted-printable soft line breaks and `=3D` undone. */
const readableMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The thread's box to write in. */
const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });

describe.each([
  { label: 'desktop', size: DESKTOP },
  { label: 'phone', size: PHONE },
])('messages and notifications on a $label ($size.width px)', ({ label, size }) => {
  let mailbox: Mailbox | undefined;
  const { freshPage, signedIn } = useServerAndBrowser({
    env: async () => {
      mailbox = await startMailbox();
      return { SMTP_URL: mailbox.url };
    },
  });
  afterAll(async () => {
    await mailbox?.close();
  });

  const stamp = `${label}-${Date.now().toString(36)}`;
  // On the phone, names with no place to break test that every list keeps to the screen.
  const productName = label === 'phone' ? `ChatPhone${'Z'.repeat(51)}` : `Chat phone ${stamp}`;
  const buyerAccount = {
    name: label === 'phone' ? `Rumi${'Longname'.repeat(7)}` : 'Rumi Asksfirst',
    email: `chat-${stamp}@example.test`,
    password: 'chat-password-1',
    phone: '+8801710000009',
    role: 'buyer' as const,
  };
  const firstMessage = `Is it still available? Call me on ${PHONE_NUMBER}`;
  const answer = 'Yes, it is. <b>When</b> can you come?';

  let seller: TrackedPage;
  let buyer: TrackedPage;
  let listing: Listing;
  const shot = (page: Page, name: string) => screenshot(page, `messages-${name}-${label}`);
  /**
   * A thread fills the screen's height (dvh), so a whole-page picture, which stretches the screen
   * to the page, would stretch it too: the screen as the reader sees it.
   */
  const screenShot = (page: Page, name: string) =>
    page.screenshot({ path: `${screenshotDir}/messages-${name}-${label}.png` });

  beforeAll(async () => {
    seller = await signedIn(SELLER, size);
    listing = await listProduct(seller.page, SELLER.email, {
      name: productName,
      Category: 'samsung',
      location: 'Gulshan 1',
    });
    buyer = await freshPage(size);
    await signUp(buyer.page, buyerAccount);
  });

  it("asks the seller from the listing page, and the seller's count rises without a reload", async () => {
    await seller.page.goto('/dashboard');
    expect(await topBarName(seller.page, 'link', /^Messages/)).toBe('Messages');

    const { page } = buyer;
    await page.goto(`/product/${listing._id}`);
    await page.getByRole('button', { name: 'Ask the seller', disabled: false }).click();
    const dialog = page.getByRole('dialog', { name: `Ask about ${productName}` });
    await dialog.getByRole('textbox', { name: 'Your message' }).fill(firstMessage);
    await screenShot(page, 'ask');
    await dialog.getByRole('textbox', { name: 'Your message' }).press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/messages/'));
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText(`Is it still available? Call me on ${MASKED_FOR_BUYER}`).waitFor();
    await messages.getByText('Phone numbers and email addresses show once').waitFor();

    await topBar(seller.page).getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('shows the seller the inbox; they read the message masked and answer it live', async () => {
    const { page } = seller;
    await topBar(page).getByRole('link', { name: 'Messages, 1 unread' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/messages');
    const inbox = page.getByRole('list', { name: 'Conversations' });
    const row = inbox.getByRole('link').filter({ hasText: buyerAccount.name });
    await row.getByText(productName).waitFor();
    await row.getByText('1 unread').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'inbox');

    await row.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/messages/'));
    await page
      .getByRole('list', { name: 'Messages' })
      .getByText(`Is it still available? Call me on ${MASKED_FOR_SELLER}`)
      .waitFor();
    // Opened, it is read: the count goes, and the buyer sees "Seen" as it happens.
    await topBar(page).getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await buyer.page.getByText('Seen', { exact: true }).waitFor();

    await composer(page).fill(answer);
    await composer(page).press('Enter');
    await page.getByRole('list', { name: 'Messages' }).getByText(answer).waitFor();
    expect(await composer(page).inputValue()).toBe('');

    // The buyer's open thread shows the answer, as text, and announces it.
    const buyerThread = buyer.page.getByRole('list', { name: 'Messages' });
    await buyerThread.getByText(answer, { exact: true }).waitFor();
    expect(await buyerThread.locator('b').count()).toBe(0);
    await buyer.page.getByText(`New message from ${SELLER.name}: ${answer}`).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenShot(page, 'thread-seller');
    await screenShot(buyer.page, 'thread-buyer');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it('keeps a draft, writes a new line with Shift+Enter, and counts near the limit', async () => {
    const { page } = buyer;
    await composer(page).fill('First line');
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('second line');
    expect(await composer(page).inputValue()).toBe('First line\nsecond line');
    await page.reload();
    expect(await composer(page).inputValue()).toBe('First line\nsecond line');

    await composer(page).fill('x'.repeat(1_950));
    await page.getByText('1,950 / 2,000 characters').waitFor();
    await composer(page).fill('y'.repeat(2_001));
    await composer(page).press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'A message can be at most 2,000 characters' })
      .waitFor();
    expect(await composer(page).inputValue()).toHaveLength(2_001);
    await composer(page).fill('');
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('rings the bell for a booking request, and shows the number once the seller accepts', async () => {
    const before = await unreadNotifications(seller.page);
    await expect
      .poll(() => topBarName(seller.page, 'button', /^Notifications/))
      .toBe(bellName(before));
    const booked = await api<{ _id: string }>(buyer.page, '/api/booking', 'POST', {
      productId: listing._id,
      phone: buyerAccount.phone,
      location: 'Gulshan 1',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const { page } = seller;
    // The bell says the server's count, before and after, without a reload.
    const after = await unreadNotifications(page);
    expect(after).toBe(before + 1);
    await expect
      .poll(() => topBarName(page, 'button', /^Notifications/), { timeout: 10_000 })
      .toBe(bellName(after));
    await topBar(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const entry = panel.getByRole('link', {
      name: new RegExp(`${buyerAccount.name} asked to book ${productName}`),
    });
    await entry.waitFor();
    await shot(page, 'bell');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    const accepted = await api(page, `/api/booking/${booked.body._id}/accept`, 'POST', {
      meetingAt: new Date(Date.now() + 86_400_000).toISOString(),
      meetingPlace: 'Gulshan 1 circle',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // Both open threads show the number without a reload.
    await page.getByText(firstMessage, { exact: true }).waitFor();
    await buyer.page.getByText(firstMessage, { exact: true }).waitFor();
    expect(await page.getByText('Phone numbers and email addresses show once').count()).toBe(0);
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it("mails the booking request; the email's link turns that kind of email off", async () => {
    if (!mailbox) throw new Error('no mailbox');
    const box = mailbox;
    const bookingMail = () =>
      box.messages.find(
        (m) => m.to.includes(SELLER.email) && readableMail(m.raw).includes('New request to book'),
      );
    // The outbox is looked at every few seconds.
    await expect.poll(bookingMail, { timeout: 30_000, interval: 250 }).toBeTruthy();
    const mail = bookingMail()!;
    const text = readableMail(mail.raw);
    expect(headerOf(mail.raw, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=/,
    );
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^\s"<>]+/.exec(text)?.[0];
    expect(link).toBeTruthy();

    // Opened signed out, as from a mail program.
    const visitor = await freshPage(size);
    await visitor.page.goto(link!);
    await visitor.page.getByText(BOOKING_REQUESTS).waitFor();
    await visitor.page.getByText(/^Stop sending emails to /).waitFor();
    await shot(visitor.page, 'unsubscribe');
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByText('You are unsubscribed').waitFor();
    await shot(visitor.page, 'unsubscribed');

    await visitor.page.goto('/unsubscribe?token=not-a-real-token');
    await visitor.page.getByText('This unsubscribe link is not valid').waitFor();
    await shot(visitor.page, 'unsubscribe-invalid');
    expect(unexpectedErrors(visitor.errors, [/status of 400/])).toEqual([]);

    const { page } = seller;
    await page.goto('/dashboard/settings/notifications');
    // The email switches (push has its own group below them).
    const email = page.getByRole('group', { name: 'Send me an email when' });
    const off = email.getByRole('switch', { name: BOOKING_REQUESTS });
    await off.waitFor();
    expect(await off.isChecked()).toBe(false);
    expect(await email.getByRole('switch', { name: /new message/i }).isChecked()).toBe(true);
    await shot(page, 'settings');
    await off.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your email settings are saved');
    const saved = await api<{ email: Record<string, boolean> }>(
      page,
      '/api/me/notification-settings',
    );
    expect(saved.body.email.booking_requested).toBe(true);
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it('lists every notification on its own page, and marks them read', async () => {
    // The buyer has not opened the bell (opening it reads what it shows): their notices wait.
    const { page } = buyer;
    const thread = page.url();
    await page.goto('/dashboard/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByText(`Your request for ${productName} was accepted`).waitFor();
    await shot(page, 'notifications');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await topBar(page).getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // The switch is kept in the address: it shows checked once that navigation has happened.
    const unreadOnly = page.getByLabel('Unread only');
    await unreadOnly.click();
    await expect.poll(() => unreadOnly.isChecked()).toBe(true);
    await page.getByText('No unread notifications.').waitFor();
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
    // Back to the open thread, which the next tests follow live.
    await page.goto(thread);
    await page.getByRole('list', { name: 'Messages' }).getByText(firstMessage).waitFor();
  });

  it('blocking ends the conversation for both, and unblocking opens it again', async () => {
    const { page } = seller;
    await page.goto('/dashboard/messages');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link')
      .filter({ hasText: buyerAccount.name })
      .click();
    await composer(page).waitFor();
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('button', { name: `Block ${buyerAccount.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText(`You blocked ${buyerAccount.name}.`).waitFor();
    expect(await composer(page).count()).toBe(0);
    await screenShot(page, 'blocked');

    // The buyer's open thread follows, live.
    await buyer.page.getByText('This conversation is blocked.').waitFor();
    expect(await composer(buyer.page).count()).toBe(0);

    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('button', { name: `Unblock ${buyerAccount.name}` }).click();
    await composer(page).waitFor();
    await composer(buyer.page).waitFor();
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it('reports a conversation with a reason', async () => {
    const { page } = buyer;
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('button', { name: 'Report conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this conversation' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, 'Our moderators will look at this conversation');
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('shows an empty inbox, a slow one loading, and a failed one with Retry', async () => {
    const { page, errors } = await freshPage(size);
    await signUp(page, {
      name: 'Nadia Newcomer',
      email: `chat-new-${stamp}@example.test`,
      password: 'chat-password-2',
      phone: '+8801710000010',
      role: 'buyer',
    });
    await page.goto('/dashboard/messages');
    await page.getByText('No messages yet.').waitFor();
    await shot(page, 'inbox-empty');

    const slow = await holdCalls(page, '**/api/conversations?*');
    await page.reload();
    await slow.held;
    await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor();
    await shot(page, 'inbox-loading');
    slow.release();
    await page.getByText('No messages yet.').waitFor();
    await page.unroute('**/api/conversations?*');

    await page.route('**/api/conversations?*', (route) => route.abort());
    await page.reload();
    await page.getByText('Could not load your messages').waitFor();
    await shot(page, 'inbox-failed');
    await page.unroute('**/api/conversations?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No messages yet.').waitFor();
    expect(unexpectedErrors(errors, [/net::ERR_FAILED/])).toEqual([]);
  });

  it('leads a signed-out visitor to log in and back; sellers get no such button', async () => {
    const { page, errors } = await freshPage(size);
    await page.goto(`/product/${listing._id}`);
    await page.getByRole('button', { name: 'Ask the seller', disabled: false }).click();
    await page.waitForURL((url) => url.pathname === '/log-in');
    expect(new URL(page.url()).searchParams.get('from')).toBe(`/product/${listing._id}`);

    await seller.page.goto(`/product/${listing._id}`);
    await seller.page.getByRole('link', { name: 'Edit listing' }).waitFor();
    expect(await seller.page.getByRole('button', { name: 'Ask the seller' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('runs the live stream on the signed-in home page within its Content-Security-Policy', async () => {
    const { page, errors } = await freshPage(size);
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}`),
      );
    });
    await signUp(page, {
      name: 'Casey Csp',
      email: `chat-csp-${stamp}@example.test`,
      password: 'chat-password-3',
      phone: '+8801710000012',
      role: 'buyer',
    });
    const stream = page.waitForRequest((request) => request.url().endsWith('/api/events'));
    await page.goto('/');
    await topBar(page).getByRole('link', { name: 'Messages' }).waitFor();
    await stream;
    await shot(page, 'home-signed-in');
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('pages back through a long thread where the reader was, and says when one writes too fast', async () => {
    const { page, errors } = await freshPage(size);
    await signUp(page, {
      name: 'Tarek Talksalot',
      email: `chat-many-${stamp}@example.test`,
      password: 'chat-password-4',
      phone: '+8801710000013',
      role: 'buyer',
    });
    const started = await api<{ conversation: { _id: string } }>(
      page,
      '/api/conversations',
      'POST',
      { productId: listing._id, text: 'Message 1' },
    );
    expect(started.status).toBe(201);
    const id = started.body.conversation._id;
    // Written until the server says "too fast" (30 a minute), so the thread is over a page long.
    let written = 1;
    for (;;) {
      const sent = await api(page, `/api/conversations/${id}/messages`, 'POST', {
        text: `Message ${written + 1}`,
      });
      if (sent.status === 429) break;
      expect(sent.status).toBe(201);
      written += 1;
    }
    for (let i = 1; i <= 5; i++) {
      const answer = await api(seller.page, `/api/conversations/${id}/messages`, 'POST', {
        text: `Answer ${i}`,
      });
      expect(answer.status).toBe(201);
    }

    // The conversation is answered after its messages, as on a busy server at times: the list is
    // drawn once both are in, and must open at the end then and stay where the reader goes.
    const messagesIn = page.waitForResponse((r) =>
      new URL(r.url()).pathname.endsWith(`/api/conversations/${id}/messages`),
    );
    await page.route(`**/api/conversations/${id}`, async (route) => {
      await messagesIn;
      await route.continue();
    });
    const markedRead = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith(`/api/conversations/${id}/read`) && r.ok(),
    );
    await page.goto(`/dashboard/messages/${id}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Answer 5', { exact: true }).waitFor();
    const belowShown = () =>
      messages.evaluate((list) => {
        const box = list.parentElement!;
        return box.scrollHeight - box.scrollTop - box.clientHeight;
      });
    expect(await belowShown()).toBeLessThan(2);
    // Marked read: the same messages again, with new values; the list stays at the end.
    await markedRead;
    expect(await belowShown()).toBeLessThan(2);
    const older = page.getByRole('button', { name: 'Load older messages' });
    await older.scrollIntoViewIfNeeded();
    const anchor = messages.getByRole('listitem').first();
    const anchorText = await anchor.textContent();
    const before = await boxOf(anchor);
    // The list's scroll box before and after, said when the place is not kept.
    const scrolled = () =>
      messages.evaluate((list) => {
        const box = list.parentElement!;
        return { top: box.scrollTop, height: box.scrollHeight, shown: box.clientHeight };
      });
    const scrollBefore = await scrolled();
    await older.click();
    await messages.getByText('Message 1', { exact: true }).waitFor();
    // The message that was at the top stays where the reader saw it.
    const kept = messages.getByRole('listitem').filter({ hasText: anchorText ?? '' });
    const moved = (await boxOf(kept)).y - before.y;
    expect(
      Math.abs(moved),
      `moved ${moved} px; the list's scroll before ${JSON.stringify(scrollBefore)}, after ${JSON.stringify(await scrolled())}`,
    ).toBeLessThanOrEqual(4);
    expect(await messages.getByRole('listitem').count()).toBe(written + 5);

    await composer(page).fill('One more, too fast');
    await composer(page).press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: /too (fast|many)|wait/i })
      .waitFor();
    expect(await composer(page).inputValue()).toBe('One more, too fast');
    await screenShot(page, 'too-fast');
    expect(unexpectedErrors(errors, [/status of 429/])).toEqual([]);
  });

  it("offers a buyer to ask from a phone's card", async () => {
    const { page } = buyer;
    await page.goto('/category/samsung');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    await card.getByRole('button', { name: 'Ask the seller', disabled: false }).click();
    const dialog = page.getByRole('dialog', { name: `Ask about ${productName}` });
    await dialog.getByRole('textbox', { name: 'Your message' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });
});
