import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  openPage,
  screenshot,
  screenshotDir,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import { listProduct, sidewaysOverflow, signUp, toast, type Listing } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * A buyer's main flow in Bangla, as a buyer and a seller whose browsers ask for Bangla live it:
 * the buyer searches, opens a listing, requests it in the booking dialog and asks the seller a
 * question; the seller accepts the request with a meeting in My Buyers and answers in Messages;
 * the buyer reads the answer and finds the meeting in My Orders. Every step reads in Bangla, with
 * Bangla digits in dates, times and prices, and the operator's taka.
 */

/** A text in Bangla digits only where it has digits (a price, a day, a time). */
const BANGLA_NUMBER = /[০-৯]/;
const LATIN_DIGIT = /[0-9]/;

/** Waits for the page's fonts, and checks that Bangla is drawn with Noto Sans Bengali. */
async function banglaFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(`document.fonts.ready.then(() =>
    document.fonts.load('16px "Noto Sans Bengali"', 'বাংলা').then((faces) => faces.length > 0))`);
}

/** Tomorrow in the browser's time zone, as the day, month and year selects take it. */
function tomorrow(): { day: string; month: string; year: string } {
  const d = new Date(Date.now() + 86_400_000);
  return {
    day: String(d.getDate()),
    month: String(d.getMonth() + 1),
    year: String(d.getFullYear()),
  };
}

/**
 * Picks tomorrow at `time` in a field of day, month, year and time named `label`: its three
 * selects and its time box, in that order (their own names are the field's, with the part's).
 */
