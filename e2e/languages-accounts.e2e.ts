import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage, screenshot, useServerAndBrowser } from './harness.ts';
import { sidewaysOverflow, toast } from './fixtures.ts';
import { pngFile, unexpectedErrors } from './public-helpers.ts';

/*
 * Registering and logging in in Bangla, as a person whose browser asks for Bangla meets it: the
 * pages, the form errors the shared schemas give, a refused password, the way to a new password
 * and the toasts, in Bangla.
 */

/** A long Bangla name, as people have, which the pages must wrap rather than overflow. */
const LONG_NAME = 'মোছাম্মৎ সুমাইয়া আক্তার চৌধুরী নাসরিন জাহান তালুকদার';

/** Waits for the fonts, and checks that Bangla is drawn with Noto Sans Bengali. */
async function banglaFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(`document.fonts.ready.then(() =>
    document.fonts.load('16px "Noto Sans Bengali"', 'বাংলা').then((faces) => faces.length > 0))`);
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('Accounts in Bangla on a $label ($size.width px)', ({ label, size }) => {
  let started: { browser: Browser; url: string } | undefined;
  useServerAndBrowser(({ browser, server }) => (started = { browser, url: server.url }));

  it('registers, is refused a wrong password and logs in, all in Bangla', async () => {
    if (!started) throw new Error('the server and the browser have not started');
    const email = `bangla-${label}-${Date.now()}@example.com`;
    const password = 'ভালো-password-1';

    const newcomer = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    const { page } = newcomer;
    await page.goto('/registration');
    expect(new URL(page.url()).pathname).toBe('/bn/registration');
    await page.getByRole('heading', { level: 1, name: 'রেজিস্ট্রেশন' }).waitFor();
    expect(await page.title()).toBe('রেজিস্ট্রেশন · Phone Market');
    await page.getByText('কমপক্ষে ৮ অক্ষর').waitFor();

    // Sent empty: the shared registration schema's messages, in Bangla, under their fields.
    await page.getByRole('button', { name: 'রেজিস্ট্রেশন করুন' }).click();
    await page.getByText('নাম দিতে হবে').waitFor();
    await page.getByText('সঠিক ইমেইল ঠিকানা লিখুন').waitFor();
    await page.getByText('পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে').waitFor();
    await page.getByText('ছবি দিতে হবে, আর সেটি ছবির ফাইল হতে হবে').waitFor();
    expect(await page.getByText('Name is required').count()).toBe(0);
    expect(await banglaFontLoaded(page)).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `languages-registration-errors-bn-${label}`);

    await page.getByLabel('নাম').fill(LONG_NAME);
    await page.getByLabel('ফোন নম্বর').fill('+8801712345678');
    await page.getByLabel('ইমেইল').fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('short');
    await page.getByRole('radio', { name: 'ক্রেতা', exact: true }).check();
    await page.getByLabel('ছবি').setInputFiles(await pngFile());
    await page.getByRole('button', { name: 'রেজিস্ট্রেশন করুন' }).click();
    await page.getByText('পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে').waitFor();
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'রেজিস্ট্রেশন করুন' }).click();
    await toast(page, 'রেজিস্ট্রেশন সফল হয়েছে!');
    // Drawn in the page's fonts, which have Bangla letters (the toast library's own do not).
    const toastFont = await page
      .getByRole('alert')
      .filter({ hasText: 'রেজিস্ট্রেশন সফল হয়েছে!' })
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(toastFont).toContain('Noto Sans Bengali');
    await page.waitForURL((url) => url.pathname === '/bn' || url.pathname === '/bn/');
    await screenshot(page, `languages-registered-bn-${label}`);
    expect(unexpectedErrors(newcomer.errors)).toEqual([]);
    await newcomer.close();

    // Another day, another browser: the log-in page, a wrong password, then the right one.
    const member = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    const again = member.page;
    await again.goto('/log-in');
    expect(new URL(again.url()).pathname).toBe('/bn/log-in');
    await again.getByRole('heading', { level: 1, name: 'লগ ইন' }).waitFor();
    expect(await again.title()).toBe('লগ ইন · Phone Market');
    await again.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).waitFor();
    await again.getByLabel('ইমেইল').fill(email);
    await again.getByLabel('পাসওয়ার্ড', { exact: true }).fill('not-the-password');
    await again.getByRole('button', { name: 'লগ ইন করুন', exact: true }).click();
    await again.getByRole('alert').filter({ hasText: 'ইমেইল বা পাসওয়ার্ড ভুল' }).waitFor();
    expect(await again.getByText('Invalid email or password').count()).toBe(0);
    expect(await sidewaysOverflow(again)).toBeLessThanOrEqual(0);
    await screenshot(again, `languages-log-in-refused-bn-${label}`);

    // The way to a new password, with the email already typed, and back.
    await again.getByRole('link', { name: 'পাসওয়ার্ড ভুলে গেছেন?' }).click();
    await again.getByRole('heading', { level: 1, name: 'পাসওয়ার্ড ভুলে গেছেন?' }).waitFor();
    expect(new URL(again.url()).pathname).toBe('/bn/forgot-password');
    expect(await again.getByLabel('ইমেইল').inputValue()).toBe(email);
    await again.getByRole('button', { name: 'রিসেট লিংক পাঠান' }).click();
    await again.getByRole('status').filter({ hasText: 'লিংকটি এক ঘণ্টা কাজ করবে।' }).waitFor();
    await again.getByRole('link', { name: 'লগ ইনে ফিরে যান' }).click();
    await again.getByRole('heading', { level: 1, name: 'লগ ইন' }).waitFor();

    await again.getByLabel('ইমেইল').fill(email);
    await again.getByLabel('পাসওয়ার্ড', { exact: true }).fill(password);
    await again.getByRole('button', { name: 'লগ ইন করুন', exact: true }).click();
    await toast(again, 'সফলভাবে লগ ইন হয়েছে!');
    await again.waitForURL((url) => url.pathname === '/bn' || url.pathname === '/bn/');

    // Signed in, the log-in page says so, with the account's long name.
    await again.goto('/bn/log-in');
    await again.getByText('আপনি ক্রেতা হিসেবে সাইন ইন করে আছেন।').waitFor();
    await again.getByText(LONG_NAME).waitFor();
    expect(await sidewaysOverflow(again)).toBeLessThanOrEqual(0);
    await screenshot(again, `languages-signed-in-notice-bn-${label}`);

    // A page that is not there says so in Bangla.
    await again.goto('/bn/no-such-page');
    await again.getByRole('heading', { level: 1, name: 'উফ!! পাতাটি পাওয়া যায়নি' }).waitFor();
    await again.getByRole('link', { name: 'হোম পেজে ফিরে যান' }).waitFor();
    // The refused sign-in (401) and its log, and the missing page's 404, are the only console
    // errors.
    expect(
      unexpectedErrors(member.errors, [/^Log in failed: /, /status of 401/, /status of 404/]),
    ).toEqual([]);
    await member.close();
  });
});
