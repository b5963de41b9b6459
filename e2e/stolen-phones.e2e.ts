import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { ADMIN, api, sidewaysOverflow, signUp, toast } from './fixtures.ts';
import { unexpectedErrors } from './public-helpers.ts';
import { imeiFrom } from './fixtures.ts';

/*
 * Stolen-phone reports and proof of possession, as people see them: an owner reports a phone
 * (the form refuses what the server would refuse, the list shows only the last 4 digits), a
 * failed list says so with Retry, the moderator clears the report; a seller sends the photo of
 * the phone beside its code, a moderator approves it and the listing shows "Photo verified".
 */

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe.each([
  { label: 'phone', size: PHONE, serial: '35611122' },
  { label: 'desktop', size: DESKTOP, serial: '35722233' },
])('stolen phones and photo checks on a $label ($size.width px)', ({ label, size, serial }) => {
  const { freshPage, signedIn } = useServerAndBrowser();
  const stamp = `${label}-${Date.now().toString(36)}`;
  const imei = imeiFrom(`${serial}${String(Date.now() % 1e6).padStart(6, '0')}`);
  // A 60-character name with no space to break at.
  const longName = `Owner${'W'.repeat(55)}`;
  let owner: TrackedPage;
  let seller: TrackedPage;
  let sellerEmail = '';
  let listingId = '';

  beforeAll(async () => {
    owner = await freshPage(size);
    await signUp(owner.page, {
      name: longName,
      email: `owner-${stamp}@example.test`,
      password: 'owner-buyer-pass',
      phone: '+8801710000040',
      role: 'buyer',
    });
    seller = await freshPage(size);
    sellerEmail = `seller-${stamp}@example.test`;
    await signUp(seller.page, {
      name: 'Sami Seller',
      email: sellerEmail,
      password: 'seller-pass-123',
      phone: '+8801710000041',
      role: 'seller',
    });
    // The seller lists the phone with its IMEI: the owner's report holds it until it is cleared.
    const listed = await api<{ _id: string }>(
      seller.page,
      `/api/add-product?email=${encodeURIComponent(sellerEmail)}`,
      'POST',
      {
        name: `Pixel ${stamp.slice(-5)}`,
        location: 'Dhaka',
        Category: 'iPhone',
        yearOfUse: 2022,
        originalPrice: 900,
        resellPrice: 500,
        condition: 'good',
        imgURL: '/demo/iphone-1.webp',
        imei,
      },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    listingId = listed.body._id;
  });

  it('shows an empty list, refuses bad input in place, and lists the report with its last 4 digits', async () => {
    const { page, errors } = owner;
    await page.goto('/dashboard/stolen-phones');
    await page.getByRole('heading', { name: 'Report a stolen phone', level: 1 }).waitFor();
    await page.getByText('You have not reported a phone stolen.').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `stolen-empty-${label}`);

    await page.getByLabel('IMEI').fill('12345');
    await page.getByLabel('Day it was stolen').fill(yesterday());
    await page.getByLabel('Police report number (optional)').fill('P'.repeat(60));
    await page.getByRole('button', { name: 'Report stolen' }).click();
    await page.getByText('An IMEI has 15 digits').waitFor();
    await page.getByText('The police report number must be at most 40 characters').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `stolen-bad-input-${label}`);

    await page.getByLabel('IMEI').fill(imei);
    const police = `DMP${'9'.repeat(37)}`;
    await page.getByLabel('Police report number (optional)').fill(police);
    await page.getByRole('button', { name: 'Report stolen' }).click();
    await toast(page, 'Your report is recorded');
    await page.getByText(`IMEI ending ${imei.slice(-4)}`).waitFor();
    await page.getByText(police).waitFor();
    expect(await page.locator('main').textContent()).not.toContain(imei);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `stolen-listed-${label}`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('says when the list cannot be loaded, with Retry', async () => {
    const { page } = owner;
    await page.route('**/api/stolen-phones?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      }),
    );
    await page.goto('/dashboard/stolen-phones');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `stolen-failed-${label}`);
    await page.unroute('**/api/stolen-phones?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(`IMEI ending ${imei.slice(-4)}`).waitFor();
  });

  it('lets a moderator see the report and clear it', async () => {
    const { page, errors } = await signedIn(ADMIN, size);
    await page.goto('/dashboard/stolen-reports');
    const card = page.getByRole('listitem').filter({ hasText: `IMEI ending ${imei.slice(-4)}` });
    await card.getByText(longName, { exact: false }).waitFor();
    // The seller's listing of the phone waits for a moderator.
    await card.getByRole('link', { name: `Pixel ${stamp.slice(-5)}` }).waitFor();
    await card.getByText('held', { exact: true }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `stolen-moderator-${label}`);

    await card.getByRole('button', { name: 'Clear report' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('The phone was recovered').check();
    await dialog.getByLabel('Reason (for the audit log)').fill('The owner found it at home');
    await screenshot(page, `stolen-clear-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Clear report' }).click();
    await toast(page, 'Report cleared: 1 listing back on show');
    await card.waitFor({ state: 'detached' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('takes the photo of the phone beside its code, which a moderator approves', async () => {
    const { page, errors } = seller;
    await page.goto(`/dashboard/edit-product/${listingId}`);
    const panel = page.getByRole('region', { name: /Photo check/ });
    await panel.getByText('No photo yet').waitFor();
    const code = (await panel.locator('strong').first().textContent()) ?? '';
    expect(code).toMatch(/^PM-\d{4}$/);
    const photo = await sharp({
      create: { width: 120, height: 90, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    await panel
      .getByLabel('Send the photo')
      .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo });
    await panel.getByText('Waiting for a moderator').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `possession-seller-${label}`);
    expect(unexpectedErrors(errors)).toEqual([]);

    const admin = await signedIn(ADMIN, size);
    await admin.page.goto('/dashboard/possession-photos');
    const item = admin.page.getByRole('listitem').filter({ hasText: code });
    await item.getByRole('img').waitFor();
    expect(await item.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
      120,
    );
    expect(await sidewaysOverflow(admin.page)).toBeLessThanOrEqual(0);
    await screenshot(admin.page, `possession-moderator-${label}`);
    await item.getByRole('button', { name: 'Approve' }).click();
    await toast(admin.page, 'Photo approved');

    // The photo has no address anyone else can open.
    const other = await freshPage(size);
    await other.page.goto('/blog');
    const refused = await api(other.page, `/api/admin/possession-photos/${listingId}/photo`);
    expect(refused.status).toBe(401);

    await other.page.goto(`/product/${listingId}`);
    await other.page.getByText('Photo verified').waitFor();
    await screenshot(other.page, `possession-verified-listing-${label}`);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });
});
