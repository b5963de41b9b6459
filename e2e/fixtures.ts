import { expect } from 'vitest';
import { hasValidImeiCheckDigit } from '@market/shared';
import type { Locator, Page, Route } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../apps/server/src/modules/demo/demo-data.ts';

/** The demo accounts the server seeds on a fresh database: name, email, password and phone. */
export const { admin: ADMIN, seller: SELLER, newSeller: NEW_SELLER, buyer: BUYER } = DEMO_ACCOUNTS;

export interface Answer<T = unknown> {
  status: number;
  /** The x-total-count header of a paged list (null on other answers). */
  total: string | null;
  body: T;
}

/** Calls the API from inside the page, with its session cookie and origin, as the app does. */
export async function api<T = unknown>(
  page: Page,
  path: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  return page.evaluate(
    async ({ path, method, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        total: res.headers.get('x-total-count'),
        body: (await res.json().catch(() => null)) as T,
      };
    },
    { path, method, body, headers },
  );
}

/**
 * Waits for the toast with this text. When it does not come, the error says what the page shows
 * instead: each alert's text and each open dialog's name.
 */
export async function toast(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  } catch (err) {
    const alerts = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    const dialogs = await page
      .getByRole('dialog')
      .evaluateAll((found) => found.map((d) => d.getAttribute('aria-label') ?? d.textContent))
      .catch(() => []);
    throw new Error(
      `No toast "${text}" at ${page.url()}; alerts shown: ${JSON.stringify(alerts)}; dialogs open: ${JSON.stringify(dialogs)}`,
      { cause: err },
    );
  }
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  phone: string;
  role: 'buyer' | 'seller';
}

/** Creates an account through the API; the page's context is then signed in as it. */
export async function signUp(page: Page, account: NewAccount): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/blog');
  const answer = await api(page, '/api/auth/sign-up/email', 'POST', account);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export interface Listing {
  _id: string;
  name: string;
}

/** Lists a phone as the signed-in seller (a demo image, which the server accepts). */
export async function listProduct(
  page: Page,
  sellerEmail: string,
  fields: {
    name: string;
    location?: string;
    description?: string;
    Category?: string;
    imei?: string;
    batteryHealth?: number;
  },
): Promise<Listing> {
  const answer = await api<Listing>(
    page,
    `/api/add-product?email=${encodeURIComponent(sellerEmail)}`,
    'POST',
    {
      location: 'Dhaka',
      description: '',
      Category: 'iPhone',
      yearOfUse: 2022,
      originalPrice: 900,
      resellPrice: 500,
      condition: 'good',
      imgURL: '/demo/iphone-1.webp',
      ...fields,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** How far the page reaches past the viewport to the right (0 when nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box (it is not shown)');
  return box;
}

/** Whether `inner` lies inside `outer` (to the pixel, for rounding). */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

/** Whether two boxes share any area. */
export function overlap(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 1 &&
    b.x < a.x + a.width - 1 &&
    a.y < b.y + b.height - 1 &&
    b.y < a.y + a.height - 1
  );
}

/**
 * Holds the browser's calls to `pattern` until `release()`: a network as slow as we like, without
 * waiting on a clock. `held` resolves once the first call is being held.
 */
export async function holdCalls(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const held = new Promise<void>((resolve) => (seen = resolve));
  const handler = async (route: Route) => {
    seen();
    await released;
    await route.continue();
  };
  await page.route(pattern, handler);
  // Once released, later calls pass straight through.
  return { held, release };
}

/**
 * Opens Add Product with an empty form: the draft an earlier test left in this browser (the
 * form keeps one per account until it is posted or discarded) is dropped, then the page is
 * loaded again. (Dropped before, it would be written back by the form the page was leaving.)
 */
export async function openEmptyAddProduct(page: Page): Promise<void> {
  await page.goto('/dashboard/add-product');
  await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('market:product-draft:')) window.localStorage.removeItem(key);
    }
  });
  await page.reload();
}

/** A valid IMEI from 14 digits: the 15th is their Luhn check digit. */
export function imeiFrom(first14: string): string {
  for (let check = 0; check <= 9; check++) {
    if (hasValidImeiCheckDigit(`${first14}${check}`)) return `${first14}${check}`;
  }
  throw new Error('no check digit');
}
