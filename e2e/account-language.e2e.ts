import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, logIn, screenshot, useServerAndBrowser } from './harness.ts';
import { sidewaysOverflow } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

/*
 * The language belongs to the account too: a signed-in person who switches to Bangla in the top
 * bar finds the site in Bangla when they sign in on another device.
 */

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

/** Waits for the page's fonts: a Bangla letter drawn before its font came is an empty box. */
const fontsReady = (page: Page) => page.evaluate(async () => void (await document.fonts.ready));

describe.each([
  { label: 'phone', size: PHONE },
  { label: 'desktop', size: DESKTOP },
])('the account’s language on a $label', ({ label, size }) => {
  const { freshPage } = useServerAndBrowser();

  it('is saved by the top bar’s switch and opens another device in it after sign-in', async () => {
    const first = await freshPage(size);
    const email = `language-${label}-${Date.now()}@example.test`;
    const password = 'correct horse battery';
    await first.page.goto('/help');
    const signUp = await first.page.request.post('/api/auth/sign-up/email', {
      headers: { origin: new URL(first.page.url()).origin },
      data: { name: 'Nadia Rahman', email, password, phone: '+8801712345678', role: 'buyer' },
      failOnStatusCode: false,
    });
    // The request context shares the page's cookies: this device is signed in from here.
    expect(signUp.status(), await signUp.text()).toBe(200);

    await first.page.reload();
    expect(await htmlLang(first.page)).toBe('en');
    const saved = first.page.waitForResponse(
      (res) => res.url().endsWith('/api/me/language') && res.request().method() === 'PUT',
    );
    await first.page.getByRole('link', { name: 'বাংলা' }).click();
    expect((await saved).status()).toBe(200);
    await first.page.waitForURL((url) => url.pathname === '/bn/help');
    expect(await htmlLang(first.page)).toBe('bn');
    await fontsReady(first.page);
    await screenshot(first.page, `account-language-switched-${label}`);
    expect(unexpectedErrors(first.errors)).toEqual([]);

    // Another device, whose browser asks for English: signed in, the site opens in Bangla.
    const second = await freshPage(size);
    await logIn(second.page, email, password);
    await second.page.waitForURL((url) => url.pathname === '/bn/' || url.pathname === '/bn');
    expect(await htmlLang(second.page)).toBe('bn');
    await second.page.getByRole('link', { name: 'English' }).waitFor();
    expect(await sidewaysOverflow(second.page)).toBeLessThanOrEqual(0);
    await fontsReady(second.page);
    await screenshot(second.page, `account-language-other-device-${label}`);
    expect(unexpectedErrors(second.errors)).toEqual([]);
    await first.close();
    await second.close();
  });
});
