import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, useServerAndBrowser, type TrackedPage } from './harness.ts';
import { BUYER, SELLER, api, listProduct, type Listing } from './fixtures.ts';
import { captureBothWidths, unexpectedErrors } from './public-helpers.ts';

/*
 * A link to a phone that is no longer there keeps the site around it: the header, the footer,
 * what happened, phones like it and a search. And the wishlist's rows open their phones.
 */

const GONE = 'This phone is no longer available';
const NOT_FOUND = [/status of 404/];

for (const [width, viewport] of [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const) {
  describe(`links to phones at ${width} px`, () => {
    const { freshPage, signedIn } = useServerAndBrowser();
    let seller: TrackedPage;
    let buyer: TrackedPage;
    let saved: Listing;
    let deleted: Listing;

    beforeAll(async () => {
      seller = await signedIn(SELLER, viewport);
      buyer = await signedIn(BUYER, viewport);
      saved = await listProduct(seller.page, SELLER.email, { name: `iPhone 13 128GB (${width})` });
      deleted = await listProduct(seller.page, SELLER.email, {
        name: `iPhone 13 256GB (${width})`,
      });
      for (const listing of [saved, deleted]) {
        const added = await api(buyer.page, '/api/wish-list', 'POST', { productId: listing._id });
        expect(added.status).toBe(200);
      }
    });

    it('opens a phone from the wishlist by its name and by its photo', async () => {
      const { page, errors } = buyer;
      for (const kind of ['name', 'photo'] as const) {
        await page.goto('/dashboard/my-wishlist');
        const links = page.getByRole('link', { name: saved.name });
        await links.first().waitFor();
        expect(await links.count()).toBe(2);
        for (const link of await links.all()) {
          expect(await link.getAttribute('href')).toBe(`/product/${saved._id}`);
        }
        if (kind === 'name') await links.getByText(saved.name).click();
        else await links.getByRole('img', { name: saved.name }).click();
        await page.waitForURL((url) => url.pathname === `/product/${saved._id}`);
        await page.getByRole('heading', { level: 1, name: saved.name }).waitFor();
      }
      await page.goto('/dashboard/my-wishlist');
      await page.getByRole('link', { name: saved.name }).first().waitFor();
      await screenshot(page, `wishlist-links-${width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it('takes a wishlist link to a phone deleted since to the no-longer-available page', async () => {
      const { page, errors } = buyer;
      await page.goto('/dashboard/my-wishlist');
      const name = page.getByRole('link', { name: deleted.name }).getByText(deleted.name);
      await name.waitFor();
      // Deleted while the wishlist is open: the click navigates in the page.
      const gone = await api(seller.page, `/api/my-products/${deleted._id}`, 'DELETE');
      expect(gone.status).toBe(200);
      await name.click();
      await page.getByRole('heading', { level: 1, name: GONE }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/product/${deleted._id}`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      expect(unexpectedErrors(errors, NOT_FOUND)).toEqual([]);
    });

    it('draws the page on the server with status 404, header, footer, phones like it and a search', async () => {
      const { page, errors } = await freshPage(viewport);
      const answer = await page.goto(`/product/${deleted._id}`);
      expect(answer?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: GONE }).waitFor();
      await page.getByText('It was sold, removed by its seller, or is under review.').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      // The page as the server drew it, before any script: phones like it are in it.
      const html = await answer!.text();
      expect(html).toContain(GONE);
      expect(html).toContain(saved.name);
      const similar = page.getByRole('heading', { level: 2, name: 'Phones on offer now' });
      await similar.waitFor();
      await page.getByRole('link', { name: saved.name }).first().waitFor();
      await captureBothWidths(page, `listing-gone-${width}`);

      const search = page.getByRole('search', { name: 'Search phones' });
      await search.getByRole('searchbox', { name: 'Search phones' }).fill('iPhone 13');
      await search.getByRole('button', { name: 'Search' }).click();
      // Results need an account: a visitor is asked to log in first, then sent on to them.
      await page.waitForURL(
        (url) =>
          (url.pathname === '/search' && url.searchParams.get('q') === 'iPhone 13') ||
          (url.pathname === '/log-in' && (url.searchParams.get('from') ?? '').includes('iPhone')),
      );
      expect(unexpectedErrors(errors, NOT_FOUND)).toEqual([]);
    });

    it('answers an address that cannot name a phone or a seller with the 404 page', async () => {
      const { page, errors } = await freshPage(viewport);
      for (const path of [`/product/${'x'.repeat(65)}`, `/seller/${'x'.repeat(65)}`]) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(404);
        await page.getByRole('heading', { level: 1, name: 'Oppps!! 404 error' }).waitFor();
      }
      await page.goto(`/product/${'x'.repeat(65)}`);
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(unexpectedErrors(errors, NOT_FOUND)).toEqual([]);
    });
  });
}
