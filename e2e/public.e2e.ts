import { describe, expect, it } from 'vitest';
import { PHONE, logIn, logOut, screenshot, useServerAndBrowser } from './harness.ts';
import { BUYER, api } from './fixtures.ts';
import { captureBothWidths, unexpectedErrors } from './public-helpers.ts';

describe('the public pages', () => {
  const { freshPage } = useServerAndBrowser();

  it('shows the home page sections in the spec order', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'All Categories' }).waitFor();
    await page.getByRole('heading', { name: 'Advertisement' }).waitFor();
    await page.getByText('Resell Price:').first().waitFor();

    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Advertisement',
      'All Categories',
      'Up to 50% Off',
      'Why we are best',
      'Client testimonials',
      'Useful Links',
      'Categories',
    ]);
    for (const reason of ['24H. SUPPORT', 'UPDATE', 'WARRANTY']) {
      expect(await page.getByRole('heading', { name: reason, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe(
      '/categories',
    );
    const readMore = page.getByRole('link', { name: /Read more/ });
    expect(await readMore.count()).toBeGreaterThan(0);
    expect(await readMore.first().getAttribute('href')).toBe('/categories');
    // The long demo description is cut at 250 characters plus '...'.
    const cut = page.getByText(/^Deep purple, battery health 91%.*\.\.\.$/);
    expect((await cut.textContent())?.length).toBe(253);
    // Testimonials from GET /reviews.
    await page.getByText('Arif Rahman').waitFor();

    // Signed out: LogIn and Registration, no Dashboard.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'LogIn' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Registration' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    // The footer's categories all lead to /categories.
    const footer = page.getByRole('contentinfo');
    for (const name of ['samsung', 'iPhone', 'xiaomi', 'realme']) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(
        '/categories',
      );
    }
    await captureBothWidths(page, 'home');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('sends a signed-out visitor from a category to log in, then back to the category', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Categories' })
      .click();
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    const iphone = page.getByRole('link', { name: 'IPHONE', exact: true });
    await iphone.waitFor();
    expect(await iphone.getAttribute('href')).toBe('/category/iPhone');
    expect(await page.getByRole('link', { name: 'SAMSUNG', exact: true }).count()).toBe(1);
    await captureBothWidths(page, 'categories');

    await iphone.click();
    await page.waitForURL((url) => url.pathname === '/log-in');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/category/iPhone');

    await page.getByLabel('Email').fill(BUYER.email);
    await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Login successfully!!').waitFor();
    await page.waitForURL((url) => url.pathname === '/category/iPhone');
    await page.getByText('Total Products (5)').waitFor();
    expect(await page.getByRole('button', { name: 'Booked Now' }).count()).toBe(5);
    // The demo seller is verified; the card says so to screen readers too.
    expect(await page.getByText('Verified seller').count()).toBeGreaterThan(0);
    expect(await page.getByText('Original Price:').count()).toBe(5);
    expect(await page.getByText(/^\d+\+$/).count()).toBe(5);
    // Dashboard appears once signed in.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();
    await captureBothWidths(page, 'category');
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });

  it('lets a buyer heart a product and book one through the modal', async () => {
    const { page, errors, close } = await freshPage();
    await logIn(page, BUYER.email, BUYER.password);
    await page.getByText('Login successfully!!').waitFor();
    await page.goto('/category/samsung');
    await page.getByText(/^Total Products \(\d+\)$/).waitFor();

    // The heart is named after its phone and says whether it is saved.
    const heart = page.getByRole('button', { name: /^Save .+ to wishlist$/ }).first();
    const phone = /^Save (.+) to wishlist$/.exec(
      (await heart.getAttribute('aria-label')) ?? '',
    )?.[1];
    expect(phone).toBeTruthy();
    await heart.click();
    await page
      .getByRole('button', { name: `Saved: ${phone}`, exact: true })
      .first()
      .waitFor();
    await page.getByText('product added to wishlist').waitFor();
    const wishlist = await api(page, `/api/wish-list?email=${BUYER.email}`);
    expect(wishlist.status).toBe(200);
    expect((wishlist.body as unknown[]).length).toBe(1);

    const firstCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Booked Now' }) })
      .first();
    const productName = (await firstCard.getByRole('heading').textContent()) ?? '';
    await firstCard.getByRole('button', { name: 'Booked Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: productName }).count()).toBe(1);
    expect(await dialog.getByLabel('Name').inputValue()).toBe(BUYER.name);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(BUYER.email);
    expect(await dialog.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByText(/^\d{2}-\d{2}-\d{4}$/).count()).toBe(1);

    // Escape closes the modal, as does the close button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await firstCard.getByRole('button', { name: 'Booked Now' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await firstCard.getByRole('button', { name: 'Booked Now' }).click();
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByRole('button', { name: 'Booked !!' }).click();
    await dialog.getByText('Phone must be 6 to 15 digits, with an optional leading +').waitFor();
    await dialog.getByText('Meeting location is required').waitFor();

    await dialog.getByLabel('Phone').fill('+8801700000000');
    await dialog.getByLabel('Meeting location').fill('Dhanmondi Lake, gate 2');
    await dialog.getByRole('button', { name: 'Booked !!' }).click();
    await page.getByText('Booking completed!!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const orders = await api(page, `/api/booking?email=${BUYER.email}`);
    expect(orders.status).toBe(200);
    const booked = orders.body as Array<{ productName: string; phone: string; location: string }>;
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      productName,
      phone: '+8801700000000',
      location: 'Dhanmondi Lake, gate 2',
    });

    expect(unexpectedErrors(errors)).toEqual([]);

    // The card now says it is requested and offers no second request (the server refuses one too).
    const bookedCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
    await bookedCard
      .getByRole('button', { name: 'Requested', exact: true, disabled: true })
      .waitFor();
    expect(await bookedCard.getByRole('button', { name: 'Booked Now' }).count()).toBe(0);

    await logOut(page);
    await close();
  });

  it('shows the blog and the 404 page', async () => {
    const { page, errors, close } = await freshPage();
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Blog', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'How does booking a phone work?' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    await captureBothWidths(page, 'blog');

    const missing = await page.goto('/no/such/page');
    // The server says so too, so that search engines drop the address.
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oppps!! 404 error' }).waitFor();
    await captureBothWidths(page, '404');
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'All Categories' }).waitFor();
    // The browser reports the 404 of the page itself as a console error.
    expect(unexpectedErrors(errors, [/status of 404/])).toEqual([]);
    await close();
  });

  it('folds the navigation behind a menu button on a 390 px wide screen', async () => {
    const { page, errors, close } = await freshPage(PHONE);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const blogLink = nav.getByRole('link', { name: 'Blog' });
    expect(await blogLink.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await blogLink.waitFor({ state: 'visible' });
    await screenshot(page, 'menu-open-phone');
    expect(
      await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await blogLink.waitFor({ state: 'hidden' });

    // Following a link from the open menu closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await blogLink.click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await blogLink.waitFor({ state: 'hidden' });
    expect(unexpectedErrors(errors)).toEqual([]);
    await close();
  });
});
