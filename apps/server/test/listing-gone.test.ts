import { beforeAll, describe, expect, it } from 'vitest';
import {
  LISTING_UNAVAILABLE,
  SIMILAR_LISTINGS,
  type ErrorResponse,
  type Product,
  type SimilarListings,
} from '@market/shared';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, postProduct } from './helpers/market.ts';

/*
 * A link to a listing that is gone or off show: the listing answers 404, and the page offers
 * phones like it from GET /api/product/{id}/similar. Ids that cannot be ids are not found.
 */

const t = useTestApp();
let seller: TestUser;
let buyer: TestUser;
const listings: Record<string, Product> = {};

const similar = async (id: string, caller: TestUser | null = null) => {
  const res = await call(t, caller, 'GET', `/api/product/${encodeURIComponent(id)}/similar`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SimilarListings>();
};
const setModeration = (id: string, moderation: 'held' | 'hidden' | null) =>
  t.app.db.updateTable('products').set({ moderation }).where('id', '=', id).execute();

beforeAll(async () => {
  await insertCategories(t);
  seller = await createUser(t, { role: 'seller' });
  buyer = await createUser(t, { role: 'buyer' });
  // Posted one after another: later ones are newer.
  for (const [key, name, Category] of [
    ['sold', 'iPhone 13 64GB', 'iPhone'],
    ['brand', 'iPhone 12 64GB', 'iPhone'],
    ['model', 'iPhone 13 256GB', 'iPhone'],
    ['other', 'Galaxy S23 256GB', 'samsung'],
    ['hidden', 'iPhone 13 512GB', 'iPhone'],
    ['gone', 'iPhone 13 128GB', 'iPhone'],
  ] as const) {
    listings[key] = await postProduct(t, seller, { name, Category });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await t.app.db
    .updateTable('products')
    .set({ status: 'sold' })
    .where('id', '=', listings.sold!._id)
    .execute();
  await setModeration(listings.hidden!._id, 'hidden');
});

describe(`a listing that is no longer available, on ${testDbKind}`, () => {
  it('answers 404 "unavailable" when held or hidden, and offers the same model, then the brand', async () => {
    const gone = listings.gone!;
    await setModeration(gone._id, 'held');
    const res = await call(t, buyer, 'GET', `/api/product/${gone._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorResponse>().error.message).toBe(LISTING_UNAVAILABLE);

    for (const caller of [null, buyer]) {
      const answer = await similar(gone._id, caller);
      expect(answer.model).toBe('iPhone 13');
      expect(answer.brand).toBe('iPhone');
      // Not itself, not the sold one, not the hidden one, not another brand.
      expect(answer.listings.map((p) => p.name)).toEqual(['iPhone 13 256GB', 'iPhone 12 64GB']);
    }
    await setModeration(gone._id, null);
  });

  it('offers the newest phones on show for a deleted listing, and answers 404 for it', async () => {
    const gone = listings.gone!;
    const deleted = await call(t, seller, 'DELETE', `/api/my-products/${gone._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const res = await call(t, null, 'GET', `/api/product/${gone._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorResponse>().error.message).toBe(
      'No such listing: it may have been deleted',
    );

    const answer = await similar(gone._id);
    expect(answer).toMatchObject({ model: null, brand: null });
    expect(answer.listings.map((p) => p.name)).toEqual([
      'Galaxy S23 256GB',
      'iPhone 13 256GB',
      'iPhone 12 64GB',
    ]);
  });

  it(`offers at most ${SIMILAR_LISTINGS} phones`, async () => {
    for (let i = 0; i < SIMILAR_LISTINGS + 2; i++) {
      await postProduct(t, seller, { name: `Galaxy S23 ${i}`, Category: 'samsung' });
    }
    const answer = await similar(listings.other!._id);
    expect(answer.brand).toBe('samsung');
    expect(answer.listings).toHaveLength(SIMILAR_LISTINGS);
    expect(answer.listings.every((p) => p.Category === 'samsung')).toBe(true);
    expect(answer.listings.some((p) => p._id === listings.other!._id)).toBe(false);
  });
});

describe(`ids that cannot be ids are not found, on ${testDbKind}`, () => {
  const badIds = ['a'.repeat(65), 'x'.repeat(2000), ' ', `${'%'.repeat(70)}`, '\u00e9'.repeat(65)];

  it.each(badIds.map((id) => [id.length, id]))(
    'GET /api/product, /api/sellers and its reviews answer 404 to an id of %i characters',
    async (_length, id) => {
      const encoded = encodeURIComponent(id);
      const product = await call(t, null, 'GET', `/api/product/${encoded}`);
      expect(product.statusCode).toBe(404);
      expect(product.json<ErrorResponse>().error.message).toBe(
        'No such listing: it may have been deleted',
      );
      for (const url of [`/api/sellers/${encoded}`, `/api/sellers/${encoded}/reviews`]) {
        const res = await call(t, buyer, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json<ErrorResponse>().error.message, url).toMatch(/seller/i);
      }
      const answer = await similar(id);
      expect(answer).toMatchObject({ model: null, brand: null });
    },
  );

  it('answers 414, never 500, to a path segment over 2048 characters', async () => {
    const res = await call(t, null, 'GET', `/api/product/${'a'.repeat(3000)}`);
    expect(res.statusCode).toBe(414);
  });
});
