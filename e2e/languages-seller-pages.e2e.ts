import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  openPage,
  screenshot,
  useServerAndBrowser,
  type TrackedPage,
  type Viewport,
} from './harness.ts';
import {
  api,
  imeiFrom,
  listProduct,
  sidewaysOverflow,
  signUp,
  toast,
  type Listing,
} from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * The seller's screens in Bangla, as a seller and a buyer whose browsers ask for Bangla meet
 * them: My Products and My Reviews empty, Add Product, a stolen-phone report, a listing's edit
 * page with its photo check, the buyer's check of the phone at the meeting step by step, the
 * review of the deal and the seller's reply, the phone's history on the listing page, and the
 * search's area control. Every page reads in Bangla, with Bangla digits, and keeps to the screen
 * with names of 60 letters and no space.
 */

const GULSHAN = '2000000001';

/** A name of exactly 60 characters with no place to break. */
const unbroken = (start: string) => start.padEnd(60, 'x').slice(0, 60);

/** A day some days ago, as a date field takes it (YYYY-MM-DD) and as the page writes it. */
function daysAgo(days: number): { iso: string; shown: string } {
  const d = new Date(Date.now() - days * 86_400_000);
  const iso = d.toISOString().slice(0, 10);
  const [y, m, day] = iso.split('-');
  const bangla = (text: string) => text.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);
  return { iso, shown: bangla(`${day}-${m}-${y}`) };
}

