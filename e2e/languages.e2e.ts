import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * Bangla and English as a person meets them: a browser that asks for Bangla is sent to the
 * Bangla home page; a search and a listing read in Bangla, with prices in Bangla digits and the
 * operator's taka; the top bar's switch brings the same page in English, and the choice stays.
 */

/** Bangla digits, as `bn-BD` writes numbers. */
const BANGLA_DIGITS = /[০-৯]/;

async function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

/** The page's addresses in each language, as search engines read them from its head. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = page.locator('head link[rel="alternate"][hreflang]');
  const found: Record<string, string> = {};
  for (const link of await links.all()) {
    found[(await link.getAttribute('hreflang')) ?? ''] = (await link.getAttribute('href')) ?? '';
  }
  return found;
}

/**
 * Waits for the page's fonts, and checks that Bangla is drawn with Noto Sans Bengali: the machine's
 * own fonts may have no Bangla letters at all.
 */
async function banglaFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(`document.fonts.ready.then(() =>
    document.fonts.load('16px "Noto Sans Bengali"', 'বাংলা').then((faces) => faces.length > 0))`);
}

/** Waits until the app has taken the server's page over (the top bar marks it). */
async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-menu-ready]').waitFor({ state: 'attached' });
}

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('Bangla and English on a $label ($size.width px)', ({ label, size }) => {
  let started: { browser: Browser; url: string } | undefined;
  useServerAndBrowser(({ browser, server }) => (started = { browser, url: server.url }), {
    env: { CURRENCY: 'BDT' },
  });

  it('opens in Bangla for a Bangla browser, searches, shows a listing, and switches to English', async () => {
    if (!started) throw new Error('the server and the browser have not started');
    // A browser whose language is Bangla (Accept-Language: bn-BD).
    const visitor = await openPage(started.browser, started.url, size, { locale: 'bn-BD' });
    const { page } = visitor;

    // The first visit: sent to the Bangla home page, drawn in Bangla by the server.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/bn/');
    expect(await htmlLang(page)).toBe('bn');
    const home = await alternates(page);
    expect(new URL(home.en!).pathname).toBe('/');
    expect(new URL(home.bn!).pathname).toBe('/bn/');
    await page
      .getByRole('heading', { level: 1, name: 'ব্যবহৃত ফোনের ক্রেতা আর বিক্রেতাকে এক জায়গায় আনছি' })
      .waitFor();
    await appReady(page);
    await page.getByRole('heading', { name: 'সব ক্যাটাগরি' }).waitFor();
    expect(await page.title()).toBe('Phone Market: আপনার আশেপাশের মানুষের ব্যবহৃত ফোন');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await banglaFontLoaded(page)).toBe(true);
    await screenshot(page, `languages-home-bn-${label}`);

    // The results need an account (e2e/languages-accounts.e2e.ts walks the Bangla log-in).
    await page.goto('/log-in');
    expect(new URL(page.url()).pathname).toBe('/bn/log-in');
    await page.getByLabel('ইমেইল').fill(BUYER.email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: 'লগ ইন করুন', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/bn' || url.pathname === '/bn/');

    await page.goto('/bn/search?q=iphone');
    expect(await htmlLang(page)).toBe('bn');
    await page.getByRole('heading', { level: 1, name: '“iphone”-এর ফলাফল' }).waitFor();
    await page.getByText(/^[০-৯]+টি ফোন পাওয়া গেছে$/).waitFor();
    expect(await page.title()).toBe('খোঁজ: iphone · Phone Market');
    await page.getByLabel('সাজান').waitFor();
    await appReady(page);
    const results = page.getByRole('list', { name: 'ফলাফল' }).filter({ visible: true });
    const firstPrice = await results.getByText(/৳$/).first().textContent();
    expect(firstPrice).toMatch(BANGLA_DIGITS);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await banglaFontLoaded(page)).toBe(true);
    await screenshot(page, `languages-search-bn-${label}`);

    // A listing, by the router, stays under /bn.
    await results
      .getByRole('link')
      .filter({ hasText: /iphone/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/bn/product/'));
    await page.getByRole('heading', { name: 'বিস্তারিত' }).waitFor();
    const price = page.getByRole('region', { name: 'দাম' });
    expect(await price.textContent()).toMatch(/[০-৯][০-৯,.]*৳/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await banglaFontLoaded(page)).toBe(true);
    await screenshot(page, `languages-listing-bn-${label}`);

    // The switch in the top bar: the same page in English, remembered.
    const productPath = new URL(page.url()).pathname.replace(/^\/bn/, '');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === productPath);
    expect(await htmlLang(page)).toBe('en');
    const listing = await alternates(page);
    expect(new URL(listing.en!).pathname).toBe(productPath);
    expect(new URL(listing.bn!).pathname).toBe(`/bn${productPath}`);
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    expect(await page.getByRole('region', { name: 'Price' }).textContent()).toMatch(/৳\d/);
    await appReady(page);
    await page.getByRole('link', { name: 'বাংলা' }).waitFor();
    await screenshot(page, `languages-listing-en-${label}`);

    // Chosen, English stays though the browser asks for Bangla.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await htmlLang(page)).toBe('en');
    await page
      .getByRole('heading', { level: 1, name: 'Connecting buyers and sellers of used phones' })
      .waitFor();
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.close();
  });
});
