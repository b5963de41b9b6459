import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, api, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';
import { imeiFrom } from './fixtures.ts';

/*
 * A phone listed twice: the second listing waits for a moderator. Its seller reads only that it
 * waits (nothing says it matched someone else's phone); the admin's queue links the two
 * listings, and dismissing the report releases the held one, as its dialog says.
 */

function queueCard(page: Page, heading: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });
}

async function listWithImei(page: Page, email: string, name: string, imei: string) {
  const answer = await api<{ _id: string }>(
    page,
    `/api/add-product?email=${encodeURIComponent(email)}`,
    'POST',
    {
      name,
      location: 'Dhaka',
      Category: 'iPhone',
      yearOfUse: 2023,
      originalPrice: 900,
      resellPrice: 500,
      condition: 'good',
      imgURL: '/demo/iphone-1.webp',
      imei,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body._id;
}

describe.each([
  { label: 'phone', size: PHONE, serial: '35209911' },
  { label: 'desktop', size: DESKTOP, serial: '35398122' },
])('a listing held for its IMEI on a $label ($size.width px)', ({ label, size, serial }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  const imei = imeiFrom(`${serial}${String(Date.now() % 1e6).padStart(6, '0')}`);
  const firstName = `First phone ${stamp.slice(-6)}`;
  const heldName = `Listed again ${stamp.slice(-6)}`;
  let later: TrackedPage;
  let firstId = '';
  let heldId = '';

  beforeAll(async () => {
    const owner = await freshPage(size);
    const ownerAccount = {
      name: 'Olena Owner',
      email: `owner-${stamp}@example.test`,
      password: 'owner-seller-pass',
      phone: '+8801710000030',
      role: 'seller' as const,
    };
    await signUp(owner.page, ownerAccount);
    firstId = await listWithImei(owner.page, ownerAccount.email, firstName, imei);

    later = await freshPage(size);
    const laterAccount = {
      name: 'Lars Later',
      email: `later-${stamp}@example.test`,
      password: 'later-seller-pass',
      phone: '+8801710000031',
      role: 'seller' as const,
    };
    await signUp(later.page, laterAccount);
    heldId = await listWithImei(later.page, laterAccount.email, heldName, imei);
  });

  it('tells the seller only that it waits for a moderator', async () => {
    const { page, errors } = later;
    await page.goto('/dashboard/my-products');
    const notice = page.getByRole('status').filter({ hasText: 'held for a moderator' });
    await notice.getByText('Waiting for a moderator', { exact: false }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/matches|another listing|same IMEI/i);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `imei-held-my-products-${label}`);

    await page.goto(`/product/${heldId}`);
    await page.getByText('Waiting for a moderator', { exact: false }).first().waitFor();
    await page.getByText('IMEI given').first().waitFor();
    const html = await page.content();
    expect(html).not.toMatch(/matches another|Same IMEI/);
    expect(html).not.toContain(imei.slice(-4));
    await screenshot(page, `imei-held-listing-${label}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('links the report to the other listing, and releases the held one on dismiss', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    await page.goto('/dashboard/reports');
    const card = queueCard(page, heldName);
    await card.getByText('Same IMEI as another listing').waitFor();
    const link = card.getByRole('link', { name: `Open the other listing: ${firstName}` });
    expect(await link.getAttribute('href')).toBe(`/product/${firstId}`);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `imei-held-queue-${label}`);

    await card.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('dismissing releases it', { exact: false }).waitFor();
    await dialog.getByLabel('Reason').fill('Same owner; the first listing is being removed.');
    await screenshot(page, `imei-held-dismiss-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await toast(page, 'Dismiss: done. 1 report closed.');
    await card.waitFor({ state: 'detached' });

    // On show again, for everyone.
    const visitor = await freshPage(size);
    await visitor.page.goto('/blog');
    expect((await api(visitor.page, `/api/product/${heldId}`)).status).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
