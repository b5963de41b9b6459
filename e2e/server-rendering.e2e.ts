import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PAGE_STATE_ID, type Advertisement, type Category } from '@market/shared';
import { PHONE, useServerAndBrowser, type RunningServer } from './harness.ts';
import { BUYER, SELLER, signUp } from './fixtures.ts';

async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function page(
  url: string,
  cookie?: string,
): Promise<{ status: number; html: string; res: Response }> {
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text(), res };
}

/** The JSON the page hands to the browser. */
function pageState(html: string): { queries: { queries: Array<{ queryKey: unknown[] }> } } {
  const match = new RegExp(
    `<script id="${PAGE_STATE_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as { queries: { queries: Array<{ queryKey: unknown[] }> } };
}

describe('pages rendered on the server', () => {
  let server: RunningServer;
  let browser: Browser;
  const { freshPage } = useServerAndBrowser((started) => ({ server, browser } = started));

  it('sends the home page with its listings, categories and data in the HTML', async () => {
    const ads = (await (await fetch(`${server.url}/api/advertisement`)).json()) as Advertisement[];
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as Category[];
    expect(ads.length).toBeGreaterThan(0);

    const { status, html, res } = await page(`${server.url}/`);
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('>Advertisement</h2>');
    for (const ad of ads) expect(html).toContain(`>${ad.name}</a></h3>`);
    for (const category of categories) expect(html).toContain(category.name.toUpperCase());
    // Signed out: the top bar offers log-in.
    expect(html).toContain('>LogIn</a>');
    const keys = pageState(html).queries.queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['me', 'advertisements', 'categories', 'reviews']));
  });

  it("fetches a visitor's home page's scripts at the first touch, and a member's at once", async () => {
    const scripts = (into: string[]) => (request: { url(): string; resourceType(): string }) => {
      if (request.resourceType() === 'script') into.push(request.url());
    };
    // No page of the harness: it touches a page that waits to be touched.
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const visitor = await context.newPage();
      const fetched: string[] = [];
      visitor.on('request', scripts(fetched));
      await visitor.goto(`${server.url}/`, { waitUntil: 'load' });
      await visitor.waitForTimeout(500);
      expect(fetched).toEqual([]);
      // It works as drawn meanwhile: the phone menu (the page's own script) and its links.
      await visitor.getByRole('button', { name: 'Open menu' }).click();
      expect(fetched.length).toBeGreaterThan(10);
      await visitor.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      await visitor.getByRole('button', { name: 'Close menu' }).waitFor();

      const member = await context.newPage();
      await context.addCookies(
        (await signIn(server.url, BUYER.email, BUYER.password)).split('; ').map((pair) => {
          const [name, value] = pair.split('=');
          return { name: name!, value: value!, url: server.url };
        }),
      );
      const theirs: string[] = [];
      member.on('request', scripts(theirs));
      await member.goto(`${server.url}/`, { waitUntil: 'load' });
      await member.waitForFunction(() => document.documentElement.dataset.interactive === 'true');
      expect(theirs.length).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });

  it('answers a category page by who is asking: a redirect, the products, or 404', async () => {
    const signedOut = await page(`${server.url}/category/iPhone`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.res.headers.get('location')).toBe('/log-in?from=%2Fcategory%2FiPhone');

    const cookie = await signIn(server.url, BUYER.email, BUYER.password);
    const api = await fetch(`${server.url}/api/products/iPhone`, { headers: { cookie } });
    const total = api.headers.get('x-total-count');
    const products = (await api.json()) as Array<{ name: string }>;
    const signedIn = await page(`${server.url}/category/iPhone`, cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.html).toContain(`Total Products (${total})`);
    for (const product of products) expect(signedIn.html).toContain(product.name);
    // Signed in: the top bar offers the dashboard; the page is shared by buyers, not by visitors.
    expect(signedIn.html).toContain('>Dashboard</a>');
    expect(signedIn.res.headers.get('vary')).toContain('cookie');
    // The log-out button is loaded lazily: the first page that shows it after a start waits for
    // it, and later ones draw it at once; each is drawn whole, and the two are the same.
    const logOut = '<button type="button" class="btn btn-primary btn-sm md:ml-2">Log out</button>';
    const again = await page(`${server.url}/category/iPhone`, cookie);
    for (const html of [signedIn.html, again.html]) {
      expect(html).toContain(logOut);
      expect(html).not.toContain('<!--$!-->');
      // Plain HTML: no inline script completes a part later (the page's policy would refuse it).
      expect(html).not.toContain('$RC(');
    }
    const withoutState = (html: string) =>
      html.replace(new RegExp(`<script id="${PAGE_STATE_ID}".*?</script>`, 's'), '');
    expect(withoutState(again.html)).toBe(withoutState(signedIn.html));

    const missing = await page(`${server.url}/category/NoSuchBrand`, cookie);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Oppps!! 404 error');
  });

  it('draws a category page once for all buyers, naming nobody, and the browser fills in who', async () => {
    const cookie = await signIn(server.url, BUYER.email, BUYER.password);
    const tracked = await freshPage();
    const tab = tracked.page;
    await tab.goto('/blog');
    const other = { name: 'Second Buyer', email: `second-${Date.now()}@example.com` };
    await signUp(tab, { ...other, password: 'second-buyer-1', phone: '5550001111', role: 'buyer' });
    const otherCookie = (await tab.context().cookies())
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

    const first = await page(`${server.url}/category/Samsung`, cookie);
    const second = await page(`${server.url}/category/Samsung`, otherCookie);
    expect(first.status).toBe(200);
    // The very same page, state included, for two buyers; neither is named in it.
    expect(second.html).toBe(first.html);
    for (const personal of [BUYER.email, BUYER.name, other.email, other.name]) {
      expect(first.html).not.toContain(personal);
    }
    expect(first.res.headers.get('set-cookie')).toBeNull();
    const me = (html: string) =>
      (
        pageState(html).queries.queries.find((q) => q.queryKey[0] === 'me') as
          { state: { data: { _id: string; role: string; email: string } } } | undefined
      )?.state.data;
    expect(me(first.html)).toMatchObject({ _id: '', email: '', role: 'buyer' });
    // A seller gets the page drawn for sellers, which names nobody either.
    const sellerCookie = await signIn(server.url, SELLER.email, SELLER.password);
    const sellers = await page(`${server.url}/category/Samsung`, sellerCookie);
    expect(sellers.html).not.toBe(first.html);
    expect(me(sellers.html)).toMatchObject({ _id: '', email: '', role: 'seller' });

    // In the browser, the real buyer replaces the stand-in: booking offers their own details.
    await tab.goto('/category/Samsung');
    const book = tab.getByRole('button', { name: 'Booked Now' }).first();
    await book.click();
    const dialog = tab.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe(other.name);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(other.email);
    expect(tracked.errors).toEqual([]);
  });

  it('shows a listing change on the next signed-out visit to the home page', async () => {
    const before = await page(`${server.url}/`);
    const ads = (await (await fetch(`${server.url}/api/advertisement`)).json()) as Advertisement[];
    const cookie = await signIn(server.url, SELLER.email, SELLER.password);
    const mine = (await (
      await fetch(`${server.url}/api/my-products?email=${encodeURIComponent(SELLER.email)}`, {
        headers: { cookie },
      })
    ).json()) as Array<{ _id: string; name: string }>;
    const advertised = mine.find((p) => ads.some((ad) => ad._id === p._id));
    expect(advertised).toBeDefined();
    expect(before.html).toContain(`>${advertised!.name}</a></h3>`);

    const deleted = await fetch(`${server.url}/api/my-products/${advertised!._id}`, {
      method: 'DELETE',
      headers: { cookie, origin: server.url },
    });
    expect(deleted.status).toBe(200);
    const after = await page(`${server.url}/`);
    expect(after.html).not.toContain(`>${advertised!.name}</a></h3>`);
  });

  it('sends pages and assets compressed, and keeps the build manifest private', async () => {
    const home = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.headers.get('content-encoding')).toBe('br');
    const html = await home.text();
    const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(
      html,
    );
    expect(stylesheet).not.toBeNull();
    const css = await fetch(`${server.url}${stylesheet![1]}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(css.status).toBe(200);
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await css.text()).length).toBeGreaterThan(10_000);
    const manifest = await fetch(`${server.url}/.vite/manifest.json`);
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).not.toContain('"file"');
  });

  it('works without JavaScript: the content shows and links lead on', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const tab = await context.newPage();
    await tab.goto(`${server.url}/`);
    await tab.getByRole('heading', { name: 'Advertisement' }).waitFor();
    expect(await tab.locator('#advertisement-heading ~ ul > li').count()).toBeGreaterThan(0);
    await tab.getByRole('link', { name: 'Browse categories' }).click();
    await tab.waitForURL((url) => url.pathname === '/categories');
    await tab.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    // What needs the app's script cannot be pressed before it runs: no password goes out in a URL.
    await tab.goto(`${server.url}/log-in`);
    const submit = tab.getByRole('button', { name: 'Log in', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await context.close();
  });

  it("lets a phone use the home page, menu included, before the app's scripts arrive", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const tab = await context.newPage();
    // The app's scripts never arrive: what works now works on the page's HTML, CSS and the
    // page's own small script alone.
    await tab.route('**/assets/*.js', (route) => route.abort());
    await tab.goto(`${server.url}/`);
    const menuLink = tab.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Categories',
    });
    expect(await menuLink.isVisible()).toBe(false);
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await menuLink.waitFor({ state: 'visible' });
    const close = tab.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await close.click();
    await menuLink.waitFor({ state: 'hidden' });
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await menuLink.click();
    await tab.waitForURL((url) => url.pathname === '/categories');
    await tab.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await context.close();
  });

  it('hands the page to the browser without errors, and then navigates in place', async () => {
    const { page: tab, errors, close } = await freshPage();
    await tab.goto('/');
    await tab.waitForLoadState('networkidle');
    await tab.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await tab.getByRole('link', { name: 'Browse categories' }).click();
    await tab.waitForURL((url) => url.pathname === '/categories');
    await tab.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    // Had the click loaded a new document, the mark would be gone.
    expect(
      await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    // No toast yet, so neither the toasts' code nor their stylesheet is on the page.
    expect(
      await tab.evaluate(() =>
        Array.from(document.querySelectorAll('link[rel="stylesheet"], style')).map(
          (sheet) => (sheet as HTMLLinkElement).href || sheet.textContent?.slice(0, 40),
        ),
      ),
    ).toEqual([expect.stringMatching(/\/assets\/index-[\w-]+\.css$/)]);
    expect(errors).toEqual([]);
    await close();
  });
});
