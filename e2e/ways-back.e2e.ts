import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, logIn, screenshot, useServerAndBrowser } from './harness.ts';
import { ADMIN, BUYER, SELLER, api, listProduct, signUp, toast } from './fixtures.ts';
import { captureBothWidths, unexpectedErrors } from './public-helpers.ts';
import { captureDashboard } from './dashboard-helpers.ts';

/*
 * The ways on and back that a first-time user was missing: why a visitor must log in, a buyer
 * who became a seller (and back), a suspended account's way to support and an admin's Restore,
 * saved searches' new phones, and the bell's list seen as it opens.
 */

const SUPPORT = 'help@phone-market.example';
const WALL = 'Log in or create a free account to see every phone.';
/** The browser reports each refused call (a 409 shown as a toast) in the console. */
const REFUSED = [/status of 409/, /status of 401/, /failed: 409 CONFLICT/];

const unique = () => crypto.randomBytes(4).toString('hex');

async function newAccount(page: Page, role: 'buyer' | 'seller', name: string) {
  const email = `${role}-${unique()}@example.test`;
  const password = 'a-good-password-1';
  await signUp(page, { name, email, password, phone: '+8801711000000', role });
  const me = await api<{ _id: string }>(page, '/api/me');
  return { id: me.body._id, email, password, name };
}

async function firstPhoneOf(page: Page, category: string) {
  const listed = await api<Array<{ _id: string; name: string }>>(page, `/api/products/${category}`);
  expect(listed.status).toBe(200);
  return listed.body[0]!;
}

