import { describe, expect, it } from 'vitest';
import { searchFiltersSchema, type SearchFiltersInput } from '@market/shared';
import { SearchIndex, type IndexedDocument } from '../src/modules/search/search-index.ts';
import { parseSearchText } from '../src/modules/search/search-text.ts';

/*
 * The in-memory index on its own, without a database: what it matches, in which order, and how
 * it keeps the matches it has kept current as documents come and go. The same rules through
 * the API, against the databases' engines, are in search.test.ts.
 */

let next = 1;
function doc(overrides: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    docid: next++ * 2048,
    category: 'iPhone',
    price: 30_000,
    condition: 'good',
    storage: 128,
    battery: 90,
    seller: 'seller-a',
    name: 'iPhone 13',
    colour: null,
    description: '',
    ...overrides,
  };
}

const filters = (input: SearchFiltersInput = {}) => searchFiltersSchema.parse(input);

function docids(index: SearchIndex, q: string, input: SearchFiltersInput = {}, n = 50) {
  const terms = index.resolveTerms(parseSearchText(q));
  return index.page(terms, filters({ q, ...input }), 'relevance', null, n).map((e) => e.docid);
}

describe('the in-memory search index', () => {
  it('ranks every word in the name first, then name and labels, then the description', () => {
    const index = new SearchIndex();
    const older = doc({ name: 'Black Galaxy S21' });
    const inName = doc({ name: 'Galaxy S21 black' });
    const inLabels = doc({ name: 'Galaxy S21', colour: 'Black' });
    const inText = doc({ name: 'Galaxy S21', description: 'black case included' });
    for (const d of [older, inText, inLabels, inName]) index.add(d);
    expect(docids(index, 'galaxy black')).toEqual([
      inName.docid,
      older.docid,
      inLabels.docid,
      inText.docid,
    ]);
    const keys = index
      .page(index.resolveTerms(parseSearchText('galaxy black')), filters(), 'relevance', null, 9)
      .map((e) => e.key);
    expect(keys).toEqual([
      `2:${inName.docid}`,
      `2:${older.docid}`,
      `1:${inLabels.docid}`,
      `0:${inText.docid}`,
    ]);
  });

  it('matches prefixes, letter and digit parts, storage labels and one-letter typos', () => {
    const index = new SearchIndex();
    const joined = doc({ name: 'iPhone13 mini', storage: 256 });
    const other = doc({ name: 'Redmi Note 11', category: 'xiaomi', storage: 1024 });
    index.add(joined);
    index.add(other);
    expect(docids(index, 'iph 13')).toEqual([joined.docid]);
    expect(docids(index, 'iphone 256gb')).toEqual([joined.docid]);
    expect(docids(index, 'note 1 tb')).toEqual([other.docid]);
    expect(docids(index, 'redmu')).toEqual([other.docid]);
    // Words under five letters forgive nothing.
    expect(docids(index, 'noet')).toEqual([]);
  });

  it('filters, counts up to a limit, and pages newest first and by price with cursors', () => {
    const index = new SearchIndex();
    const docs = Array.from({ length: 30 }, (_, i) =>
      doc({ price: 10_000 + (i % 10) * 1000, condition: i % 2 ? 'good' : 'fair' }),
    );
    for (const d of docs) index.add(d);
    const terms = index.resolveTerms(parseSearchText('iphone'));
    const f = filters({ maxPrice: 140, condition: ['good'] });
    const passing = docs.filter((d) => d.price <= 14_000 && d.condition === 'good');
    expect(index.count(terms, f, 100)).toEqual({ count: passing.length, exact: true });
    expect(index.count(terms, f, 3)).toEqual({ count: 3, exact: false });

    const newest = [...passing].reverse().map((d) => d.docid);
    const first = index.page(terms, f, 'newest', null, 4);
    expect(first.map((e) => e.docid)).toEqual(newest.slice(0, 4));
    const last = first.at(-1)!;
    const second = index.page(terms, f, 'newest', { key: last.key, id: String(last.docid) }, 4);
    expect(second.map((e) => e.docid)).toEqual(newest.slice(4, 8));

    const byPrice = [...passing].sort((a, b) => a.price - b.price || a.docid - b.docid);
    const cheap = index.page(terms, f, 'price_asc', null, 5);
    expect(cheap.map((e) => e.docid)).toEqual(byPrice.slice(0, 5).map((d) => d.docid));
    const at = cheap.at(-1)!;
    const more = index.page(terms, f, 'price_asc', { key: at.key, id: String(at.docid) }, 50);
    expect(more.map((e) => e.docid)).toEqual(byPrice.slice(5).map((d) => d.docid));
    const dear = index.page(terms, f, 'price_desc', null, 50).map((e) => e.docid);
    expect(dear).toEqual([...byPrice].reverse().map((d) => d.docid));
  });

  it('counts facets with each filter left out of its own choices', () => {
    const index = new SearchIndex();
    index.add(doc({ category: 'samsung', name: 'Galaxy', condition: 'fair', battery: 96 }));
    index.add(doc({ condition: 'excellent', battery: 84, seller: 'seller-b', storage: null }));
    index.add(doc({ condition: 'good', price: 90_000 }));
    index.setVerified('seller-b', true);
    const f = filters({ condition: ['excellent'], maxPrice: 500 });
    const { all, without } = index.facets([], f, 100);
    expect(all.total).toBe(1);
    expect(all.verified).toBe(1);
    // Condition counted without the condition filter (the price still applies)...
    expect(without('condition').condition).toEqual([1, 0, 1]);
    // ...and prices without the price filter.
    expect([without('price').minPrice, without('price').maxPrice]).toEqual([30_000, 30_000]);
    expect(without('category').category).toEqual([1, 0, 0, 0]);
    expect(without('minBattery')).toBe(all);
    expect(all.battery).toEqual([1, 0, 0, 0]);
  });

  it('keeps kept matches current as documents are added, changed and removed', () => {
    const index = new SearchIndex();
    const a = doc({ name: 'Pixel 7' });
    const b = doc({ name: 'Pixel 8' });
    index.add(b);
    // The matches of "pixel" are now kept; later writes must reach them.
    expect(docids(index, 'pixel')).toEqual([b.docid]);
    const c = doc({ name: 'Pixel 9' });
    index.add(c);
    // An older document arriving late (a listing shown again) goes where its docid belongs.
    index.add(a);
    expect(docids(index, 'pixel')).toEqual([c.docid, b.docid, a.docid]);
    index.add({ ...b, name: 'Nokia 3310' });
    expect(docids(index, 'pixel')).toEqual([c.docid, a.docid]);
    expect(docids(index, 'nokia')).toEqual([b.docid]);
    index.remove(c.docid);
    expect(docids(index, 'pixel')).toEqual([a.docid]);
    expect(index.documents).toBe(2);
    expect(index.removed).toBe(2);
  });

  it('reads a seller verified or no longer at once', () => {
    const index = new SearchIndex();
    const d = doc({ seller: 'seller-v' });
    index.add(d);
    expect(docids(index, '', { verified: 'true' })).toEqual([]);
    index.setVerified('seller-v', true);
    expect(docids(index, '', { verified: 'true' })).toEqual([d.docid]);
    index.setVerified('seller-v', false);
    expect(docids(index, '', { verified: 'true' })).toEqual([]);
  });
});
