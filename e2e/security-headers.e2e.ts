import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, useServerAndBrowser } from './harness.ts';
import { BUYER } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every Content-Security-Policy violation of the page, from its first byte. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

/** The page's policy allows this server's scripts and hashed inline ones, nothing else. */
function expectStrictPolicy(policy: string | undefined) {
  expect(policy).toBeTruthy();
  const scriptSrc = policy!.split(/;\s*/).find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(policy).toContain("frame-ancestors 'none'");
}

/** The app has taken the page over (its scripts ran): the navbar marks the page. */
async function appRunning(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-menu-ready'));
}

for (const google of [false, true]) {
  describe(`pages under the Content-Security-Policy, Google sign-in ${google ? 'shown' : 'hidden'}`, () => {
    const { freshPage } = useServerAndBrowser({
      env: google ? { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' } : {},
    });

    it('the home page, the log-in page and the dashboard run with no violation', async () => {
      const { page, errors, close } = await freshPage();
      await recordViolations(page);

      const home = await page.goto('/');
      expectStrictPolicy(home?.headers()['content-security-policy']);
      expect(home?.headers()['x-frame-options']).toBe('DENY');
      expect(home?.headers()['x-content-type-options']).toBe('nosniff');
      expect(home?.headers()['referrer-policy']).toBe('same-origin');
      await appRunning(page);
      // The phone menu's inline script and the app both answer a tap.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await violations(page)).toEqual([]);

      const logInPage = await page.goto('/log-in');
      expectStrictPolicy(logInPage?.headers()['content-security-policy']);
      await appRunning(page);
      // The Google button waits for the app, which only runs when the policy lets it.
      await page.getByRole('button', { name: 'Google' }).and(page.locator(':enabled')).waitFor();
      expect(await violations(page)).toEqual([]);

      await logIn(page, BUYER.email, BUYER.password);
      await page.waitForURL((url) => url.pathname === '/');
      const dashboard = await page.goto('/dashboard');
      expectStrictPolicy(dashboard?.headers()['content-security-policy']);
      await page.getByRole('heading', { name: /Welcome to your dashboard/ }).waitFor();
      expect(await violations(page)).toEqual([]);

      expect(unexpectedErrors(errors)).toEqual([]);
      await close();
    });
  });
}
