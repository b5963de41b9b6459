import { describe, expect, it } from 'vitest';
import { logIn, PHONE, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER } from './fixtures.ts';

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

describe('what a failed sign-in says', () => {
  const { freshPage } = useServerAndBrowser();

  it('says a server error is ours, not a wrong password', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, close } = await freshPage(viewport);
      // The server fails while checking the password: its answer is a 500 with the API's shape.
      await page.route('**/api/auth/sign-in/email', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal Server Error' } }),
        }),
      );
      await page.goto('/log-in');
      await logIn(page, BUYER.email, BUYER.password);
      await page.getByText(SERVER_ERROR).waitFor();
      expect(await page.getByText('Invalid email or password').count()).toBe(0);
      expect(await page.getByText('Internal Server Error').count()).toBe(0);
      await screenshot(page, `log-in-server-error-${viewport ? 'phone' : 'desktop'}`);
      await close();
    }
  });

  it('says a wrong password is a wrong password, and that the page is still signed out', async () => {
    const { page, close } = await freshPage();
    await page.goto('/log-in');
    await logIn(page, BUYER.email, 'not-the-password');
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.getByText(SERVER_ERROR).count()).toBe(0);
    await close();
  });
});