/** The filters: the sidebar on a wide screen, the dialog behind "ফিল্টার" on a phone. */
async function filters(page: Page, viewport: Viewport): Promise<Locator> {
  if (viewport !== PHONE) return page.getByRole('complementary', { name: 'ফিল্টার' });
  const dialog = page.getByRole('dialog', { name: 'ফিল্টার' });
  for (let tries = 0; tries < 5 && !(await dialog.isVisible()); tries++) {
    await page.getByRole('button', { name: /^ফিল্টার/ }).click();
    await dialog.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await dialog.waitFor();
  return dialog;
}

describe.each([
  { label: 'phone', size: PHONE, digits: '0' },
  { label: 'desktop', size: DESKTOP, digits: '1' },
])("the seller's pages in Bangla on a $label ($size.width px)", ({ label, size, digits }) => {
  let started: { browser: Browser; url: string } | undefined;
  useServerAndBrowser(({ browser, server }) => (started = { browser, url: server.url }), {
    env: { CURRENCY: 'BDT' },
  });

  const stamp = `${label}${Date.now().toString(36)}`;
  const sellerAccount = {
    name: unbroken(`Sumonbikreta${stamp}`),
    email: `bn-seller-pages-${stamp}@example.test`,
    password: 'bangla-seller-2',
    phone: '+8801710000031',
    role: 'seller' as const,
  };
  const buyerAccount = {
    name: unbroken(`Rahimakreta${stamp}`),
    email: `bn-buyer-pages-${stamp}@example.test`,
    password: 'bangla-buyer-2',
    phone: '+8801710000032',
    role: 'buyer' as const,
  };
  const soldName = unbroken(`iPhone13Sold${stamp}`);
  const keptName = unbroken(`iPhone13Kept${stamp}`);
  const soldImei = imeiFrom(`3569380356438${digits}`);
  const keptImei = imeiFrom(`3569380356439${digits}`);
  const stolenImei = imeiFrom(`3569380356440${digits}`);

  let seller: TrackedPage;
  let buyer: TrackedPage;
  let sold: Listing;
  let kept: Listing;
  let bookingId = '';
  const shot = (page: Page, name: string) => screenshot(page, `languages-seller-${name}-${label}`);

  /** A page keeps to the screen, in Bangla. */
  async function expectBanglaPage(page: Page) {
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  }

  beforeAll(async () => {
    if (!started) throw new Error('the server and the browser have not started');
    seller = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    await signUp(seller.page, sellerAccount);
    buyer = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    await signUp(buyer.page, buyerAccount);
  });

  it('shows My Products and My Reviews empty, and an empty Add Product form, in Bangla', async () => {
    const { page, errors } = seller;
    await page.goto('/bn/dashboard/my-products');
    await page.getByRole('heading', { level: 1, name: 'আমার পণ্য' }).waitFor();
    await page.getByText('আপনি এখনো কোনো পণ্যের বিজ্ঞাপন দেননি।').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-products-empty');

    await page.goto('/bn/dashboard/my-reviews');
    await page.getByRole('heading', { level: 1, name: 'আমার রিভিউ' }).waitFor();
    await page.getByText(/^এখনো কোনো রিভিউ নেই। ক্রেতার হস্তান্তর কোড দিয়ে/).waitFor();
    await expectBanglaPage(page);

    await page.goto('/bn/dashboard/add-product');
    await page.getByRole('heading', { level: 1, name: 'পণ্য যোগ করুন' }).waitFor();
    await page.getByLabel('পণ্যের নাম').waitFor();
    await page.getByLabel('বিক্রয় মূল্য (টাকা)').waitFor();
    await page.getByLabel('আসল দাম (টাকা)').waitFor();
    await page.getByText('বিস্তারিত তথ্যসহ বিজ্ঞাপন তাড়াতাড়ি বিক্রি হয়।').waitFor();
    await page.getByText('এখনো দেওয়া হয়নি: স্টোরেজ, রং, ব্যাটারির অবস্থা, নেটওয়ার্ক লক।').waitFor();
    await page.getByText(/^৮টির মধ্যে ০টি ছবি। প্রথমটি কভার/).waitFor();
    await page.getByRole('radio', { name: 'আনলক করা (যেকোনো অপারেটর)' }).waitFor();
    await page.getByRole('checkbox', { name: 'চার্জার' }).waitFor();
    const condition = page.getByLabel('অবস্থা', { exact: true });
    expect(await condition.locator('option').allTextContents()).toEqual([
      'অবস্থা বেছে নিন',
      'চমৎকার',
      'ভালো',
      'মোটামুটি',
    ]);
    await expectBanglaPage(page);
    await shot(page, 'add-product');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('takes a stolen-phone report in Bangla and lists it with Bangla digits', async () => {
    const { page, errors } = seller;
    await page.goto('/bn/dashboard/stolen-phones');
    await page.getByRole('heading', { level: 1, name: 'চুরি হওয়া ফোনের রিপোর্ট করুন' }).waitFor();
    await page.getByText('আপনি এখনো কোনো ফোন চুরির রিপোর্ট করেননি।').waitFor();
    await page.getByText(/দিনে সর্বোচ্চ ৫টি ফোনের রিপোর্ট করতে পারবেন।$/).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'stolen-empty');

    const day = daysAgo(5);
    await page.getByLabel('IMEI', { exact: true }).fill(stolenImei);
    await page.getByLabel('চুরির দিন').fill(day.iso);
    await page.getByLabel('পুলিশ রিপোর্টের নম্বর (ঐচ্ছিক)').fill(`GD-${'7'.repeat(20)}`);
    await page.getByRole('button', { name: 'চুরির রিপোর্ট করুন' }).click();
    await toast(page, 'আপনার রিপোর্ট নেওয়া হয়েছে।');
    const last4 = stolenImei.slice(-4).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);
    await page.getByText(`শেষে ${last4} থাকা IMEI`).waitFor();
    await page.getByText('রিপোর্ট করা হয়েছে', { exact: true }).waitFor();
    await page.getByText(`চুরি হয়েছে ${day.shown}`).waitFor();
    await page.getByRole('button', { name: 'তুলে নিন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'stolen-reported');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('lists the products in My Products and opens one to change, with its photo check', async () => {
    const { page, errors } = seller;
    sold = await listProduct(page, sellerAccount.email, { name: soldName, imei: soldImei });
    kept = await listProduct(page, sellerAccount.email, { name: keptName, imei: keptImei });
    await page.goto('/bn/dashboard/my-products');
    await page.getByRole('link', { name: keptName, exact: true }).waitFor();
    await page.getByRole('link', { name: soldName, exact: true }).waitFor();
    expect(await page.getByText('৫০০৳').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('link', { name: `${keptName} এডিট করুন` }).waitFor();
    await page.getByRole('button', { name: `${keptName} মুছে ফেলুন` }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-products');

    await page.goto(`/bn/dashboard/edit-product/${kept._id}`);
    await page.getByRole('heading', { level: 1, name: 'পণ্য এডিট করুন' }).waitFor();
    const check = page.getByRole('region', { name: /^ছবি যাচাই/ });
    await check.getByText('এখনো কোনো ছবি নেই').waitFor();
    await check.getByText(/^এক টুকরো কাগজে .+ লিখুন/).waitFor();
    await check.getByLabel('ছবি পাঠান').waitFor();
    await page.getByText('IMEI দেওয়া আছে').waitFor();
    await page.getByRole('button', { name: 'IMEI বদলান' }).waitFor();
    expect(await page.getByLabel('পণ্যের নাম').inputValue()).toBe(keptName);
    await page.getByRole('button', { name: 'পরিবর্তন সেভ করুন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'edit-product');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it("walks the buyer's check of the phone in Bangla, with Bangla digits", async () => {
    const request = await api<{ _id: string }>(buyer.page, '/api/booking', 'POST', {
      productId: sold._id,
      phone: buyerAccount.phone,
      location: 'Gulshan 2 circle',
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    bookingId = request.body._id;
    const accepted = await api(seller.page, `/api/booking/${bookingId}/accept`, 'POST', {
      meetingAt: new Date(Date.now() + 86_400_000).toISOString(),
      meetingPlace: 'Gulshan 2, the bank entrance',
      timeZone: 'Asia/Dhaka',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const { page, errors } = buyer;
    await page.goto(`/bn/dashboard/my-orders/${bookingId}/check`);
    await page.getByRole('heading', { level: 1, name: 'ফোন যাচাই করুন' }).waitFor();
    await page.getByText('ধাপ ১ / ১০').waitFor();
    await page.getByRole('heading', { name: 'IMEI কি মেলে?' }).waitFor();
    const imeiBox = page.getByLabel('IMEI (১৫ অঙ্ক)');
    await imeiBox.fill(imeiFrom('11111111111111'));
    await page.getByRole('button', { name: 'IMEI যাচাই করুন' }).click();
    await page
      .getByText('IMEI বিজ্ঞাপনের সাথে মেলেনি। অঙ্কগুলো মিলিয়ে দেখুন: আর ২ বার চেষ্টা করা যাবে।')
      .waitFor();
    await expectBanglaPage(page);
    await shot(page, 'check-imei');
    await imeiBox.fill(soldImei);
    await page.getByRole('button', { name: 'IMEI যাচাই করুন' }).click();

    await page.getByRole('heading', { name: 'Find My / Google থেকে সাইন আউট করা?' }).waitFor();
    await page.getByText('ধাপ ২ / ১০').waitFor();
    await page.getByRole('button', { name: 'হ্যাঁ, সাইন আউট করেছেন' }).click();
    await page.getByRole('heading', { name: 'ব্যাটারির অবস্থা' }).waitFor();
    await page.getByLabel('ব্যাটারির অবস্থা (%)').fill('88');
    await page.getByRole('button', { name: 'সেভ করে এগিয়ে যান' }).click();

    for (const check of ['স্ক্রিন', 'ক্যামেরা', 'স্পিকার ও মাইক্রোফোন', 'চার্জিং', 'বাটন', 'SIM']) {
      await page.getByRole('heading', { name: check, exact: true }).waitFor();
      if (check === 'ক্যামেরা') {
        await page.getByText('সামনের আর পেছনের ক্যামেরা দিয়ে একটি করে ছবি তুলুন।').waitFor();
        await page.getByRole('button', { name: 'সমস্যা আছে' }).click();
        await page.getByLabel('কী সমস্যা? (ঐচ্ছিক)').fill('পেছনের ক্যামেরা একটু ঝাপসা');
        await shot(page, 'check-faulty');
        await page.getByRole('button', { name: 'সমস্যা আছে হিসেবে সেভ করুন' }).click();
      } else {
        await page.getByRole('button', { name: 'ঠিক আছে' }).click();
      }
    }

    await page.getByRole('heading', { name: 'ফোনটি নেবেন?' }).waitFor();
    await page.getByText('ধাপ ১০ / ১০').waitFor();
    await page.getByText('৮৮%', { exact: true }).waitFor();
    await page.getByText('সমস্যা আছে: পেছনের ক্যামেরা একটু ঝাপসা').waitFor();
    await page.getByText(/^আপনি সমস্যা পেয়েছেন।/).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'check-verdict');
    await page.getByRole('button', { name: 'ফোনটি নিন ও কোড দেখুন' }).click();
    await page.getByRole('heading', { name: 'আপনার হস্তান্তর কোড' }).waitFor();
    await page.getByTestId('handover-code').waitFor();
    await page.getByText('হাতবদলের সময় যাচাই করা').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'check-code');
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('lets the buyer review the deal in Bangla, and the seller reply', async () => {
    const { code } = (await api<{ code: string }>(buyer.page, `/api/booking/${bookingId}/code`))
      .body;
    const completed = await api(seller.page, `/api/booking/${bookingId}/complete`, 'POST', {
      code,
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    const { page, errors } = buyer;
    await page.goto('/bn/dashboard/my-orders');
    await page.getByRole('button', { name: 'বিক্রেতাকে রিভিউ দিন' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `${sellerAccount.name}-কে রিভিউ দিন` }).waitFor();
    await dialog.getByText(/পোস্ট করার পর ৪৮ ঘণ্টা পর্যন্ত এটি বদলাতে পারবেন।$/).waitFor();
    await dialog.getByRole('radio', { name: '৪ তারা' }).check();
    await dialog.getByText('খুব ভালো').waitFor();
    await dialog.getByLabel('আপনার রিভিউ (ঐচ্ছিক)').fill('ঠিক যেমন বলা হয়েছিল।');
    await dialog.getByText('২১ / ১,০০০').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'review-dialog');
    await dialog.getByRole('button', { name: 'রিভিউ পোস্ট করুন' }).click();
    await toast(page, 'ধন্যবাদ! আপনার রিভিউ বিক্রেতার প্রোফাইলে দেখা যাচ্ছে');
    await dialog.waitFor({ state: 'detached' });
    const yours = page.getByRole('region', { name: 'আপনার রিভিউ' });
    await yours.getByText(/^[০-৯]{2}-[০-৯]{2}-[০-৯]{4} পর্যন্ত এটি বদলাতে পারবেন।$/).waitFor();
    await yours.getByRole('button', { name: 'রিভিউ এডিট করুন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'my-orders-reviewed');
    expect(unexpectedErrors(errors)).toEqual([]);

    const sellerPage = seller.page;
    await sellerPage.goto('/bn/dashboard/my-reviews');
    await sellerPage.getByRole('heading', { level: 1, name: 'আমার রিভিউ' }).waitFor();
    await sellerPage.getByText('ঠিক যেমন বলা হয়েছিল।').waitFor();
    await sellerPage.getByRole('button', { name: 'উত্তর দিন' }).click();
    const reply = sellerPage.getByRole('dialog');
    await reply.getByRole('heading', { name: /-কে উত্তর দিন$/ }).waitFor();
    await reply.getByText(/^আপনার উত্তর আপনার সবার জন্য প্রোফাইলে/).waitFor();
    await reply.getByLabel('আপনার উত্তর').fill('ধন্যবাদ, আবার আসবেন।');
    await expectBanglaPage(sellerPage);
    await shot(sellerPage, 'reply-dialog');
    await reply.getByRole('button', { name: 'উত্তর পোস্ট করুন' }).click();
    await toast(sellerPage, 'আপনার উত্তর পোস্ট হয়েছে');
    await reply.waitFor({ state: 'detached' });
    await sellerPage.getByText('ধন্যবাদ, আবার আসবেন।').waitFor();

    await sellerPage.goto('/bn/dashboard/my-products');
    await sellerPage.getByRole('link', { name: soldName, exact: true }).waitFor();
    await sellerPage.getByText('বিক্রি হয়ে গেছে', { exact: true }).first().waitFor();
    await expectBanglaPage(sellerPage);
    await shot(sellerPage, 'my-products-sold');
    expect(unexpectedErrors(seller.errors)).toEqual([]);
  });

  it("shows the phone's history on the listing page and the search's area control in Bangla", async () => {
    const { page, errors } = buyer;
    await page.goto(`/bn/product/${kept._id}`);
    await page.getByRole('heading', { name: 'এখানে এই ফোনের ইতিহাস' }).waitFor();
    await page.getByText('এখানে এই ফোনের আগের কোনো বিজ্ঞাপন নেই।').waitFor();
    await expectBanglaPage(page);
    await shot(page, 'phone-history');

    await page.goto(`/bn/search?near=${GULSHAN}`);
    const panel = await filters(page, size);
    await panel.getByText('Gulshan, Dhaka-এর কাছে').waitFor();
    await panel.getByRole('combobox', { name: 'অন্য এলাকা' }).waitFor();
    await panel.getByText('একটি শহর বা পাড়া, যেমন গুলশান').waitFor();
    await panel.getByRole('button', { name: 'আমার অবস্থান ব্যবহার করুন' }).waitFor();
    await panel.getByRole('button', { name: 'আমার এলাকা হিসেবে সেভ করুন' }).waitFor();
    await panel.getByRole('button', { name: 'মুছে দিন' }).waitFor();
    await expectBanglaPage(page);
    await shot(page, 'search-near');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
