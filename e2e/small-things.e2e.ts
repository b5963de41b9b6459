import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, logIn, screenshot, useServerAndBrowser, type RunningServer } from './harness.ts';
import { BUYER, SELLER, api, boxOf, holdCalls, signUp } from './fixtures.ts';
import { pngFile, unexpectedErrors } from './public-helpers.ts';

const TAP = 44;

/** Whether the element that has the keyboard is inside `container`. */
function hasFocus(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** Every shown button and link in `container` is at least 44 px tall (icon buttons as wide). */
async function expectTapTargets(container: Locator, where: string) {
  const targets = [
    ...(await container.getByRole('button').all()),
    ...(await container.getByRole('link').all()),
  ];
  let checked = 0;
  for (const target of targets) {
    if (!(await target.isVisible())) continue;
    checked += 1;
    const box = await boxOf(target);
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())?.trim();
    expect(box.height, `"${name}" in ${where} is too short to tap`).toBeGreaterThanOrEqual(TAP);
    if (!(await target.textContent())?.trim()) {
      expect(box.width, `"${name}" in ${where} is too narrow to tap`).toBeGreaterThanOrEqual(TAP);
    }
  }
  expect(checked, `${where} has buttons or links`).toBeGreaterThan(0);
}

/** The newest reset link in the server's outbox for `email` (no SMTP_URL: mail is written there). */
async function resetLinkFor(server: RunningServer, email: string, after: Set<string>) {
  const outbox = path.join(server.dataDir, 'outbox');
  let previous = '';
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const fresh = files.filter((file) => file.endsWith(`-${email}.eml`) && !after.has(file));
    if (fresh.length > 0) {
      const raw = fs.readFileSync(path.join(outbox, fresh.sort().at(-1)!), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/[^\s"<]+\/reset-password\?token=[^\s"<]+/.exec(text);
      // A mail may still be being written: take its link once two readings agree.
      if (match && raw === previous) return new URL(match[0]);
      previous = raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the smaller things people ran into', () => {
  let server: RunningServer;

  const { freshPage, signedIn } = useServerAndBrowser((started) => ({ server } = started));

  it('closes the phone menu with Escape, and gives the keyboard back to its button', async () => {
    const { page, errors, close } = await freshPage(PHONE);
    await page.goto('/');
    // The app has taken the page over (before that, the page's own script runs the menu).
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-menu-ready'));
    const blog = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await blog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await blog.waitFor({ state: 'hidden' });
    expect(await hasFocus(page.getByRole('button', { name: 'Open menu' }))).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('moves the keyboard to the error after a wrong password', async () => {
    const { page, close } = await freshPage();
    await logIn(page, BUYER.email, 'not-the-password');
    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await error.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    expect(await hasFocus(error)).toBe(true);
    await close();
  });

  it('keeps the keyboard inside the booking dialog, past its read-only fields', async () => {
    const { page, errors, close } = await signedIn(BUYER);
    await page.goto('/category/iPhone');
    await page.getByRole('button', { name: 'Booked Now' }).first().click();
    const dialog = page.getByRole('dialog');
    const phone = dialog.getByLabel('Phone');
    await phone.waitFor();
    expect(await hasFocus(phone)).toBe(true);

    // From the Close button, Tab goes to the phone: the name and email cannot be changed here.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Tab');
    expect(await hasFocus(phone)).toBe(true);
    expect(await dialog.getByLabel('Name').getAttribute('tabindex')).toBe('-1');
    expect(await dialog.getByLabel('Email').getAttribute('tabindex')).toBe('-1');

    // However often Tab is pressed, either way, the keyboard stays in the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await hasFocus(dialog), `after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('gives each page its own title', async () => {
    const visitor = await freshPage();
    const titles: Array<[string, string]> = [
      ['/', 'Phone Market: used phones from people near you'],
      ['/categories', 'Categories · Phone Market'],
      ['/blog', 'Blog · Phone Market'],
      ['/log-in', 'Log in · Phone Market'],
      ['/registration', 'Registration · Phone Market'],
      ['/forgot-password', 'Forgot your password? · Phone Market'],
      ['/reset-password?error=INVALID_TOKEN', 'Choose a new password · Phone Market'],
      ['/no/such/page', 'Page not found · Phone Market'],
    ];
    for (const [address, title] of titles) {
      await visitor.page.goto(address);
      await visitor.page.waitForFunction((t) => document.title === t, title);
    }
    await visitor.close();

    const buyer = await signedIn(BUYER);
    const signedInTitles: Array<[string, string]> = [
      ['/category/iPhone', 'iPhone · Phone Market'],
      ['/dashboard', 'Dashboard · Phone Market'],
      ['/dashboard/my-orders', 'My Orders · Phone Market'],
      ['/dashboard/my-wishlist', 'My Wishlist · Phone Market'],
      ['/dashboard/checkout', 'Checkout · Phone Market'],
    ];
    for (const [address, title] of signedInTitles) {
      await buyer.page.goto(address);
      await buyer.page.waitForFunction((t) => document.title === t, title);
    }
    // A page reached by a link gets its title too.
    await buyer.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' })
      .click();
    await buyer.page.waitForFunction(() => document.title === 'My Orders · Phone Market');
    await buyer.close();
  });

  it('opens toasts below the top bar on a phone', async () => {
    const { page, close } = await freshPage(PHONE);
    await logIn(page, BUYER.email, BUYER.password);
    const toast = page.getByRole('alert').filter({ hasText: 'Login successfully!!' });
    await toast.waitFor();
    const topBar = await boxOf(page.getByRole('banner'));
    const box = await boxOf(toast);
    expect(box.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
    await screenshot(page, 'toast-phone');
    await close();
  });

  it('makes buttons, menu links and icons at least 44 px on a phone', async () => {
    const visitor = await freshPage(PHONE);
    await visitor.page.goto('/');
    const menuButton = visitor.page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expectTapTargets(visitor.page.getByRole('navigation', { name: 'Main' }), 'the menu');
    await expectTapTargets(visitor.page.getByRole('contentinfo'), 'the footer');
    await expectTapTargets(
      visitor.page.getByRole('region', { name: 'All Categories' }),
      'the categories',
    );
    await visitor.close();

    const buyer = await signedIn(BUYER, PHONE);
    await buyer.page.goto('/category/samsung');
    const card = buyer.page.getByRole('main').getByRole('listitem').first();
    await expectTapTargets(card, 'a product card');
    await card.getByRole('button', { name: 'Booked Now' }).click();
    // The booking form's code loads on the first tap.
    await buyer.page.getByRole('dialog').getByLabel('Phone').waitFor();
    await expectTapTargets(buyer.page.getByRole('dialog'), 'the booking dialog');
    await buyer.page.keyboard.press('Escape');

    await buyer.page.goto('/dashboard');
    await buyer.page.getByRole('button', { name: 'Open dashboard menu' }).click();
    const sidebar = buyer.page.getByRole('complementary', { name: 'Dashboard sidebar' });
    await sidebar.getByRole('link', { name: 'My Wishlist' }).waitFor();
    await expectTapTargets(sidebar, 'the dashboard sidebar');
    await screenshot(buyer.page, 'tap-targets-sidebar-phone');
    await buyer.page.keyboard.press('Escape');
    await expectTapTargets(buyer.page.getByRole('banner'), 'the dashboard top bar');
    await buyer.close();
  });

  it('says a used reset link was used, with the way to a new one', async () => {
    const account = {
      name: 'Rina Reset',
      email: 'rina.reset@example.com',
      password: 'rina-reset-old-1',
      phone: '+15550141',
      role: 'buyer' as const,
    };
    const { page, errors, close } = await freshPage();
    await signUp(page, account);
    await page.context().clearCookies();
    const outbox = path.join(server.dataDir, 'outbox');
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText(/a link to reset the password is on its way/).waitFor();
    const link = await resetLinkFor(server, account.email, before);

    const setPassword = async (password: string) => {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Confirm new password').fill(password);
      await page.getByRole('button', { name: 'Set the new password' }).click();
    };
    await setPassword('rina-reset-new-1');
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();

    await setPassword('rina-reset-other-1');
    await page.getByText('This reset link has already been used or has expired.').waitFor();
    const again = page.getByRole('link', { name: 'Ask for a new link' });
    expect(await again.getAttribute('href')).toBe('/forgot-password');
    await screenshot(page, 'reset-link-used');
    // The second password did not take: the first one signs in.
    const signIn = await api(page, '/api/auth/sign-in/email', 'POST', {
      email: account.email,
      password: 'rina-reset-new-1',
    });
    expect(signIn.status).toBe(200);
    expect(unexpectedErrors(errors, [/status of 400/])).toEqual([]);
    await close();
  });

  it('keeps where the visitor was going when they register from the log-in page', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/category/xiaomi');
    await page.waitForURL((url) => url.pathname === '/log-in');
    await page.getByRole('link', { name: 'New here? Register' }).click();
    await page.waitForURL((url) => url.pathname === '/registration');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/category/xiaomi');
    await page.getByLabel('Name').fill('Farid Newcomer');
    await page.getByLabel('Phone').fill('+8801733333333');
    await page.getByLabel('Email').fill('farid.newcomer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('farid-newcomer-1');
    await page.getByLabel('Image').setInputFiles(await pngFile());
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/category/xiaomi');
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('lands on the home page after the sidebar Log Out, as after the top bar one', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/blog');
    const credentials = { email: SELLER.email, password: SELLER.password };
    expect((await api(page, '/api/auth/sign-in/email', 'POST', credentials)).status).toBe(200);
    // Straight to the dashboard: nothing of the home page is in the app's cache yet.
    await page.goto('/dashboard/my-products');
    await page.getByRole('heading', { name: 'My Products', level: 1 }).waitFor();
    // The home page's data takes its time, while the dashboard learns its user has left.
    const slowHome = await holdCalls(page, '**/api/advertisement');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText('logOut successfully').waitFor();
    await slowHome.held;
    slowHome.release();
    await page.getByRole('heading', { name: 'All Categories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'LogIn' })
      .waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('lines up the testimonial avatars', async () => {
    const { page, close } = await freshPage();
    await page.goto('/');
    const avatars = await page
      .getByRole('region', { name: 'Client testimonials' })
      .getByRole('img')
      .all();
    expect(avatars.length).toBe(4);
    const tops = new Set<number>();
    for (const avatar of avatars) tops.add(Math.round((await boxOf(avatar)).y));
    expect([...tops]).toHaveLength(1);
    await close();
  });

  it('carries the email typed on the log-in form to the forgot-password form', async () => {
    const { page, close } = await freshPage();
    await page.goto('/log-in');
    await page.getByLabel('Email').fill(BUYER.email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(BUYER.email);
    await close();
  });
});

describe('the log-in page address', () => {
  const { freshPage } = useServerAndBrowser();

  async function shown(page: Page, error: string) {
    await page.goto(`/log-in?error=${encodeURIComponent(error)}`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    return (await alert.textContent())?.trim();
  }

  it('shows fixed words for a known code, and never the text of the address', async () => {
    const { page, errors, close } = await freshPage();
    expect(await shown(page, 'access_denied')).toBe(
      'You cancelled the Google sign-in. Log in another way, or try Google again.',
    );
    const generic = 'Google sign-in did not complete. Please try again.';
    expect(await shown(page, '<b>hacked</b>')).toBe(generic);
    expect(await page.getByText('hacked').count()).toBe(0);
    const sentence = 'Your account is locked. Call +1 555 0100 to unlock it';
    expect(await shown(page, sentence)).toBe(generic);
    expect(await page.getByText('555 0100').count()).toBe(0);
    expect(await page.getByText(/locked/i).count()).toBe(0);
    await screenshot(page, 'log-in-unknown-error');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