describe('ways on and back', () => {
  const { freshPage, signedIn } = useServerAndBrowser({ env: { SUPPORT_EMAIL: SUPPORT } });

  it('tells a visitor sent to log in from a category why, and returns them there', async () => {
    const { page, errors } = await freshPage();
    await page.goto('/log-in');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    // Come on their own, the form says nothing of a wall.
    expect(await page.getByRole('note').filter({ hasText: WALL }).count()).toBe(0);

    await page.goto('/category/samsung');
    await page.waitForURL((url) => url.pathname === '/log-in');
    const note = page.getByRole('note');
    await note.getByText(WALL).waitFor();
    expect(
      await note.getByRole('link', { name: 'Create a free account' }).getAttribute('href'),
    ).toBe('/registration?from=%2Fcategory%2Fsamsung');
    await captureBothWidths(page, 'ways-back-log-in-wall');

    await page.getByLabel('Email').fill(BUYER.email);
    await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/category/samsung');
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("says the same in the top bar's search before a visitor types, at both widths", async () => {
    const wide = await freshPage();
    await wide.page.goto('/');
    const field = wide.page.getByRole('combobox', { name: 'Search listings' });
    await field.click();
    const search = wide.page.getByRole('search');
    await search.getByText(WALL).waitFor();
    await search.getByRole('link', { name: 'Create a free account' }).waitFor();
    await screenshot(wide.page, 'ways-back-search-hint-desktop');
    // Signed in, the field has no such note.
    await logIn(wide.page, BUYER.email, BUYER.password);
    await wide.page.waitForURL((url) => url.pathname === '/');
    await wide.page.getByRole('combobox', { name: 'Search listings' }).click();
    expect(await wide.page.getByRole('search').getByText(WALL).isVisible()).toBe(false);

    const phone = await freshPage(PHONE);
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await phone.page.getByRole('search').getByText(WALL).waitFor();
    await screenshot(phone.page, 'ways-back-search-hint-phone');
    expect(unexpectedErrors([...wide.errors, ...phone.errors])).toEqual([]);
  });

  it('refuses "Become a seller" while a request is open, tells a seller on listings why, and goes back', async () => {
    const { page, errors } = await freshPage();
    await newAccount(page, 'buyer', 'Mita Switcher');
    const phone = await firstPhoneOf(page, 'samsung');
    const booked = await api<{ _id: string }>(page, '/api/booking', 'POST', {
      productId: phone._id,
      phone: '+8801711000000',
      location: 'Gulshan 1',
    });
    expect(booked.status).toBe(200);

    const become = async () => {
      await page.getByRole('button', { name: 'Become a seller' }).click();
      await page.getByRole('button', { name: 'Yes, become a seller' }).click();
    };
    await page.goto('/dashboard/profile');
    await become();
    await toast(page, 'You have 1 open request in My Orders. Finish or cancel them');
    expect((await api<{ role: string }>(page, '/api/me')).body.role).toBe('buyer');

    const cancelled = await api(page, `/api/booking/${booked.body._id}/cancel`, 'POST', {
      reason: 'Changed my mind',
    });
    expect(cancelled.status).toBe(200);
    await become();
    await toast(page, 'Your account is now a seller account.');
    await page.waitForURL((url) => url.pathname === '/dashboard/my-products');

    await page.goto(`/product/${phone._id}`);
    const note = page.getByRole('note').filter({ hasText: 'signed in with a seller account' });
    await note.getByRole('link', { name: 'Go back to buying in My Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);
    await captureBothWidths(page, 'ways-back-listing-seller-note');

    await page.goto('/dashboard/profile');
    await page.getByRole('region', { name: 'Buy phones again' }).waitFor();
    await captureDashboard(page, 'ways-back-profile-seller');
    await page.getByRole('button', { name: 'Go back to buying' }).click();
    await page.getByRole('button', { name: 'Yes, go back to buying' }).click();
    await toast(page, 'Your account is a buyer account again');
    await page.waitForURL((url) => url.pathname === '/dashboard/my-orders');
    expect((await api<{ role: string }>(page, '/api/me')).body.role).toBe('buyer');
    expect(unexpectedErrors(errors, REFUSED)).toEqual([]);
  });

  it('points a suspended account to support, and lets an admin restore it from the list', async () => {
    const victim = await freshPage();
    const account = await newAccount(victim.page, 'buyer', `Vera ${unique()}`);
    const reporter = await freshPage();
    await newAccount(reporter.page, 'buyer', 'Rafi Reporter');
    const report = await api<{ _id: string }>(reporter.page, '/api/reports', 'POST', {
      targetType: 'user',
      targetId: account.id,
      reason: 'fake',
    });
    expect(report.status).toBe(201);
    const admin = await signedIn(ADMIN);
    const resolved = await api(
      admin.page,
      `/api/admin/reports/${report.body._id}/resolve`,
      'POST',
      {
        action: 'suspend_user',
        reason: 'Fake account',
      },
    );
    expect(resolved.status).toBe(200);

    await logIn(victim.page, account.email, account.password);
    await victim.page
      .getByRole('alert')
      .filter({
        hasText: `This account is suspended: Fake account. Write to support at ${SUPPORT} if you think this is a mistake.`,
      })
      .waitFor();
    const footer = victim.page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: SUPPORT }).getAttribute('href')).toBe(
      `mailto:${SUPPORT}`,
    );
    await footer.getByRole('link', { name: 'Help and contact' }).click();
    await victim.page.waitForURL((url) => url.pathname === '/help');
    await victim.page.getByRole('heading', { level: 1, name: 'Help and contact' }).waitFor();
    await victim.page.getByText('My account is suspended').waitFor();
    await captureBothWidths(victim.page, 'ways-back-help');

    const { page } = admin;
    await page.goto('/dashboard/all-buyers');
    const row = page.getByRole('row').filter({ hasText: account.name });
    await row.getByText('Suspended', { exact: true }).waitFor();
    await row.getByText('Why: Fake account').waitFor();
    await captureDashboard(page, 'ways-back-all-buyers-suspended');
    await row.getByRole('button', { name: `Restore ${account.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Appeal accepted');
    await dialog.getByRole('button', { name: 'Restore account' }).click();
    await toast(page, `${account.name}'s account is restored.`);
    await row.getByText('Suspended', { exact: true }).waitFor({ state: 'detached' });
    const audit = await api<Array<{ action: string; reason: string | null }>>(
      page,
      '/api/admin/audit',
    );
    expect(audit.body[0]).toMatchObject({ action: 'restore_user', reason: 'Appeal accepted' });

    await logIn(victim.page, account.email, account.password);
    await victim.page.waitForURL((url) => url.pathname === '/');
    expect(unexpectedErrors(victim.errors, [/status of 403/])).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });

  it("shows a saved search's filters and new phones; opening it sees them", async () => {
    const { page, errors } = await freshPage();
    await newAccount(page, 'buyer', 'Sabina Saver');
    const word = `quasar${unique()}`;
    const saved = await api(page, '/api/saved-searches', 'POST', {
      name: 'Quasar under $900',
      filters: { q: word, maxPrice: 900 },
    });
    expect(saved.status).toBe(200);
    const seller = await signedIn(SELLER);
    await listProduct(seller.page, SELLER.email, { name: `Galaxy ${word}`, Category: 'samsung' });

    await page.goto('/dashboard/saved-searches');
    const item = page.getByRole('listitem').filter({ hasText: 'Quasar under $900' });
    await item.getByText('1 new phone', { exact: true }).waitFor();
    const filters = page.getByRole('list', { name: 'Filters of Quasar under $900' });
    await filters.getByText(`Words “${word}”`).waitFor();
    await filters.getByText('Price up to $900').waitFor();
    await captureDashboard(page, 'ways-back-saved-searches');

    await item.getByRole('link', { name: 'Quasar under $900' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page
      .getByRole('heading', { name: `Galaxy ${word}` })
      .first()
      .waitFor();
    await page.goto('/dashboard/saved-searches');
    await item.getByText('No new phones').waitFor();
    expect(unexpectedErrors([...errors, ...seller.errors])).toEqual([]);
  });

  it("marks what the bell's list shows as seen when it opens", async () => {
    const buyer = await freshPage();
    await newAccount(buyer.page, 'buyer', 'Bela Bell');
    const phone = await firstPhoneOf(buyer.page, 'xiaomi');
    const booked = await api(buyer.page, '/api/booking', 'POST', {
      productId: phone._id,
      phone: '+8801711000000',
      location: 'Banani',
    });
    expect(booked.status).toBe(200);

    const { page, errors } = await signedIn(SELLER);
    const unreadTotal = async () =>
      Number((await api(page, '/api/notifications?unread=true')).total);
    const latest = await api<Array<{ readAt: string | null }>>(page, '/api/notifications');
    const shownUnread = latest.body.slice(0, 10).filter((n) => n.readAt === null).length;
    expect(shownUnread).toBeGreaterThan(0);
    const before = await unreadTotal();

    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('list', { name: 'Latest notifications' }).waitFor();
    await expect.poll(unreadTotal).toBe(before - shownUnread);
    await captureBothWidths(page, 'ways-back-bell-open');
    expect(unexpectedErrors([...errors, ...buyer.errors])).toEqual([]);
  });
});
