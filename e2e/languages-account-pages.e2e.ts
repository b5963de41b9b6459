import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SAVED_SEARCHES_MAX, notificationKindLabel, optionalKindsFor } from '@market/shared';
import {
  DESKTOP,
  PHONE,
  openPage,
  screenshot,
  screenshotDir,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import { api, listProduct, sidewaysOverflow, signUp, toast, type Listing } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * A buyer's and a seller's own pages in Bangla, as people whose browsers ask for Bangla see them:
 * the empty wishlist, saved searches and notifications of a new account; a search saved and a
 * phone put on the wishlist from the search page; the seller's bell with its unread count and
 * its panel; My Profile, the email settings and the checkout page; and, signed out, a listing
 * that is gone, the reason to log in before the phone lists, the help page's support address and
 * the banner of an ended session.
 * Every page reads in Bangla, with Bangla digits, and keeps a 60-letter name on the screen.
 */

const LATIN_DIGIT = /[0-9]/;
const bangla = (n: number) => new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(n);
/** The browser reports each refused call in the console: the ones this test provokes. */
const REFUSED = [/status of 404/, /status of 401/];

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])("an account's own pages in Bangla on a $label ($size.width px)", ({ label, size }) => {
  let started: { browser: Browser; url: string } | undefined;
  useServerAndBrowser(({ browser, server }) => (started = { browser, url: server.url }), {
    env: { CURRENCY: 'BDT' },
  });

  const stamp = `${label}${Date.now().toString(36)}`;
  const word = `acct${stamp}`;
  // 60 letters with no place to break: every page that names them must keep to the screen.
  const buyerName = `Rahima${'Buyername'.repeat(6)}`;
  const searchName = `Khoj${word}${'x'.repeat(60)}`.slice(0, 60);
  const productName = `iPhone 13 ${word} ${'Longname'.repeat(6)}`;
  const sellerAccount = {
    name: 'Sumon Bikreta Chowdhury',
    email: `bn-acct-seller-${stamp}@example.test`,
    password: 'bangla-seller-1',
    phone: '+8801710000031',
    role: 'seller' as const,
  };
  const buyerAccount = {
    name: buyerName,
    email: `bn-acct-buyer-${stamp}@example.test`,
    password: 'bangla-buyer-1',
    phone: '+8801710000032',
    role: 'buyer' as const,
  };

  let seller: TrackedPage;
  let buyer: TrackedPage;
  let listing: Listing;
  /** Bangla text drawn before its font arrived shows as boxes: wait for both weights first. */
  const fontsIn = (page: Page) =>
    page.evaluate(`document.fonts.ready.then(() => Promise.all([
      document.fonts.load('16px "Noto Sans Bengali"', 'বাংলা'),
      document.fonts.load('bold 16px "Noto Sans Bengali"', 'বাংলা'),
    ]))`);
  const shot = async (page: Page, name: string) => {
    await fontsIn(page);
    await screenshot(page, `languages-account-pages-${name}-${label}`);
  };

  /** The page is Bangla, keeps to the screen, and its main part shows no Latin digit. */
  async function expectBanglaPage(page: Page, { digits = true } = {}) {
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    if (digits) {
      const main = await page.getByRole('main').innerText();
      // Names and addresses people typed are theirs; the page's own numbers are Bangla.
      const own = main
        .replaceAll(buyerName, '')
        .replaceAll(productName, '')
        .replaceAll(searchName, '')
        .replaceAll(buyerAccount.email, '')
        .replaceAll(buyerAccount.phone, '')
        .replaceAll(word, '')
        // The code that shows a phone's IMEI is dialled as written.
        .replaceAll('*#06#', '');
      expect(own).not.toMatch(LATIN_DIGIT);
    }
  }

  /** The dashboard page at `path` in Bangla, once its heading is up. */
  async function openDashboard(page: Page, path: string, heading: string) {
    await page.goto(`/bn/dashboard/${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  it('shows a new buyer their empty wishlist, saved searches and notifications in Bangla', async () => {
    if (!started) throw new Error('the server and the browser have not started');
    seller = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    await signUp(seller.page, sellerAccount);
    listing = await listProduct(seller.page, sellerAccount.email, {
      name: productName,
      Category: 'iPhone',
      location: 'Dhanmondi',
    });
    buyer = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    await signUp(buyer.page, buyerAccount);
    const { page } = buyer;

    await openDashboard(page, 'my-wishlist', 'আমার উইশলিস্ট');
    await page.getByText('আপনার উইশলিস্ট খালি।').waitFor();
    await page.getByRole('link', { name: 'পছন্দের একটি ফোন খুঁজুন' }).waitFor();
    expect(await page.title()).toBe('আমার উইশলিস্ট · Phone Market');
    await expectBanglaPage(page);
    await shot(page, 'wishlist-empty');

    await openDashboard(page, 'saved-searches', 'সেভ করা খোঁজ');
    await page.getByText('এখনো কোনো সেভ করা খোঁজ নেই।').waitFor();
    await page.getByRole('link', { name: 'একটি ফোন খুঁজুন' }).waitFor();
    await expectBanglaPage(page);

    await openDashboard(page, 'notifications', 'নোটিফিকেশন');
    await page.getByText('এখনো কোনো নোটিফিকেশন নেই।').waitFor();
    await page.getByText(`${bangla(0)}টি নোটিফিকেশন`).waitFor();
    await page.getByText('শুধু না-পড়া').click();
    await page.getByText('না-পড়া কোনো নোটিফিকেশন নেই।').waitFor();
    await page.getByRole('button', { name: 'সব পড়া হয়েছে', disabled: true }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'notifications-empty');
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('lets the buyer save a search and put a phone on the wishlist from the search page', async () => {
    const { page } = buyer;
    await page.goto(`/bn/search?q=${word}`);
    await page.getByRole('heading', { level: 1, name: `“${word}”-এর ফলাফল` }).waitFor();
    await page.getByRole('button', { name: 'এই খোঁজটি সেভ করুন' }).click();
    const form = page.getByRole('form', { name: 'এই খোঁজটি সেভ করুন' });
    const name = form.getByLabel('এই খোঁজের নাম');
    expect(await name.getAttribute('placeholder')).toBe('যেমন: iPhone 13, ৪০,০০০ টাকার মধ্যে');
    await name.fill(searchName);
    await form.getByRole('button', { name: 'বাতিল' }).waitFor();
    await form.getByRole('button', { name: 'সেভ করুন' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'নামে সেভ হয়েছে।' });
    await saved.getByText(`“${searchName}” নামে সেভ হয়েছে।`).waitFor();
    await saved.getByRole('link', { name: 'আপনার সেভ করা খোঁজ' }).waitFor();

    await page
      .getByRole('button', { name: `${productName} উইশলিস্টে রাখুন`, disabled: false })
      .filter({ visible: true })
      .first()
      .click();
    await toast(page, 'পণ্যটি উইশলিস্টে যোগ হয়েছে');
    const heart = page
      .getByRole('button', { name: `উইশলিস্টে আছে: ${productName}` })
      .filter({ visible: true })
      .first();
    await heart.waitFor();
    expect(await heart.getAttribute('title')).toBe('আপনার উইশলিস্টে আছে: সরাতে চাপুন');
    await expectBanglaPage(page, { digits: false });
    await shot(page, 'search-saved');

    await openDashboard(page, 'saved-searches', 'সেভ করা খোঁজ');
    await page
      .getByText(`${bangla(SAVED_SEARCHES_MAX)}টির মধ্যে ${bangla(1)}টি খোঁজ সেভ করা আছে।`)
      .waitFor();
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: searchName });
    await item.getByRole('link', { name: searchName }).waitFor();
    await item.getByText('নতুন কোনো ফোন নেই').waitFor();
    await item.getByRole('list', { name: `${searchName}-এর ফিল্টার` }).waitFor();
    await item.getByRole('button', { name: `${searchName} মুছুন` }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'saved-searches');

    await openDashboard(page, 'my-wishlist', 'আমার উইশলিস্ট');
    const table = page.getByRole('main').getByRole('table');
    const row = table.getByRole('row').filter({ hasText: productName });
    // A table on a desktop; on a phone each row is a card that names its cells.
    for (const header of ['ছবি', 'নাম', 'ক্যাটাগরি', 'দাম', 'এলাকা', 'অ্যাকশন']) {
      const named = table.getByRole('columnheader', { name: header, includeHidden: true });
      await named.waitFor({ state: 'attached' });
      if (label === 'desktop') await named.waitFor();
    }
    if (label === 'phone') {
      for (const cell of ['ক্যাটাগরি', 'দাম', 'এলাকা']) {
        await row.getByText(cell, { exact: true }).waitFor();
      }
    }
    await row.getByText('৫০০৳').waitFor();
    await row.getByText('৯০০৳').waitFor();
    await row.getByRole('button', { name: `${productName} কিনুন` }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'wishlist');
    await row.getByRole('button', { name: `${productName} সরান` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`"${productName}" আপনার উইশলিস্ট থেকে সরাবেন?`).waitFor();
    await dialog.getByText('এটি আর ফেরানো যাবে না!').waitFor();
    await dialog.getByRole('button', { name: 'বাতিল' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it("shows the seller's bell with a Bangla count, its panel and the notifications page", async () => {
    const booked = await api(buyer.page, '/api/booking', 'POST', {
      productId: listing._id,
      phone: buyerAccount.phone,
      location: 'Dhanmondi Lake',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const { page } = seller;
    await page.goto('/bn/dashboard/my-buyers');
    const bell = page.getByRole('button', { name: `নোটিফিকেশন, ${bangla(1)}টি পড়া হয়নি` });
    await bell.waitFor();
    expect((await bell.innerText()).trim()).toBe(bangla(1));
    await fontsIn(page);
    await page.screenshot({
      path: `${screenshotDir}/languages-account-pages-bell-count-${label}.png`,
      clip: { x: 0, y: 0, width: size.width, height: 80 },
    });
    await bell.click();
    const panel = page.getByRole('region', { name: 'নোটিফিকেশন' });
    await panel.getByRole('heading', { name: 'নোটিফিকেশন' }).waitFor();
    const latest = panel.getByRole('list', { name: 'সাম্প্রতিক নোটিফিকেশন' });
    // The server wrote it in the seller's language, with the hours in Bangla digits.
    await latest.getByText(`${buyerName} ${productName} বুক করতে চেয়েছেন`).waitFor();
    await latest.getByText(/৭২ ঘণ্টার মধ্যে/).waitFor();
    await panel.getByRole('link', { name: 'সব নোটিফিকেশন দেখুন' }).waitFor();
    await panel.getByRole('link', { name: 'ইমেইল সেটিংস' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The panel over the page, as the seller sees it.
    await fontsIn(page);
    await page.screenshot({ path: `${screenshotDir}/languages-account-pages-bell-${label}.png` });
    // Seen once the panel opened: the count goes.
    await page.getByRole('button', { name: 'নোটিফিকেশন', exact: true }).waitFor();

    await panel.getByRole('link', { name: 'সব নোটিফিকেশন দেখুন' }).click();
    await page.getByRole('heading', { level: 1, name: 'নোটিফিকেশন' }).waitFor();
    await page.getByText(`${bangla(1)}টি নোটিফিকেশন`).waitFor();
    const list = page.getByRole('main').getByRole('list', { name: 'নোটিফিকেশন' });
    await list.getByText(`${buyerName} ${productName} বুক করতে চেয়েছেন`).waitFor();
    await expectBanglaPage(page, { digits: false });
    await shot(page, 'notifications');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it('shows My Profile, the email settings and the checkout page in Bangla', async () => {
    const { page } = buyer;
    await openDashboard(page, 'profile', 'আমার প্রোফাইল');
    expect(await page.title()).toBe('আমার প্রোফাইল · Phone Market');
    const main = page.getByRole('main');
    await main.getByText(buyerName, { exact: true }).waitFor();
    await main.getByText('অ্যাকাউন্টের ধরন: ক্রেতা').waitFor();
    for (const region of ['প্রোফাইল', 'আপনার ফোন বিক্রি করুন', 'পাসওয়ার্ড', 'আপনার তথ্য']) {
      await main.getByRole('region', { name: region, exact: true }).waitFor();
    }
    const data = main.getByRole('region', { name: 'আপনার তথ্য' });
    await data.getByText(/লিংকটি ৭ দিন কাজ করবে।$/).waitFor();
    await data.getByText('আপনি এখনো কোনো কপি চাননি।').waitFor();
    await data.getByRole('button', { name: 'আমার তথ্য ডাউনলোড করুন' }).waitFor();
    const removal = main.getByRole('region', { name: 'অ্যাকাউন্ট মুছে ফেলা' });
    await removal
      .getByText('এর সাথে আপনার অর্ডার আর উইশলিস্টও মুছে যাবে। এটি আর ফেরানো যাবে না।')
      .waitFor();
    await removal.getByLabel('আপনার পাসওয়ার্ড').waitFor();
    await main.getByLabel('বর্তমান পাসওয়ার্ড').waitFor();
    await main.getByLabel('নতুন পাসওয়ার্ড আবার লিখুন').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'profile');

    await main.getByRole('button', { name: 'প্রোফাইল সেভ করুন' }).click();
    await toast(page, 'আপনার প্রোফাইল সেভ হয়েছে।');
    await main.getByRole('button', { name: 'বিক্রেতা হন' }).click();
    const question = page.getByRole('dialog');
    await question.getByText('বিক্রেতা হবেন?').waitFor();
    await question.getByText(/^আপনার অ্যাকাউন্টটি বিক্রেতা অ্যাকাউন্ট হয়ে যাবে/).waitFor();
    await question.getByRole('button', { name: 'হ্যাঁ, বিক্রেতা হব' }).waitFor();
    await question.getByRole('button', { name: 'বাতিল' }).click();
    await question.waitFor({ state: 'detached' });

    await openDashboard(page, 'settings/notifications', 'ইমেইল সেটিংস');
    await page.getByText(`কোন কোন নোটিফিকেশন ${buyerAccount.email} ঠিকানায়`).waitFor();
    await page.getByText('এই ডিভাইসে পুশ নোটিফিকেশন').waitFor();
    const emails = page.getByRole('group', { name: 'এগুলো হলে আমাকে ইমেইল পাঠান' });
    const kind = optionalKindsFor('buyer')[0]!;
    const kindLabel = notificationKindLabel(kind, 'bn');
    const toggle = emails.getByRole('switch', { name: kindLabel });
    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    await page.getByRole('switch', { name: `পুশ: ${kindLabel}` }).waitFor();
    await page.getByRole('button', { name: 'সেভ করুন' }).click();
    await toast(page, 'আপনার ইমেইল সেটিংস সেভ হয়েছে');
    await expectBanglaPage(page);
    await shot(page, 'email-settings');

    await openDashboard(page, 'checkout', 'আপনার পণ্যের চেকআউট');
    await page.getByText('দেখা করার সময় সরাসরি টাকা দিতে হয়।', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'আমার অর্ডার' }).first().waitFor();
    await expectBanglaPage(page);
    await shot(page, 'checkout');
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('shows a listing that is gone, the account wall, the support address and an ended session in Bangla', async () => {
    if (!started) throw new Error('the server and the browser have not started');
    const gone = await listProduct(seller.page, sellerAccount.email, { name: `Gone ${word}` });
    expect((await api(seller.page, `/api/my-products/${gone._id}`, 'DELETE')).status).toBe(200);
    const visitor = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    const { page } = visitor;
    const answer = await page.goto(`/bn/product/${gone._id}`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'এই ফোনটি আর পাওয়া যাচ্ছে না' }).waitFor();
    await page.getByText(bangla(404), { exact: true }).waitFor();
    await page.getByText(/^এটি বিক্রি হয়ে গেছে, বিক্রেতা সরিয়ে নিয়েছেন/).waitFor();
    const search = page.getByRole('search', { name: 'ফোন খুঁজুন' });
    await search.getByRole('searchbox', { name: 'ফোন খুঁজুন' }).waitFor();
    await search.getByRole('button', { name: 'খুঁজুন' }).waitFor();
    await page.getByRole('link', { name: 'হোম পেজে ফিরে যান' }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: /^(আরও .+ ফোন|এখন বিক্রির জন্য যেসব ফোন আছে)$/ })
      .waitFor();
    expect(await page.title()).toBe('ফোনটি আর পাওয়া যাচ্ছে না · Phone Market');
    await expectBanglaPage(page, { digits: false });
    await shot(page, 'listing-gone');

    await page.goto(`/bn/log-in?from=${encodeURIComponent('/search')}`);
    // The reason shows in the log-in page's main part (the top bar's search says it too).
    const wall = page.getByRole('main');
    await wall.getByText('সব ফোন দেখতে লগ ইন করুন, অথবা বিনামূল্যে একটি অ্যাকাউন্ট খুলুন।').waitFor();
    await wall.getByText(/^ফোনের পাতা আর বিক্রেতাদের প্রোফাইল সবাই দেখতে পারেন/).waitFor();
    await wall.getByRole('link', { name: 'বিনামূল্যে অ্যাকাউন্ট খুলুন' }).waitFor();
    // The log-in page shows the demo admin's address and password, which have Latin digits.
    await expectBanglaPage(page, { digits: false });
    await shot(page, 'account-wall');

    // The help page's way to reach support: the operator's address as a mail link.
    await page.goto('/bn/help');
    const support = page.getByRole('main').getByText(/ঠিকানায় ইমেইল করুন। কোন অ্যাকাউন্টের ব্যাপারে/);
    await support.waitFor();
    const address = support.getByRole('link');
    expect(await address.getAttribute('href')).toMatch(/^mailto:.+@/);
    expect((await support.innerText()).startsWith(await address.innerText())).toBe(true);
    expect(unexpectedErrors(visitor.errors, REFUSED)).toEqual([]);
    await visitor.close();

    // The buyer's session ends elsewhere while the saved searches are open.
    const { page: buyerPage, context } = buyer;
    await openDashboard(buyerPage, 'saved-searches', 'সেভ করা খোঁজ');
    await context.clearCookies();
    await buyerPage.getByRole('button', { name: `${searchName} মুছুন` }).click();
    const banner = buyerPage
      .getByRole('alert')
      .filter({ hasText: 'আপনার সেশন শেষ হয়ে গেছে, তাই আপনি সাইন আউট হয়ে গেছেন।' });
    await banner.getByRole('link', { name: 'আবার লগ ইন করুন' }).waitFor();
    await expectBanglaPage(buyerPage, { digits: false });
    await shot(buyerPage, 'session-ended');
    expect(unexpectedErrors(buyer.errors, REFUSED)).toEqual([]);
    await buyer.close();
    await seller.close();
  });
});
