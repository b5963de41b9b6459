import { beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser, type TestUser } from './factories.ts';
import { call, insertCategories, insertProducts } from './helpers/market.ts';
import { nameMatches, parseSearchText } from '../src/modules/search/search-text.ts';

const t = useTestApp();
let buyer: TestUser;
let seller: TestUser;

/** The count the suggestions read for a name, or undefined when it has no row. */
async function live(name: string): Promise<number | undefined> {
  const row = await t.app.db
    .selectFrom('listingNames')
    .select('live')
    .where('key', '=', name.trim().toLowerCase())
    .executeTakeFirst();
  return row?.live;
}

/** Suggestions from the table itself: the writes below go straight to the database, which the
 * catalogue cache does not see (the API's writes clear it). */
const suggest = async (q: string) => {
  t.app.catalogCache.invalidate();
  return (await call(t, buyer, 'GET', `/api/search/suggest?q=${encodeURIComponent(q)}`)).json<{
    suggestions: string[];
  }>().suggestions;
};

beforeAll(async () => {
  await insertCategories(t);
  buyer = await createUser(t, { role: 'buyer' });
  seller = await createUser(t, { role: 'seller' });
});

describe(`the names the search box suggests, on ${testDbKind}`, () => {
  it('counts the listings on show of each name as listings are added, renamed, sold and deleted', async () => {
    const [a, b, c] = await insertProducts(t, seller.id, 3);
    const db = t.app.db;
    await db
      .updateTable('products')
      .set({ name: 'Galaxy Zed 7' })
      .where('id', 'in', [a!, b!, c!])
      .execute();
    expect(await live('galaxy zed 7')).toBe(3);
    expect(await live('Bulk phone 0')).toBe(0);

    // Another spelling of the same name counts with it; the first spelling is the one shown.
    await db.updateTable('products').set({ name: ' GALAXY ZED 7' }).where('id', '=', c!).execute();
    expect(await live('galaxy zed 7')).toBe(3);

    await db.updateTable('products').set({ status: 'sold' }).where('id', '=', a!).execute();
    expect(await live('galaxy zed 7')).toBe(2);
    await db.updateTable('products').set({ moderation: 'hidden' }).where('id', '=', b!).execute();
    expect(await live('galaxy zed 7')).toBe(1);
    expect(await suggest('zed')).toEqual(['Galaxy Zed 7']);

    await db.deleteFrom('products').where('id', '=', c!).execute();
    expect(await live('galaxy zed 7')).toBe(0);
    expect(await suggest('zed')).toEqual([]);
    // A sold listing's deletion changes nothing; one shown again counts again.
    await db.deleteFrom('products').where('id', '=', a!).execute();
    await db.updateTable('products').set({ moderation: null }).where('id', '=', b!).execute();
    expect(await live('galaxy zed 7')).toBe(1);
  });

  it('suggests the most listed names first, then the shortest', async () => {
    const ids = await insertProducts(t, seller.id, 6);
    const names = ['Pixel 8 Pro', 'Pixel 8 Pro', 'Pixel 8 Pro', 'Pixel 8', 'Pixel 8', 'Pixel 8a'];
    for (const [i, id] of ids.entries()) {
      await t.app.db
        .updateTable('products')
        .set({ name: names[i]! })
        .where('id', '=', id)
        .execute();
    }
    expect(await suggest('pix')).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    expect(await suggest('8 pixel')).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    expect(await suggest('pixel 8a')).toEqual(['Pixel 8a']);
    // A word must begin a word of the name: "ixel" is inside one.
    expect(await suggest('ixel')).toEqual([]);
  });
});

describe('whether a name answers what was typed', () => {
  it('matches words as prefixes, in any order, with letters and digits apart', () => {
    const matches = (name: string, typed: string) => nameMatches(name, parseSearchText(typed));
    expect(matches('iPhone 13 Pro', 'iph 13')).toBe(true);
    expect(matches('iPhone 13 Pro', 'pro iphone')).toBe(true);
    expect(matches('iPhone13 Pro', 'iphone 13')).toBe(true);
    expect(matches('iPhone 13 Pro', 'iphone13')).toBe(true);
    expect(matches('iPhone 13 Pro', 'i phone 13')).toBe(true);
    expect(matches('Galaxy S23 128GB', '128 gb')).toBe(true);
    expect(matches('iPhone 13 Pro', 'phone')).toBe(false);
    expect(matches('iPhone 13 Pro', 'iphone 14')).toBe(false);
    expect(matches('iPhone 12 mini', 'iphone 13')).toBe(false);
  });
});
