import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import type { Page } from 'playwright-core';
import { logIn, logOut, useServerAndBrowser, type RunningServer } from './harness.ts';
import { ADMIN, BUYER, api } from './fixtures.ts';
import { captureBothWidths, pngFile, unexpectedErrors } from './public-helpers.ts';
import { freePort } from '../scripts/lib/free-port.mjs';

interface NewAccount {
  name: string;
  phone: string;
  email: string;
  password: string;
  type: 'Buyer' | 'Seller';
}

async function register(page: Page, account: NewAccount) {
  await page.goto('/registration');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Phone').fill(account.phone);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('radio', { name: account.type }).check();
  await page.getByLabel('Image').setInputFiles(await pngFile());
  await page.getByRole('button', { name: 'Register' }).click();
}

describe('accounts in the browser', () => {
  const { freshPage } = useServerAndBrowser();

  it('checks the registration form before anything is sent', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/registration');
    await page.getByRole('heading', { name: 'Registration' }).waitFor();
    await captureBothWidths(page, 'registration');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Image is required and must be an image file').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();

    // A file that is not an image is refused by the form.
    await page.getByLabel('Image').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Image is required and must be an image file').waitFor();
    expect(page.url()).toMatch(/\/registration$/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('registers a buyer with an image, lands home signed in, and logs out', async () => {
    const { page, errors, close } = await freshPage();
    await register(page, {
      name: 'Nila Buyer',
      phone: '+8801711111111',
      email: 'nila.buyer@example.com',
      password: 'nila-buyer-pass',
      type: 'Buyer',
    });
    await page.getByText('Registration successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();

    const me = await api(page, '/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      name: 'Nila Buyer',
      email: 'nila.buyer@example.com',
      phone: '+8801711111111',
      role: 'buyer',
    });
    const img = (me.body as { img: string | null }).img;
    expect(img).toBeTruthy();
    const image = await page.request.get(img ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    await logOut(page);
    expect((await api(page, '/api/session')).body).toEqual({ user: null });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('registers a seller with an image', async () => {
    const { page, errors, close } = await freshPage();
    await register(page, {
      name: 'Tariq Seller',
      phone: '01722222222',
      email: 'tariq.seller@example.com',
      password: 'tariq-seller-pass',
      type: 'Seller',
    });
    await page.getByText('Registration successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await api(page, '/api/me');
    expect(me.body).toMatchObject({ email: 'tariq.seller@example.com', role: 'seller' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('shows a taken email as a red message on the registration form', async () => {
    const { page, close } = await freshPage();
    await register(page, {
      name: 'Second Sam',
      phone: '+15550999',
      email: BUYER.email.toUpperCase(),
      password: 'second-sam-pass',
      type: 'Buyer',
    });
    const alert = page.getByRole('alert').filter({ hasText: /./ });
    await alert.waitFor();
    expect(page.url()).toMatch(/\/registration$/);
    await close();
  });

  it('logs in with email and password, and refuses a wrong password without saying which', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/log-in');
    await page.getByText(ADMIN.email).waitFor();
    await page.getByText(ADMIN.password).waitFor();
    expect(
      await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href'),
    ).toBe('/forgot-password');
    await captureBothWidths(page, 'log-in');

    await logIn(page, BUYER.email, 'not-the-password');
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toMatch(/\/log-in$/);

    await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Login successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await logOut(page);
    // The refused sign-in (401) and the spec's log of its message are the only console errors.
    expect(unexpectedErrors(errors, [/^Log in failed: /, /status of 401/])).toEqual([]);
    await close();
  });

  it('explains in red when the server has no Google sign-in configured', async () => {
    const { page, close } = await freshPage();
    await page.goto('/log-in');
    await page.getByRole('button', { name: 'Google' }).click();
    const message = page.getByText('Google sign-in is not configured on this server.');
    await message.waitFor();
    const color = await message.evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(185, 28, 28)');
    await close();
  });

  it('answers a password reset request the same way for any email', async () => {
    const { page, errors, close } = await freshPage();
    for (const email of [BUYER.email, 'nobody.here@example.com']) {
      await page.goto('/log-in');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      // The address changes before the new page is drawn: until its heading shows, the Email
      // field on screen can still be the log-in form's, and typing into it would be lost.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      const field = page.getByLabel('Email');
      await field.fill(email);
      expect(await field.inputValue()).toBe(email);
      await page.getByRole('button', { name: 'Send the reset link' }).click();
      // Without the answer, the failure says what the page showed instead.
      await page
        .getByText(
          'If an account exists for that email, a link to reset the password is on its way. It is valid for one hour.',
        )
        .waitFor({ timeout: 20_000 })
        .catch(async (err: unknown) => {
          const shown = await page.locator('main').innerText();
          throw new Error(
            `no answer to the reset request for ${email}; the page shows:\n${shown}`,
            {
              cause: err,
            },
          );
        });
    }
    await page.goto('/reset-password?error=INVALID_TOKEN');
    await page.getByText('This reset link has already been used or has expired.').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});

describe('Google sign-in, through a local OpenID Connect issuer', () => {
  const CLIENT = { id: 'phone-market', secret: 'phone-market-secret' };
  let issuerPort: number;
  let issuerUrl: string;
  let issuer: Server;
  let server: RunningServer;

  const { freshPage } = useServerAndBrowser((started) => ({ server } = started), {
    env: async () => {
      issuerPort = await freePort();
      issuerUrl = `http://127.0.0.1:${issuerPort}`;
      return {
        OIDC_ISSUER_URL: issuerUrl,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
      };
    },
  });
  beforeAll(() => {
    const provider = new Provider(issuerUrl, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [
            `${server.url}/api/auth/oauth2/callback/oidc`,
            `${server.url}/api/auth/callback/oidc`,
          ],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({
          sub: id,
          email: `${id}@example.com`,
          email_verified: true,
          name: 'Olive Social',
        }),
      }),
    });
    issuer = provider.listen(issuerPort, '127.0.0.1');
  });
  afterAll(async () => {
    await new Promise((done) => issuer?.close(done));
  });

  it('signs a new person in as a buyer and returns them to the page they came from', async () => {
    const { page, close } = await freshPage();
    await page.goto('/category/xiaomi');
    await page.waitForURL((url) => url.pathname === '/log-in');
    await page.getByRole('button', { name: 'Google' }).click();

    // The issuer's own sign-in and consent pages.
    await page.getByPlaceholder('Enter any login').fill('olive');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('login successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/category/xiaomi' && url.search === '');
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();
    const me = await api(page, '/api/me');
    expect(me.body).toMatchObject({
      email: 'olive@example.com',
      role: 'buyer',
      phone: 'not available',
    });

    // The welcome shows once: a reload does not repeat it.
    await page.reload();
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();
    expect(await page.getByText('login successfully!!').count()).toBe(0);
    await close();
  });
});