async function pickTomorrow(scope: Locator, label: string, time: string): Promise<void> {
  const field = scope.getByRole('group', { name: label, exact: true });
  const { day, month, year } = tomorrow();
  const parts = field.getByLabel(new RegExp(`^${label}: `));
  await parts.nth(0).selectOption(day);
  await parts.nth(1).selectOption(month);
  await parts.nth(2).selectOption(year);
  await parts.nth(3).fill(time);
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('a request and its messages in Bangla on a $label ($size.width px)', ({ label, size }) => {
  let started: { browser: Browser; url: string } | undefined;
  useServerAndBrowser(({ browser, server }) => (started = { browser, url: server.url }), {
    env: { CURRENCY: 'BDT' },
  });

  const stamp = `${label}${Date.now().toString(36)}`;
  // Long names, with no place to break on the phone, test that each page keeps to the screen.
  const word = `flow${stamp}`;
  const productName =
    label === 'phone'
      ? `iPhone 13 ${word} ${'Longname'.repeat(6)}`
      : `iPhone 13 Pro Max 256GB Sierra Blue, box and charger ${word}`;
  const sellerAccount = {
    name: label === 'phone' ? `Sumon${'Sellername'.repeat(5)}` : 'Sumon Bikreta Chowdhury',
    email: `bn-seller-${stamp}@example.test`,
    password: 'bangla-seller-1',
    phone: '+8801710000021',
    role: 'seller' as const,
  };
  const buyerAccount = {
    name: label === 'phone' ? `Rahima${'Buyername'.repeat(5)}` : 'Rahima Kreta Begum',
    email: `bn-buyer-${stamp}@example.test`,
    password: 'bangla-buyer-1',
    phone: '+8801710000022',
    role: 'buyer' as const,
  };
  const question = 'ফোনটি কি এখনো আছে? কাল বিকেলে দেখতে চাই।';
  const answer = 'জি, আছে। কাল বিকেল চারটায় আসুন।';

  let seller: TrackedPage;
  let buyer: TrackedPage;
  let listing: Listing;
  const shot = (page: Page, name: string) => screenshot(page, `languages-flow-${name}-${label}`);
  /** A thread fills the screen's height: the screen as the reader sees it. */
  const screenShot = (page: Page, name: string) =>
    page.screenshot({ path: `${screenshotDir}/languages-flow-${name}-${label}.png` });

  /** A page of the flow keeps to the screen and draws its Bangla in the Bangla font. */
  async function expectBanglaPage(page: Page) {
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await banglaFontLoaded(page)).toBe(true);
  }

  it('lets a buyer in Bangla search, open a listing and request it in the Bangla dialog', async () => {
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
    await page.goto(`/search?q=${word}`);
    expect(new URL(page.url()).pathname).toBe('/bn/search');
    await page.getByRole('heading', { level: 1, name: `“${word}”-এর ফলাফল` }).waitFor();
    const results = page.getByRole('list', { name: 'ফলাফল' }).filter({ visible: true });
    await results.getByRole('link').filter({ hasText: word }).first().click();
    await page.waitForURL((url) => url.pathname === `/bn/product/${listing._id}`);
    await page.getByRole('heading', { name: 'বিস্তারিত' }).waitFor();

    await page.getByRole('button', { name: 'এখনই বুক করুন', disabled: false }).click();
    const dialog = page.getByRole('dialog', { name: productName });
    // The price and today's date, in Bangla digits.
    const price = await dialog.getByText(/৳$/).textContent();
    expect(price).toBe('৫০০৳');
    await dialog.getByText(/^[০-৯]{2}-[০-৯]{2}-[০-৯]{4}$/).waitFor();
    expect(await dialog.getByLabel('নাম', { exact: true }).inputValue()).toBe(buyerAccount.name);
    await dialog.getByLabel('ফোন নম্বর').fill(buyerAccount.phone);
    await dialog.getByLabel('দেখা করার জায়গা').fill('ধানমন্ডি লেক, ৮ নম্বর গেট');
    await dialog.getByRole('group', { name: 'দেখা করার প্রস্তাবিত সময় (ঐচ্ছিক)' }).waitFor();
    await dialog.getByText(/^এতে বিক্রেতার কাছে একটি অনুরোধ যাবে।.*৭২ ঘণ্টার মধ্যে/).waitFor();
    await dialog.getByText(/^বিক্রেতা এখনই আপনার নাম ও দেখা করার জায়গা দেখতে পাবেন/).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'booking-dialog');
    await dialog.getByRole('button', { name: 'বুক করুন', exact: true }).click();
    await toast(page, 'বুকিং অনুরোধ পাঠানো হয়েছে');
    await toast(page, 'বিক্রেতা ৭২ ঘণ্টার মধ্যে উত্তর দেবেন; আমার অর্ডার-এ খোঁজ রাখুন');
    await page.getByRole('button', { name: 'অনুরোধ পাঠানো হয়েছে', disabled: true }).waitFor();
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('lets the buyer ask the seller in Bangla, and shows the thread in Bangla', async () => {
    const { page } = buyer;
    await page.getByRole('button', { name: 'বিক্রেতাকে জিজ্ঞেস করুন', disabled: false }).click();
    const dialog = page.getByRole('dialog', { name: `${productName} সম্পর্কে জিজ্ঞেস করুন` });
    await dialog.getByText(/^আপনার মেসেজ বিক্রেতার কাছে যাবে;/).waitFor();
    await dialog.getByRole('textbox', { name: 'আপনার মেসেজ' }).fill(question);
    await dialog.getByRole('button', { name: 'পাঠান' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/bn/dashboard/messages/'));
    const thread = page.getByRole('list', { name: 'মেসেজ' });
    await thread.getByText(question).waitFor();
    await page.getByText('Enter চাপলে পাঠানো হবে, Shift+Enter চাপলে নতুন লাইন।').waitFor();
    // When it was sent, in Bangla digits.
    const sentAt = await thread.locator('time').first().textContent();
    expect(sentAt).toMatch(BANGLA_NUMBER);
    expect(sentAt).not.toMatch(LATIN_DIGIT);
    await expectBanglaPage(page);
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('lets the seller in Bangla accept the request with a meeting in My Buyers', async () => {
    const { page } = seller;
    // The dashboard follows the language the seller's browser chose.
    await page.goto('/dashboard/my-buyers');
    expect(new URL(page.url()).pathname).toBe('/bn/dashboard/my-buyers');
    await page.getByRole('heading', { level: 1, name: 'আমার ক্রেতা' }).waitFor();
    const row = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: buyerAccount.name, exact: true }) });
    await row.getByText('অনুরোধ করা হয়েছে', { exact: true }).waitFor();
    await row.getByText('কোনো সময় প্রস্তাব করা হয়নি').waitFor();
    await row.getByText('গ্রহণ করার পর পুরোটা দেখা যাবে').waitFor();
    await row.getByText(/^অনুরোধ [০-৯]{2}-[০-৯]{2}-[০-৯]{4}$/).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-buyers-requested');

    await row.getByRole('button', { name: 'গ্রহণ করুন' }).click();
    const dialog = page.getByRole('dialog', { name: `${buyerAccount.name}-এর অনুরোধ গ্রহণ করুন` });
    await dialog.getByText(/বুক করা হয়ে যাবে: তালিকায় থাকবে/).waitFor();
    // Without a time, the field says so in Bangla.
    await dialog.getByRole('button', { name: 'গ্রহণ করে রেখে দিন' }).click();
    await dialog.getByText('দেখা করার সময় বেছে নিন').waitFor();
    await pickTomorrow(dialog, 'দেখা করার সময়', '16:00');
    await dialog.getByRole('group', { name: 'কোথায় দেখা করবেন' }).waitFor();
    expect(await dialog.getByLabel('দেখা করার জায়গা').inputValue()).toBe('ধানমন্ডি লেক, ৮ নম্বর গেট');
    await shot(page, 'accept-dialog');
    await dialog.getByRole('button', { name: 'গ্রহণ করে রেখে দিন' }).click();
    await toast(page, `সাক্ষাৎ ঠিক হয়েছে: ${productName} ${buyerAccount.name}-এর জন্য রাখা হলো`);
    await row.getByText('গৃহীত', { exact: true }).waitFor();
    // The meeting: tomorrow at four in the afternoon, in Bangla digits.
    const meeting = await row.getByText(/৪:০০ PM$/).textContent();
    expect(meeting).not.toMatch(LATIN_DIGIT);
    await row.getByRole('button', { name: 'হস্তান্তর কোড দিন' }).waitFor();
    await row.getByRole('button', { name: 'সাক্ষাৎ বাতিল করুন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-buyers-accepted');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it('lets the seller answer in Messages, in Bangla, and the buyer read the answer', async () => {
    const { page } = seller;
    await page.goto('/bn/dashboard/messages');
    await page.getByRole('heading', { level: 1, name: 'মেসেজ' }).waitFor();
    const inbox = page.getByRole('list', { name: 'কথোপকথন' });
    const row = inbox.getByRole('link').filter({ hasText: buyerAccount.name });
    await row.getByText(question).waitFor();
    await row.getByText('১টি পড়া হয়নি').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'inbox');

    await row.click();
    await page.waitForURL((url) => url.pathname.startsWith('/bn/dashboard/messages/'));
    const box = page.getByRole('textbox', { name: `${buyerAccount.name}-কে মেসেজ` });
    await box.fill(answer);
    await page.getByRole('button', { name: 'পাঠান' }).click();
    await page.getByRole('list', { name: 'মেসেজ' }).getByText(answer).waitFor();
    await expectBanglaPage(page);
    await screenShot(page, 'thread-seller');

    // The buyer's open thread shows the answer as it comes, and that the seller read theirs.
    const thread = buyer.page.getByRole('list', { name: 'মেসেজ' });
    await thread.getByText(answer).waitFor();
    await thread.getByText('দেখেছেন', { exact: true }).waitFor();
    await buyer.page.getByText(`${sellerAccount.name}-এর নতুন মেসেজ: ${answer}`).waitFor();
    await screenShot(buyer.page, 'thread-buyer');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
    expect(unexpectedErrors(buyer.errors)).toEqual([]);
  });

  it('shows the buyer the accepted request in My Orders, in Bangla, with the dashboard menu', async () => {
    const { page } = buyer;
    await page.goto('/dashboard/my-orders');
    expect(new URL(page.url()).pathname).toBe('/bn/dashboard/my-orders');
    await page.getByRole('heading', { level: 1, name: 'আমার অর্ডার' }).waitFor();
    const card = page.getByRole('main').getByRole('listitem', { name: productName, exact: true });
    await card.getByText('গৃহীত', { exact: true }).waitFor();
    expect(await card.getByText(/৳$/).first().textContent()).toBe('৫০০৳');
    await card.getByText(/^বুক করা হয়েছে [০-৯]{2}-[০-৯]{2}-[০-৯]{4}$/).waitFor();
    const meeting = await card.getByText(/৪:০০ PM$/).textContent();
    expect(meeting).not.toMatch(LATIN_DIGIT);
    await card.getByText(sellerAccount.phone).waitFor();
    await card.getByRole('link', { name: 'ক্যালেন্ডারে যোগ করুন' }).waitFor();
    await card.getByRole('button', { name: 'সাক্ষাৎ বাতিল করুন' }).waitFor();
    await page.getByRole('complementary', { name: 'নিরাপদে দেখা করুন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-orders');

    // The dashboard's menu, in Bangla: a drawer on the phone, beside the page on a desktop.
    if (label === 'phone') {
      await page.getByRole('button', { name: 'ড্যাশবোর্ড মেনু খুলুন' }).click();
    }
    const menu = page.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    for (const link of ['আমার অর্ডার', 'আমার উইশলিস্ট', 'মেসেজ', 'আমার প্রোফাইল']) {
      await menu.getByRole('link', { name: link, exact: true }).waitFor();
    }
    await page.getByText('ক্রেতা', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'লগ আউট' }).waitFor();
    await screenShot(page, 'dashboard-menu');
    if (label === 'phone') await page.keyboard.press('Escape');

    // A refusal the server words reads in Bangla too: with a deal under way, the buyer cannot
    // become a seller, and the toast says why.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'বিক্রেতা হন' }).click();
    await page.getByRole('button', { name: 'হ্যাঁ, বিক্রেতা হব' }).click();
    await toast(
      page,
      'আমার অর্ডারে আপনার ১টি গৃহীত লেনদেন আছে। বিক্রেতা হওয়ার আগে সেগুলো শেষ বা বাতিল করুন',
    );
    // Once the toast has slid in.
    await page.waitForTimeout(800);
    await screenShot(page, 'refusal');
    expect(unexpectedErrors(buyer.errors, [/409/, /Becoming a seller/])).toEqual([]);
    await buyer.close();
    await seller.close();
  });
});
