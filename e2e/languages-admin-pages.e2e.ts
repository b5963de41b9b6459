import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, SELLER, api, listProduct, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * The admin's screens and the public pages around a listing, in Bangla: help, the blog, the
 * categories and a category's list, the safe meeting spots, a listing's gallery and its report
 * dialog; then an admin works the report queue, and reads the audit log, the lists of sellers
 * and buyers, the stolen-phone reports, the photo checks and the dashboard's figures. Each page
 * reads in Bangla, with Bangla digits, at a phone's width and a desktop's.
 */

const BANGLA_DIGIT = /[০-৯]/;
const LATIN_DIGIT = /[0-9]/;

/** A demo listing of the seller with three photos. */
const GALLERY_PHONE = 'iPhone 14 Pro 128GB';

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])(
  'the admin screens and public pages in Bangla on a $label ($size.width px)',
  ({ label, size }) => {
    const { freshPage, signedIn } = useServerAndBrowser();
    const stamp = `${label}${Date.now().toString(36)}`;
    // A 60-character name with no place to break: every page must keep it on the screen.
    const longName = `Sumon${'Bikreta'.repeat(8)}`.slice(0, 60);
    const seller = {
      name: longName,
      email: `bn-admin-seller-${stamp}@example.test`,
      password: 'bangla-seller-1',
      phone: '+8801710000031',
      role: 'seller' as const,
    };
    const reporter = {
      name: 'Rahima Begum',
      email: `bn-admin-buyer-${stamp}@example.test`,
      password: 'bangla-buyer-1',
      phone: '+8801710000032',
      role: 'buyer' as const,
    };
    const phoneName = `Galaxy S21 ${stamp}`;
    let listingId = '';
    let galleryId = '';
    let buyer: TrackedPage;
    const shot = (page: Page, name: string) =>
      screenshot(page, `languages-admin-pages-${name}-${label}`);

    /** A Bangla page that keeps to the screen. */
    async function expectBanglaPage(page: Page) {
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    }

    beforeAll(async () => {
      const sellerPage = await freshPage(size);
      await signUp(sellerPage.page, seller);
      listingId = (await listProduct(sellerPage.page, seller.email, { name: phoneName }))._id;
      const demoSeller = await signedIn(SELLER, size);
      const mine = await api<Array<{ _id: string; name: string }>>(
        demoSeller.page,
        `/api/my-products?email=${encodeURIComponent(SELLER.email)}&limit=100`,
      );
      galleryId = mine.body.find((p) => p.name === GALLERY_PHONE)?._id ?? '';
      expect(galleryId).not.toBe('');
      buyer = await freshPage(size);
      await signUp(buyer.page, reporter);
    });

    it('shows help, the blog, the categories, a category and the meeting spots in Bangla', async () => {
      const { page, errors } = buyer;

      await page.goto('/bn/help');
      await page.getByRole('heading', { level: 1, name: 'সাহায্য ও যোগাযোগ' }).waitFor();
      await page.getByText('আমার অ্যাকাউন্ট স্থগিত করা হয়েছে').waitFor();
      await page.getByText(/উত্তর দিতে তাঁর হাতে ৭২ ঘণ্টা থাকে/).waitFor();
      await page.getByRole('link', { name: 'IMEI দিয়ে রিপোর্ট করুন' }).waitFor();
      await page.getByRole('link', { name: 'একটি ফ্রি অ্যাকাউন্ট খুলুন' }).waitFor();
      await page.getByText(/ঠিকানায় ইমেইল করুন।/).waitFor();
      expect(await page.title()).toContain('সাহায্য ও যোগাযোগ');
      await expectBanglaPage(page);
      await shot(page, 'help');

      await page.goto('/bn/blog');
      await page.getByRole('heading', { level: 1, name: 'ব্লগ' }).waitFor();
      await expectBanglaPage(page);
      await shot(page, 'blog');

      await page.goto('/bn/categories');
      await page.getByRole('heading', { level: 1, name: 'ক্যাটাগরি' }).waitFor();
      await page.getByText('বিক্রির ফোনগুলো দেখতে একটি ব্র্যান্ড বেছে নিন।').waitFor();
      await expectBanglaPage(page);
      await shot(page, 'categories');

      await page.goto('/bn/category/iPhone');
      await page.getByRole('heading', { level: 1, name: 'iPhone' }).waitFor();
      const total = page.getByText(/^মোট পণ্য \(/);
      await total.waitFor();
      const totalText = (await total.textContent()) ?? '';
      expect(totalText).toMatch(BANGLA_DIGIT);
      expect(totalText).not.toMatch(LATIN_DIGIT);
      await expectBanglaPage(page);
      await shot(page, 'category');

      await page.goto('/bn/meeting-spots');
      await page.getByRole('heading', { level: 1, name: 'নিরাপদ দেখা করার জায়গা' }).waitFor();
      await page.getByText(/^থানা, শপিং সেন্টার আর স্টেশন/).waitFor();
      await expectBanglaPage(page);
      await shot(page, 'meeting-spots');

      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it("shows a listing's gallery and its report dialog in Bangla, and files the report", async () => {
      const { page, errors } = buyer;

      await page.goto(`/bn/product/${galleryId}`);
      await page.getByRole('heading', { level: 1, name: GALLERY_PHONE }).waitFor();
      const gallery = page.getByRole('region', { name: 'ছবি', exact: true });
      await gallery.getByText('১ / ৩').waitFor();
      await gallery.getByRole('button', { name: 'পরের ছবি' }).click();
      await gallery.getByText('২ / ৩').waitFor();
      await gallery.getByRole('list', { name: 'ছোট ছবি' }).waitFor();
      await gallery.getByRole('button', { name: '৩ নম্বর ছবি দেখান' }).waitFor();
      await expectBanglaPage(page);
      await shot(page, 'gallery');

      await page.goto(`/bn/product/${listingId}`);
      await page.getByRole('heading', { level: 1, name: phoneName }).waitFor();
      await page.getByRole('button', { name: 'লিস্টিং রিপোর্ট করুন' }).click();
      const dialog = page.getByRole('dialog', { name: `${phoneName} রিপোর্ট করুন` });
      await dialog.getByText('সমস্যা কী?').waitFor();
      await dialog.getByLabel('চুরি হওয়া ফোন').check();
      await dialog.getByLabel('আর কিছু বলার থাকলে (ঐচ্ছিক)').fill('IMEI মিলছে না মনে হচ্ছে।');
      await shot(page, 'report-dialog');
      await dialog.getByRole('button', { name: 'রিপোর্ট পাঠান' }).click();
      await toast(page, 'ধন্যবাদ। একজন মডারেটর বিষয়টি দেখবেন; ফলাফল আমরা আপনাকে জানাব।');

      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it("walks the admin's screens in Bangla: the queue, the audit log, the lists and the figures", async () => {
      const { page, errors } = await signedIn(ADMIN, size);

      await page.goto('/bn/dashboard/reports');
      await page.getByRole('heading', { level: 1, name: 'রিপোর্ট' }).waitFor();
      const waiting = page.getByText(/^অপেক্ষায়: /);
      expect(await waiting.textContent()).toMatch(/^অপেক্ষায়: [০-৯]+$/);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: phoneName }) });
      await card.getByText(/^১টি রিপোর্ট, সর্বশেষ /).waitFor();
      await card.getByText(/^চুরি হওয়া ফোন, রিপোর্ট করেছেন Rahima Begum/).waitFor();
      await card.getByRole('link', { name: longName }).waitFor();
      await card.getByText('বিক্রির জন্য আছে').waitFor();
      await expectBanglaPage(page);
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'reports');

      await card.getByRole('button', { name: 'লিস্টিং লুকান' }).click();
      const dialog = page.getByRole('dialog', { name: `লিস্টিং লুকান: ${phoneName}?` });
      await dialog.getByText(/^লিস্টিংটি সব তালিকা, খোঁজ আর গণনা থেকে সরে যাবে/).waitFor();
      await dialog.getByLabel('কারণ').fill('চুরি হওয়া ফোন বলে মনে হচ্ছে');
      await dialog.getByText('অডিট লগে রাখা হবে।').waitFor();
      await shot(page, 'hide-dialog');
      await dialog.getByRole('button', { name: 'লিস্টিং লুকান' }).click();
      await toast(page, 'লিস্টিং লুকান: হয়ে গেছে। ১টি রিপোর্ট বন্ধ হয়েছে।');

      await page.goto('/bn/dashboard/audit');
      await page.getByRole('heading', { level: 1, name: 'অডিট লগ' }).waitFor();
      expect(await page.getByText(/^এন্ট্রি: /).textContent()).toMatch(/^এন্ট্রি: [০-৯]+$/);
      const entry = page.getByRole('row').filter({ hasText: 'চুরি হওয়া ফোন বলে মনে হচ্ছে' });
      await entry.getByText('লিস্টিং লুকিয়েছেন').waitFor();
      const when = (await entry.locator('time').textContent()) ?? '';
      expect(when).toMatch(BANGLA_DIGIT);
      expect(when).not.toMatch(LATIN_DIGIT);
      await expectBanglaPage(page);
      await shot(page, 'audit');

      await page.goto('/bn/dashboard/all-sellers');
      await page.getByRole('heading', { level: 1, name: 'সব বিক্রেতা' }).waitFor();
      expect(await page.getByText(/^মোট: /).textContent()).toMatch(/^মোট: [০-৯]+$/);
      const sellerCard = page.getByRole('article', { name: longName });
      await sellerCard.getByRole('button', { name: 'যাচাই করা বিক্রেতা বানান' }).waitFor();
      await sellerCard.getByRole('button', { name: `বিক্রেতা ${longName}-কে মুছুন` }).waitFor();
      await expectBanglaPage(page);
      await sellerCard.scrollIntoViewIfNeeded();
      await shot(page, 'all-sellers');

      await page.goto('/bn/dashboard/all-buyers');
      await page.getByRole('heading', { level: 1, name: 'সব ক্রেতা' }).waitFor();
      const buyerRow = page.getByRole('row').filter({ hasText: reporter.email });
      await buyerRow.getByRole('button', { name: `${reporter.name}-কে মুছুন` }).waitFor();
      await expectBanglaPage(page);
      await shot(page, 'all-buyers');

      await page.goto('/bn/dashboard/stolen-reports');
      await page.getByRole('heading', { level: 1, name: 'চুরি হওয়া ফোন' }).waitFor();
      await page.getByText('চুরি হওয়া ফোনের কোনো চালু রিপোর্ট নেই।').waitFor();
      await expectBanglaPage(page);
      await shot(page, 'stolen-reports');

      await page.goto('/bn/dashboard/possession-photos');
      await page.getByRole('heading', { level: 1, name: 'ছবি যাচাই' }).waitFor();
      await page.getByText('কোনো ছবি মডারেটরের অপেক্ষায় নেই।').waitFor();
      await expectBanglaPage(page);
      await shot(page, 'possession-photos');

      await page.goto('/bn/dashboard');
      await page.getByRole('heading', { name: 'মোট হিসাব' }).waitFor();
      await page.getByRole('heading', { name: 'গত ৩০ দিন' }).waitFor();
      await page.getByText(/^গত ৩০ দিনে [০-৯]+টি লিস্টিং; সবচেয়ে বেশি /).waitFor();
      await page.getByText('খোলা রিপোর্ট', { exact: true }).waitFor();
      // The five charts are drawn (their code loads once the page is on screen).
      await page.locator('.uplot canvas').nth(4).waitFor();
      await expectBanglaPage(page);
      await shot(page, 'admin-dashboard');

      expect(unexpectedErrors(errors)).toEqual([]);
    });
  },
);
