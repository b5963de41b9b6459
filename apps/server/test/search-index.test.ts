import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchFiltersSchema, type SearchFiltersInput } from '@market/shared';
import {
  DOCIDS_PER_SECOND,
  SearchIndex,
  type IndexedDocument,
} from '../src/modules/search/search-index.ts';
import { parseSearchText } from '../src/modules/search/search-text.ts';

/*
 * The in-memory index on its own, without a database: what it matches, in which order, and how
 * it keeps the matches it has kept current as documents come and go. The same rules through
 * the API, on both databases, are in search.test.ts.
 */

/** Each new document is posted a minute after the last, its docid made as the databases make it. */
let minute = 0;
const START = Date.UTC(2026, 0, 1);
function doc(overrides: Partial<IndexedDocument> = {}): IndexedDocument {
  const postedAt = START + ++minute * 60_000;
  return {
    docid: (postedAt / 1000) * DOCIDS_PER_SECOND,
    postedAt,
    location: 'Dhaka, Gulshan',
    category: 'iPhone',
    price: 30_000,
    condition: 'good',
    storage: 128,
    battery: 90,
    seller: 'seller-a',
    name: 'iPhone 13',
    colour: null,
    description: '',
    networkLock: null,
    activationLockOff: null,
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

  it('lets kept matches take new documents in steps while told to, and at once again after', () => {
    const index = new SearchIndex();
    const a = doc({ name: 'Pixel 7' });
    index.add(a);
    const pixel = index.resolveTerms(parseSearchText('pixel'));
    const count = (input: SearchFiltersInput = {}) =>
      index.count(pixel, filters({ q: 'pixel', ...input }), 100).count;
    // Kept: the word set, and the same within an area.
    expect(docids(index, 'pixel')).toEqual([a.docid]);
    expect(docids(index, 'pixel', { location: 'gulshan' })).toEqual([a.docid]);
    index.deferMatching(3);
    const b = doc({ name: 'Pixel 8' });
    const c = doc({ name: 'Pixel 9', location: 'Sylhet' });
    index.add(b);
    index.add(c);
    // Two of three: the kept sets wait, pages and counts alike.
    expect(docids(index, 'pixel')).toEqual([a.docid]);
    expect(count()).toBe(1);
    expect(docids(index, 'pixel', { location: 'gulshan' })).toEqual([a.docid]);
    // A word set not kept yet is matched whole.
    expect(docids(index, 'pixe')).toEqual([c.docid, b.docid, a.docid]);
    // A removal is seen at once.
    index.remove(a.docid);
    expect(docids(index, 'pixel')).toEqual([]);
    const d = doc({ name: 'Pixel 10' });
    index.add(d);
    // The third: every document added since.
    expect(docids(index, 'pixel')).toEqual([d.docid, c.docid, b.docid]);
    expect(docids(index, 'pixel', { location: 'gulshan' })).toEqual([d.docid, b.docid]);
    // What a saved search calls new is matched at once (and the kept set with it).
    const e = doc({ name: 'Pixel Fold' });
    index.add(e);
    expect(count()).toBe(3);
    expect(index.newest(pixel, filters())).toEqual(new Date(Number(e.postedAt)));
    expect(index.newSince(pixel, filters(), new Date(Number(c.postedAt)), 5).total).toBe(2);
    expect(count()).toBe(4);
    index.deferMatching(1);
    const f = doc({ name: 'Pixel Flip' });
    index.add(f);
    expect(docids(index, 'pixel')).toEqual([f.docid, e.docid, d.docid, c.docid, b.docid]);
    expect(docids(index, 'pixel', { location: 'gulshan' })).toEqual([
      f.docid,
      e.docid,
      d.docid,
      b.docid,
    ]);
  });

  it('keeps every document and kept match when room is reserved and when it outgrows it', () => {
    const index = new SearchIndex();
    const first = [
      doc({ name: 'Pixel 7', price: 10_000 }),
      doc({ name: 'Pixel 8 Pro', location: 'Sylhet' }),
    ];
    for (const d of first) index.add(d);
    // Kept matches of a word set and of a location, made before the arrays move.
    expect(docids(index, 'pixel')).toEqual([first[1]!.docid, first[0]!.docid]);
    expect(docids(index, 'pixel', { location: 'Sylhet' })).toEqual([first[1]!.docid]);
    index.reserve(3_000);
    // Past the room reserved (1,024 slots to start, 4,096 reserved): the arrays are copied.
    const more = Array.from({ length: 5_000 }, (_, i) =>
      doc({ name: i % 2 ? 'Pixel 9' : 'Galaxy A5', location: i % 3 ? 'Dhaka' : 'Sylhet' }),
    );
    for (const d of more) index.add(d);
    expect(index.documents).toBe(5_002);
    const pixels = docids(index, 'pixel', {}, 10_000);
    expect(pixels).toHaveLength(2_502);
    expect(pixels.slice(-2)).toEqual([first[1]!.docid, first[0]!.docid]);
    const inSylhet = more.filter((d, i) => i % 2 && d.location === 'Sylhet').length + 1;
    expect(docids(index, 'pixel', { location: 'Sylhet' }, 10_000)).toHaveLength(inSylhet);
    // A word set not searched before, within the kept location: the area's earlier slots moved too.
    expect(docids(index, 'pro', { location: 'Sylhet' })).toEqual([first[1]!.docid]);
    // The first document's values moved with it.
    expect(docids(index, 'pixel', { maxPrice: 100 }, 10_000)).toEqual([first[0]!.docid]);
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

  it('refuses a category or condition it does not know, and changes nothing', () => {
    const index = new SearchIndex();
    const known = doc();
    index.add(known);
    expect(() => index.add({ ...known, category: 'Pixel' })).toThrow(
      'Unknown category "Pixel": it must be one of iPhone, samsung, xiaomi, realme',
    );
    expect(() => index.add(doc({ condition: 'broken' }))).toThrow(
      'Unknown condition "broken": it must be one of excellent, good, fair',
    );
    // The document it replaced is still there, filed as before.
    expect(index.documents).toBe(1);
    expect(docids(index, '', { category: 'iPhone' })).toEqual([known.docid]);
  });

  it('matches the location against the area words only, as words match', () => {
    const index = new SearchIndex();
    const gulshan = doc({ name: 'iPhone13 Pro', location: 'Dhaka, Gulshan-2' });
    const mirpur = doc({
      name: 'Galaxy S21',
      location: 'Mirpur 10',
      description: 'Met in Gulshan',
    });
    const banani = doc({ name: 'Gulshan Edition', location: 'Banani' });
    for (const d of [gulshan, mirpur, banani]) index.add(d);
    expect(docids(index, 'iphone 13', { location: 'Gulshan' })).toEqual([gulshan.docid]);
    expect(docids(index, '', { location: 'gul' })).toEqual([gulshan.docid]);
    expect(docids(index, '', { location: 'gulshan 2' })).toEqual([gulshan.docid]);
    expect(docids(index, '', { location: 'gulshan2' })).toEqual([gulshan.docid]);
    expect(docids(index, '', { location: 'mirpur10' })).toEqual([mirpur.docid]);
    expect(docids(index, '', { location: 'dhaka mirpur' })).toEqual([]);
    // Inside a word is no match, nor a typo, nor the listing's other texts.
    expect(docids(index, '', { location: 'ulshan' })).toEqual([]);
    expect(docids(index, '', { location: 'gulshon' })).toEqual([]);
    expect(docids(index, '', { location: 'banani edition' })).toEqual([]);
    // The words never match the area.
    expect(docids(index, 'banani')).toEqual([]);
    // Characters but no word: nothing.
    expect(docids(index, '', { location: '--' })).toEqual([]);
    // Kept location matches take listings added later, in their place.
    const later = doc({ name: 'Pixel 8', location: 'Gulshan 1' });
    index.add(later);
    expect(docids(index, '', { location: 'Gulshan' })).toEqual([later.docid, gulshan.docid]);
    index.add({ ...later, location: 'Uttara' });
    expect(docids(index, '', { location: 'Gulshan' })).toEqual([gulshan.docid]);
    expect(docids(index, '', { location: 'uttara' })).toEqual([later.docid]);
    expect(docids(index, '', { location: '--' })).toEqual([]);
    const terms = index.resolveTerms(parseSearchText(''));
    expect(index.count(terms, filters({ location: 'gulshan' }), 100)).toEqual({
      count: 1,
      exact: true,
    });
    expect(index.facets(terms, filters({ location: 'gulshan' }), 100).all.total).toBe(1);
  });

  it('suggests the names on show, most listed first, then shortest, counting as listings come and go', () => {
    const index = new SearchIndex();
    const suggest = (q: string) => index.suggestions(parseSearchText(q), 8);
    const names = ['Pixel 8 Pro', 'Pixel 8 Pro', 'Pixel 8 Pro', 'Pixel 8', 'Pixel 8', 'Pixel 8a'];
    const docs = names.map((name) => doc({ name }));
    for (const d of docs) index.add(d);
    expect(suggest('pix')).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    expect(suggest('8 pixel')).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    expect(suggest('pixel 8a')).toEqual(['Pixel 8a']);
    // A word must begin a word of the name: "ixel" is inside one.
    expect(suggest('ixel')).toEqual([]);
    expect(suggest('')).toEqual([]);

    // Another spelling counts with the name; the first spelling seen is the one shown.
    index.add({ ...docs[3]!, name: ' PIXEL 8 PRO' });
    expect(suggest('pixel')).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    index.remove(docs[0]!.docid);
    index.remove(docs[1]!.docid);
    index.remove(docs[2]!.docid);
    // "Pixel 8 Pro" has one listing left now, as "Pixel 8" and "Pixel 8a".
    expect(suggest('pixel')).toEqual(['Pixel 8', 'Pixel 8a', 'Pixel 8 Pro']);
    index.remove(docs[3]!.docid);
    index.remove(docs[5]!.docid);
    expect(suggest('pixel')).toEqual(['Pixel 8']);
    // At most as many as asked, alphabetical among equals.
    const many = new SearchIndex();
    for (const n of [
      'Zeta 1',
      'Alpha 1',
      'Beta 1',
      'Gamma 1',
      'Delta 1',
      'Eta 1',
      'Iota 1',
      'Kappa 1',
      'Mu 1',
    ]) {
      many.add(doc({ name: n }));
    }
    expect(many.suggestions(parseSearchText('1'), 8)).toEqual([
      'Mu 1',
      'Eta 1',
      'Beta 1',
      'Iota 1',
      'Zeta 1',
      'Alpha 1',
      'Delta 1',
      'Gamma 1',
    ]);
  });

  it('finds the matches posted after a time, and the newest posting time', () => {
    const index = new SearchIndex();
    const older = doc({ name: 'Pixel 7' });
    const middle = doc({ name: 'Pixel 8' });
    const newer = doc({ name: 'Pixel 9' });
    // Two listings posted within one second: their docids follow insertion, not milliseconds.
    const second = (minute + 1) * 60_000 + START;
    const late = doc({
      name: 'Pixel 9a',
      postedAt: second + 900,
      docid: (second / 1000) * DOCIDS_PER_SECOND,
    });
    const early = doc({ name: 'Pixel 9b', postedAt: second + 100, docid: late.docid + 1 });
    for (const d of [older, middle, newer, late, early, doc({ name: 'Galaxy' })]) index.add(d);
    const terms = index.resolveTerms(parseSearchText('pixel'));
    const since = new Date(Number(middle.postedAt));
    expect(index.newSince(terms, filters(), since, 2)).toEqual({
      docids: [early.docid, late.docid],
      total: 3,
      newestPostedAt: new Date(second + 900),
    });
    expect(index.newSince(terms, filters({ location: 'banani' }), since, 2).total).toBe(0);
    expect(index.newest(terms, filters())).toEqual(new Date(second + 900));
    expect(index.newest(index.resolveTerms(parseSearchText('pixel 8')), filters())).toEqual(
      new Date(Number(middle.postedAt)),
    );
    expect(index.newest(index.resolveTerms(parseSearchText('nokia')), filters())).toBeNull();
  });

  it('answers kept word sets and locations after any writes as a new index of the same documents does', () => {
    const NAMES = ['Pixel 7', 'Pixel 8 Pro', 'iPhone13 Pro', 'Galaxy S21', 'Nokia 3310'];
    const PLACES = ['Dhaka, Gulshan-2', 'Mirpur 10', 'Sylhet', 'Gulshan 1'];
    const QUERIES = ['pixel', 'pro', 'iphone 13', 'gal', ''];
    const LOCATIONS = ['gulshan', 'mirpur', 'syl'];
    const write = fc.record({
      kind: fc.constantFrom('add', 'late', 'change', 'remove'),
      at: fc.nat(),
      name: fc.constantFrom(...NAMES),
      location: fc.constantFrom(...PLACES),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(write, { maxLength: 8 }), { minLength: 1, maxLength: 6 }),
        (rounds) => {
          const kept = new SearchIndex();
          const docs = new Map<number, IndexedDocument>();
          // Listings imported late: posted before every other, each earlier than the last.
          let late = 0;
          const answers = (index: SearchIndex) =>
            QUERIES.flatMap((q) => [
              docids(index, q),
              ...LOCATIONS.map((location) => docids(index, q, { location })),
            ]);
          for (const round of rounds) {
            for (const w of round) {
              const existing = [...docs.values()];
              const target = existing[w.at % Math.max(1, existing.length)];
              if (w.kind === 'late') {
                const postedAt = START - ++late * 60_000;
                const d = doc({ name: w.name, location: w.location });
                const older = { ...d, postedAt, docid: (postedAt / 1000) * DOCIDS_PER_SECOND };
                docs.set(older.docid, older);
                kept.add(older);
              } else if (w.kind === 'add' || !target) {
                const d = doc({ name: w.name, location: w.location });
                docs.set(d.docid, d);
                kept.add(d);
              } else if (w.kind === 'change') {
                const d = { ...target, name: w.name, location: w.location };
                docs.set(d.docid, d);
                kept.add(d);
              } else {
                docs.delete(target.docid);
                kept.remove(target.docid);
              }
            }
            // The kept index has matched these word sets before; a new one matches them afresh.
            const fresh = new SearchIndex();
            for (const d of docs.values()) fresh.add(d);
            expect(answers(kept)).toEqual(answers(fresh));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers price counts and pages by distance from kept orders as a new index without them does', () => {
    // Centres a few km apart around Gulshan, one far off, and listings without a place.
    const CENTRES: Array<[number, number] | null> = [
      [23.79, 90.41],
      [23.78, 90.42],
      [23.81, 90.4],
      [23.8, 90.36],
      [24.9, 91.87],
      null,
    ];
    const NAMES = ['Pixel 7', 'Pixel 8 Pro', 'iPhone 13', 'Galaxy S21'];
    const PRICES = [10_000, 20_000, 20_000, 35_000, 50_000];
    const write = fc.record({
      kind: fc.constantFrom('add', 'add', 'late', 'change', 'remove'),
      at: fc.nat(),
      name: fc.constantFrom(...NAMES),
      price: fc.constantFrom(...PRICES),
      centre: fc.nat({ max: CENTRES.length - 1 }),
    });
    const QUERIES = ['pixel', 'iphone 13', ''];
    const ORIGIN = { lat: 23.79, lon: 90.41 };
    const place = (centre: number) => {
      const at = CENTRES[centre];
      return at ? { placeLat: at[0], placeLon: at[1] } : { placeLat: null, placeLon: null };
    };
    /** Every page of `size` by distance, following each page's cursor. */
    const pagesByDistance = (index: SearchIndex, input: SearchFiltersInput, size: number) => {
      const terms = index.resolveTerms(parseSearchText(input.q ?? ''));
      const f = filters(input);
      const pages: number[][] = [];
      let after: { key: number | string; id: string } | null = null;
      for (;;) {
        const page = index.page(terms, f, 'distance', after, size);
        if (page.length === 0) return pages;
        // A cursor that does not move on would page forever.
        if (pages.length > 100) throw new Error('pages by distance do not end');
        pages.push(page.map((e) => e.docid));
        const last = page.at(-1)!;
        after = { key: last.key, id: String(last.docid) };
      }
    };
    const answers = (index: SearchIndex) =>
      QUERIES.flatMap((q) =>
        [{}, { maxPrice: 200 }, { minPrice: 200, maxPrice: 350 }, { minPrice: 500 }].flatMap(
          (price) => {
            const count = (input: SearchFiltersInput) =>
              index.count(
                index.resolveTerms(parseSearchText(q)),
                filters({ q, ...price, ...input }),
                1000,
              );
            return [
              count({}),
              count({ location: 'gulshan' }),
              count({ ...ORIGIN, radiusKm: 3 }),
              pagesByDistance(index, { q, ...price, ...ORIGIN, radiusKm: 3 }, 2),
              pagesByDistance(index, { q, ...price, ...ORIGIN, radiusKm: 50 }, 3),
            ];
          },
        ),
      );
    fc.assert(
      fc.property(
        fc.array(fc.array(write, { maxLength: 10 }), { minLength: 1, maxLength: 6 }),
        (rounds) => {
          // Orders made on the second use of any word set (a count that tested at least one
          // match, a radius holding at least one), so every answer after the first comes from one.
          const kept = new SearchIndex(0);
          const docs = new Map<number, IndexedDocument>();
          let late = 0;
          for (const round of rounds) {
            for (const w of round) {
              const existing = [...docs.values()];
              const target = existing[w.at % Math.max(1, existing.length)];
              const values = {
                name: w.name,
                price: w.price,
                location: 'Dhaka, Gulshan',
                ...place(w.centre),
              };
              let d: IndexedDocument;
              if (w.kind === 'late') {
                const postedAt = START - ++late * 60_000;
                d = { ...doc(values), postedAt, docid: (postedAt / 1000) * DOCIDS_PER_SECOND };
              } else if (w.kind === 'add' || !target) {
                d = doc(values);
              } else if (w.kind === 'change') {
                d = { ...target, ...values };
              } else {
                docs.delete(target.docid);
                kept.remove(target.docid);
                continue;
              }
              docs.set(d.docid, d);
              kept.add(d);
            }
            const fresh = new SearchIndex(Infinity);
            for (const d of docs.values()) fresh.add(d);
            const expected = answers(fresh);
            expect(answers(kept)).toEqual(expected);
            expect(answers(kept)).toEqual(expected);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('counts a price range by testing each match when a price is beyond what an order holds', () => {
    const index = new SearchIndex(0);
    const count = (price: SearchFiltersInput) =>
      index.count(parseSearchText('iphone'), filters({ q: 'iphone', ...price }), 1000);
    // $200,000 is past the order's keys (2^24 cents): the word set keeps no order.
    for (const price of [10_000, 20_000_000, 30_000, 20_000_001, 40_000]) {
      index.add(doc({ price }));
    }
    for (let i = 0; i < 3; i++) {
      expect(count({ minPrice: 150 })).toEqual({ count: 4, exact: true });
      expect(count({ maxPrice: 350 })).toEqual({ count: 2, exact: true });
      expect(count({ minPrice: 200_000 })).toEqual({ count: 2, exact: true });
    }
    // An order made, then such a price among more than it follows aside: it is given up.
    const other = new SearchIndex(0);
    const otherCount = () =>
      other.count(parseSearchText('pixel'), filters({ q: 'pixel', minPrice: 150 }), 1000);
    for (let i = 0; i < 3; i++) other.add(doc({ name: 'Pixel 8', price: 20_000 }));
    expect([otherCount(), otherCount(), otherCount()]).toEqual(
      Array(3).fill({ count: 3, exact: true }),
    );
    other.add(doc({ name: 'Pixel 8', price: 25_000_000 }));
    for (let i = 0; i < 70; i++) other.add(doc({ name: 'Pixel 8', price: 10_000 }));
    expect(otherCount()).toEqual({ count: 4, exact: true });
    expect(otherCount()).toEqual({ count: 4, exact: true });
  });
});
