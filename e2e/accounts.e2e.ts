import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  logIn,
  screenshot,
  useServerAndBrowser,
  type TrackedPage,
} from './harness.ts';
import { ADMIN, BUYER, SELLER, api, toast } from './fixtures.ts';
import { captureDashboard } from './dashboard-helpers.ts';
import { captureBothWidths, pngFile, unexpectedErrors } from './public-helpers.ts';

interface Account {
  name: string;
  email: string;
  password: string;
  phone: string;
}

async function me(page: Page) {
  return (await api(page, '/api/me')).body as {
    name: string;
    phone: string;
    img: string | null;
    role: string;
    isVerifiedUser: boolean;
  };
}

/**
 * An open dialog at 1280 and at 390 px wide. The dialog hides the rest of the page from the
 * accessibility tree, so a dashboard sidebar is waited for by its place on the screen.
 */
async function captureDialog(page: Page, name: string) {
  const sidebarLeft = () =>
    page.evaluate(
      () => document.getElementById('dashboard-sidebar')?.getBoundingClientRect().left ?? null,
    );
  await page.setViewportSize(DESKTOP);
  await page.waitForFunction(() => {
    const left = document.getElementById('dashboard-sidebar')?.getBoundingClientRect().left;
    return left === undefined || left >= 0;
  });
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  if ((await sidebarLeft()) !== null) {
    await page.waitForFunction(
      () => (document.getElementById('dashboard-sidebar')?.getBoundingClientRect().right ?? 0) <= 0,
    );
  }
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** The SweetAlert2 dialog: checks its texts, then answers with the button named. */
async function answerDialog(page: Page, texts: string[], button: string) {
  const dialog = page.getByRole('dialog');
  for (const text of texts) await dialog.getByText(text).first().waitFor();
  await dialog.getByRole('button', { name: button }).click();
}

async function closeAlert(page: Page, text: string) {
  await page.getByRole('dialog').getByText(text).waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('accounts: roles, profile, password and deletion', () => {
  let counter = 0;

  // Behind a proxy as far as the server knows, so that newcomers can come from addresses of
  // their own (see `registered`); everything else comes straight from 127.0.0.1.
  const { freshPage, signedIn } = useServerAndBrowser({
    env: { TRUST_PROXY: 'true' },
  });

  /** A new account of its own, registered through the API and signed in in a fresh page. */
  async function registered(role: 'buyer' | 'seller', name: string) {
    counter += 1;
    const slug = name.toLowerCase().replaceAll(' ', '.');
    const account: Account = {
      name,
      email: `${slug}.${counter}@example.com`,
      password: `${slug.replaceAll('.', '-')}-pass-${counter}`,
      phone: '+15550142',
    };
    const tracked = await freshPage();
    await tracked.page.goto('/');
    // Each newcomer from an address of their own, as different people would be: the sign-up
    // limit per address is meant for one person making many accounts.
    const res = await api(
      tracked.page,
      '/api/auth/sign-up/email',
      'POST',
      { ...account, role },
      { 'x-forwarded-for': `10.0.0.${counter}` },
    );
    expect(res.status).toBe(200);
    return { ...tracked, account };
  }

  describe('someone signed in on a page of another role', () => {
    let buyer: TrackedPage;
    beforeAll(async () => {
      buyer = await signedIn(BUYER);
    });

    it('is sent to log in, which says who is signed in and whose page it was', async () => {
      const { page } = buyer;
      await page.goto('/dashboard/my-products');
      await page.waitForURL((url) => url.pathname === '/log-in');
      expect(new URL(page.url()).searchParams.get('from')).toBe('/dashboard/my-products');
      await page.getByText('You are signed in as a buyer; this page is for sellers.').waitFor();
      await page.getByText(`${BUYER.name} (${BUYER.email})`).waitFor();
      await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Log in with another account' }).waitFor();
      await page.getByRole('button', { name: 'Become a seller' }).waitFor();
      // No bare form while someone is signed in.
      expect(await page.getByLabel('Email').count()).toBe(0);
      await captureBothWidths(page, 'log-in-signed-in-buyer-on-seller-page');

      await page.goto('/dashboard/all-sellers');
      await page.waitForURL((url) => url.pathname === '/log-in');
      await page.getByText('You are signed in as a buyer; this page is for admins.').waitFor();
      expect(await page.getByRole('button', { name: 'Become a seller' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { name: /Welcome to your dashboard/ }).waitFor();
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('says so on the registration page too, with a way to register after logging out', async () => {
      const { page } = buyer;
      await page.goto('/registration');
      await page.getByText('You are signed in as a buyer.').waitFor();
      await page.getByRole('button', { name: 'Become a seller' }).waitFor();
      expect(await page.getByLabel('Name').count()).toBe(0);
      await captureBothWidths(page, 'registration-signed-in');
    });

    it('logs in with another account after signing out, and goes on to the page', async () => {
      const { page } = buyer;
      await page.goto('/dashboard/my-buyers');
      await page.waitForURL((url) => url.pathname === '/log-in');
      await page.getByRole('button', { name: 'Log in with another account' }).click();
      await toast(page, 'logOut successfully');
      await page.getByLabel('Email').fill(SELLER.email);
      await page.getByLabel('Password', { exact: true }).fill(SELLER.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/my-buyers');
      await page.getByRole('heading', { name: 'My Buyers' }).waitFor();
      expect((await me(page)).role).toBe('seller');
      expect(unexpectedErrors(buyer.errors)).toEqual([]);
    });

    it('logs out from the registration page to register', async () => {
      const { page } = await signedIn(BUYER);
      await page.goto('/registration');
      await page.getByRole('button', { name: 'Log out and register' }).click();
      await page.getByLabel('Name').waitFor();
      await page.getByRole('button', { name: 'Register' }).waitFor();
      expect((await api(page, '/api/session')).body).toEqual({ user: null });
    });
  });

  describe('a buyer becoming a seller', () => {
    it('does it from the log-in page after one confirmation, and opens the seller page', async () => {
      const { page, errors, account } = await registered('buyer', 'Mina Switch');
      await page.goto('/dashboard/add-product');
      await page.waitForURL((url) => url.pathname === '/log-in');
      await page.getByRole('button', { name: 'Become a seller' }).click();
      await page.getByRole('dialog').getByText('Become a seller?').waitFor();
      await captureDialog(page, 'become-seller-confirmation');
      await answerDialog(
        page,
        ['Become a seller?', 'A new seller is not verified until an admin verifies them.'],
        'Yes, become a seller',
      );
      await toast(page, 'Your account is now a seller account.');
      await page.waitForURL((url) => url.pathname === '/dashboard/add-product');
      await page.getByRole('heading', { name: 'Add Product' }).waitFor();
      expect(await me(page)).toMatchObject({ role: 'seller', isVerifiedUser: false });

      await page.goto('/dashboard/profile');
      await page.getByText(account.email).waitFor();
      await page.getByText('Not verified yet: an admin checks new sellers').waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it('does it from the dashboard; cancelling the confirmation changes nothing', async () => {
      const { page, errors } = await registered('buyer', 'Omar Switch');
      await page.goto('/dashboard');
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      await nav.getByRole('link', { name: 'My Orders' }).waitFor();
      await page.getByRole('button', { name: 'Become a seller' }).click();
      await answerDialog(page, ['Become a seller?'], 'Cancel');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect((await me(page)).role).toBe('buyer');

      await page.getByRole('button', { name: 'Become a seller' }).click();
      await answerDialog(page, ['Become a seller?'], 'Yes, become a seller');
      await toast(page, 'Your account is now a seller account.');
      await nav.getByRole('link', { name: 'My Products' }).waitFor();
      expect(await nav.getByRole('link', { name: 'My Orders' }).count()).toBe(0);
      await page.getByText('You are signed in as a seller.').waitFor();
      await page.goto('/dashboard/my-products');
      await page.getByRole('heading', { name: 'My Products' }).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  describe('the profile page', () => {
    it('is in the sidebar of every role, and shows a verified seller as verified', async () => {
      for (const account of [BUYER, SELLER, ADMIN]) {
        const { page, close } = await signedIn(account);
        await page.goto('/dashboard');
        await page
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: 'My Profile' })
          .click();
        await page.waitForURL((url) => url.pathname === '/dashboard/profile');
        await page.getByRole('heading', { name: 'My Profile' }).waitFor();
        await page.getByText(account.email).waitFor();
        if (account === SELLER) {
          await page.getByText('Verified seller: buyers see the badge on your listings.').waitFor();
          await captureDashboard(page, 'dashboard-profile-seller');
        }
        if (account === ADMIN) {
          await page.getByText(/Admin accounts come from the operator/).waitFor();
          expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
        }
        await close();
      }
    });

    it('saves the name, phone and a new photo, and refuses a bad phone', async () => {
      const { page, errors } = await registered('buyer', 'Nila Profile');
      await page.goto('/dashboard/profile');
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByLabel('Name').waitFor();
      await captureDashboard(page, 'dashboard-profile-buyer');

      const before = await me(page);
      await profile.getByLabel('Phone').fill('call me');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await profile.getByText('Phone must be 6 to 15 digits, with an optional leading +').waitFor();
      expect(await me(page)).toEqual(before);

      await profile.getByLabel('Name').fill('Nila Renamed');
      await profile.getByLabel('Phone').fill('+8801712345678');
      await profile.getByLabel('New photo').setInputFiles(await pngFile('new-face.png'));
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await toast(page, 'Your profile has been saved.');
      const after = await me(page);
      expect(after).toMatchObject({ name: 'Nila Renamed', phone: '+8801712345678' });
      expect(after.img).toMatch(/^\/api\/images\//);
      expect(after.img).not.toBe(before.img);
      // The sidebar shows the new name and photo.
      const sidebar = page.getByRole('complementary', { name: 'Dashboard sidebar' });
      await sidebar.getByText('Nila Renamed').waitFor();
      expect(
        await sidebar.getByRole('img', { name: "Nila Renamed's avatar" }).getAttribute('src'),
      ).toBe(after.img);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it('changes the password: the other device is signed out, this one stays', async () => {
      const first = await registered('seller', 'Pavel Password');
      const other = await signedIn(first.account);
      expect((await api(other.page, '/api/me')).status).toBe(200);

      const { page } = first;
      await page.goto('/dashboard/profile');
      const panel = page.getByRole('region', { name: 'Password' });
      await panel.getByLabel('Current password').fill('not-the-password');
      await panel.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
      await panel.getByLabel('New password again').fill('a-brand-new-pass');
      await panel.getByRole('button', { name: 'Change password' }).click();
      await panel
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .waitFor();
      expect((await api(other.page, '/api/me')).status).toBe(200);

      await panel.getByLabel('Current password').fill(first.account.password);
      await panel.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Your password has been changed. Other devices were signed out.');
      expect((await api(page, '/api/me')).status).toBe(200);
      expect((await api(other.page, '/api/me')).status).toBe(401);

      const again = await freshPage();
      await logIn(again.page, first.account.email, 'a-brand-new-pass');
      await again.page.waitForURL((url) => url.pathname === '/');
      expect(
        unexpectedErrors(first.errors, [/status of 400/, /^Changing the password failed/]),
      ).toEqual([]);
    });

    it("deletes a seller's own account after the password and a confirmation naming it", async () => {
      const seller = await registered('seller', 'Sadia Leaving');
      const { page } = seller;
      const added = await api(
        page,
        `/api/add-product?email=${encodeURIComponent(seller.account.email)}`,
        'POST',
        {
          name: 'Leaving Pixel 7',
          location: 'Mirpur',
          yearOfUse: 2023,
          originalPrice: 599,
          resellPrice: 350,
          Category: 'samsung',
          condition: 'good',
          description: '',
          imgURL: '/demo/samsung-1.webp',
        },
      );
      expect(added.status).toBe(200);
      const productId = (added.body as { _id: string })._id;
      const buyer = await registered('buyer', 'Tania Keeps');
      const booked = await api(buyer.page, '/api/booking', 'POST', {
        productId,
        phone: '01712345678',
        location: 'Mirpur 10',
      });
      expect(booked.status).toBe(200);

      await page.goto('/dashboard/profile');
      const panel = page.getByRole('region', { name: 'Delete account' });
      await panel.getByText('Your listings go with it.').first().waitFor();
      await panel.getByLabel('Your password').fill('not-the-password');
      await panel.getByRole('button', { name: 'Delete my account' }).click();
      await answerDialog(
        page,
        [`Delete your account ${seller.account.name} (${seller.account.email})?`],
        'Yes, delete it!',
      );
      await panel
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .waitFor();
      expect((await me(page)).name).toBe(seller.account.name);

      await panel.getByLabel('Your password').fill(seller.account.password);
      await panel.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog').getByText("You won't be able to revert this!").waitFor();
      await captureDialog(page, 'dashboard-delete-own-account-confirmation');
      await answerDialog(page, ["You won't be able to revert this!"], 'Yes, delete it!');
      await page.waitForURL((url) => url.pathname === '/');
      await closeAlert(page, 'Your account has been deleted.');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'LogIn' })
        .waitFor();
      expect((await api(page, '/api/session')).body).toEqual({ user: null });

      // The buyer's order keeps its copy of the phone.
      await buyer.page.goto('/dashboard/my-orders');
      await buyer.page.getByRole('listitem').filter({ hasText: 'Leaving Pixel 7' }).waitFor();
      const again = await freshPage();
      await logIn(again.page, seller.account.email, seller.account.password);
      await again.page.getByText('Invalid email or password').waitFor();
      expect(
        unexpectedErrors(seller.errors, [/status of 400/, /^Deleting the own account failed/]),
      ).toEqual([]);
    });
  });

  describe('deletions that say what they delete', () => {
    it('names the listing, and says how many buyers booked it', async () => {
      const seller = await registered('seller', 'Karim Lists');
      const { page } = seller;
      const add = (name: string) =>
        api(page, `/api/add-product?email=${encodeURIComponent(seller.account.email)}`, 'POST', {
          name,
          location: 'Uttara',
          yearOfUse: 2022,
          originalPrice: 500,
          resellPrice: 300,
          Category: 'realme',
          condition: 'fair',
          description: '',
          imgURL: '/demo/realme-1.webp',
        });
      const booked = (await add('Booked Realme 9')).body as { _id: string };
      expect((await add('Quiet Realme 8')).status).toBe(200);
      for (const name of ['Rafi Books', 'Lina Books']) {
        const buyer = await registered('buyer', name);
        const res = await api(buyer.page, '/api/booking', 'POST', {
          productId: booked._id,
          phone: '01712345678',
          location: 'Uttara',
        });
        expect(res.status).toBe(200);
      }

      await page.goto('/dashboard/my-products');
      await page.getByRole('button', { name: 'Delete Booked Realme 9' }).click();
      await page.getByRole('dialog').getByText('2 buyers have booked this phone.').waitFor();
      await captureDialog(page, 'dashboard-delete-booked-listing-confirmation');
      await answerDialog(
        page,
        [
          'Delete your listing "Booked Realme 9"?',
          '2 buyers have booked this phone.',
          "You won't be able to revert this!",
        ],
        'Cancel',
      );
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete Quiet Realme 8' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Delete your listing "Quiet Realme 8"?').waitFor();
      expect(await dialog.getByText('booked this phone').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
      await closeAlert(page, 'Your Product has been deleted.');
      await page.getByRole('rowheader', { name: 'Quiet Realme 8' }).waitFor({ state: 'detached' });
      await page.getByRole('rowheader', { name: 'Booked Realme 9' }).waitFor();
      expect(unexpectedErrors(seller.errors)).toEqual([]);
    });

    it('names the buyer the admin deletes, and says the buyer was deleted', async () => {
      const leaving = await registered('buyer', 'Zara Leaves');
      await leaving.close();
      const { page, errors } = await signedIn(ADMIN);
      await page.goto('/dashboard/all-buyers');
      const row = page.getByRole('row').filter({ hasText: leaving.account.email });
      await row.getByRole('button', { name: `Delete ${leaving.account.name}` }).click();
      await page.getByRole('dialog').getByText(leaving.account.email, { exact: false }).waitFor();
      await captureDialog(page, 'dashboard-delete-buyer-confirmation');
      await answerDialog(
        page,
        [
          `Delete the buyer ${leaving.account.name} (${leaving.account.email}), with their orders and wishlist?`,
          "You won't be able to revert this!",
        ],
        'Yes, delete it!',
      );
      await closeAlert(page, `The buyer ${leaving.account.name} has been deleted.`);
      await row.waitFor({ state: 'detached' });
      expect(await page.getByText('Your Product has been deleted.').count()).toBe(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it('names the seller the admin deletes', async () => {
      const leaving = await registered('seller', 'Yusuf Closes');
      await leaving.close();
      const { page, errors } = await signedIn(ADMIN);
      await page.goto('/dashboard/all-sellers');
      await page.getByRole('button', { name: `Delete seller ${leaving.account.name}` }).click();
      await answerDialog(
        page,
        [
          `Delete the seller ${leaving.account.name} (${leaving.account.email}), with all their listings?`,
        ],
        'Yes, delete it!',
      );
      await closeAlert(page, `The seller ${leaving.account.name} has been deleted.`);
      await page
        .getByRole('article', { name: leaving.account.name })
        .waitFor({ state: 'detached' });
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it('shows the demo admin on the log-in page of a demo run', async () => {
    const { page, close } = await freshPage();
    await page.goto('/log-in');
    await page.getByText('Demo admin', { exact: true }).waitFor();
    await page.getByText(ADMIN.email).waitFor();
    await close();
  });
});

describe('the log-in page where the operator set their own admin', () => {
  const { freshPage } = useServerAndBrowser({
    env: { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'owner-pass-1' },
  });

  it('shows no demo box, and the demo password does not work', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/log-in');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email').waitFor();
    expect(await page.getByText('Demo admin').count()).toBe(0);
    expect(await page.getByText(ADMIN.email).count()).toBe(0);
    await captureBothWidths(page, 'log-in-no-demo-admin');

    await logIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Invalid email or password').waitFor();
    expect(unexpectedErrors(errors, [/^Log in failed: /, /status of 401/])).toEqual([]);
    await close();
  });
});
