import {
  CATEGORIES,
  CONDITIONS,
  DISTANCE_BANDS_KM,
  SEARCH_COUNT_LIMIT,
  distanceKm,
  STORAGE_OPTIONS_GB,
  formatStorage,
  type Condition,
  type SearchFacets,
  type SearchFilters,
  type SearchSort,
} from '@market/shared';
import {
  editDistance,
  indexedWords,
  parseSearchText,
  typedWithoutWords,
  typoCandidates,
  type SearchTerm,
  type SearchWord,
} from '../../src/modules/search/search-text.ts';

/*
 * Search answered by brute force, the rules written out once more without the index: every
 * document is read for every question. It shares only the tokenizer with the engine (tested on
 * its own in search-text.test.ts), so the differential tests compare the engine's indexes,
 * postings, kept matches, cursors and counting shortcuts against the rules themselves.
 */

/** A listing on show as search sees it; price in cents, docid in posting order. */
export interface ReferenceDocument {
  docid: number;
  name: string;
  category: string;
  /** GB, or null when not given. */
  storage: number | null;
  colour: string | null;
  description: string;
  location: string;
  price: number;
  condition: Condition;
  battery: number | null;
  verified: boolean;
  /** 'unlocked', a carrier, or null (not stated). */
  networkLock: string | null;
  /** Signed out of Find My / Google account; null: not stated. */
  activationLockOff: boolean | null;
  /** The centre of its place; null or absent: not placed. */
  placeLat?: number | null;
  placeLon?: number | null;
}

/** Where a page starts: the key and id of the previous page's last result, as a cursor holds them. */
export interface ReferenceAfter {
  key: number | string;
  id: string;
}

export interface ReferenceQuery {
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  after: ReferenceAfter | null;
}

export interface ReferenceEntry {
  docid: number;
  key: number | string;
}

export interface ReferencePage {
  entries: ReferenceEntry[];
  total: number;
  exact: boolean;
  /** The position the next page starts after; null on the last page. */
  next: ReferenceAfter | null;
}

/** Counts of one facet pass (prices in cents), in the order of the shared constants. */
export interface ReferencePass {
  total: number;
  category: number[];
  condition: number[];
  storage: number[];
  battery: number[];
  verified: number;
  unlocked: number;
  activationLockOff: number;
  distance: number[];
  minPrice: number | null;
  maxPrice: number | null;
}

export type ReferenceFacetFilter =
  | 'category'
  | 'price'
  | 'condition'
  | 'storage'
  | 'minBattery'
  | 'verified'
  | 'unlocked'
  | 'activationLockOff'
  | 'distance';

/** A placed document's distance in km from the search's origin; null without either. */
function kmFrom(doc: ReferenceDocument, f: SearchFilters): number | null {
  if (f.lat === undefined || f.lon === undefined) return null;
  if (doc.placeLat == null || doc.placeLon == null) return null;
  return distanceKm(f.lat, f.lon, doc.placeLat, doc.placeLon);
}

/** Nearest first's key: whole metres, listings without a place after all others. */
function metresFrom(doc: ReferenceDocument, f: SearchFilters): number {
  const km = kmFrom(doc, f);
  return km === null ? 1e9 : Math.round(km * 1000);
}

const hasRadius = (f: SearchFilters) =>
  f.radiusKm !== undefined && f.lat !== undefined && f.lon !== undefined;

/** A stated 'unlocked' (any case); a carrier's name or nothing stated is not. */
const isUnlocked = (doc: ReferenceDocument) => doc.networkLock?.toLowerCase() === 'unlocked';

export const REFERENCE_BATTERY_THRESHOLDS = [80, 85, 90, 95] as const;

interface Words {
  name: Set<string>;
  /** Name and labels (brand, storage label, colour). */
  labelled: Set<string>;
  /** Name, labels and description: every word a query matches. */
  all: Set<string>;
  location: Set<string>;
}

function wordsOf(doc: ReferenceDocument): Words {
  const name = new Set(indexedWords(doc.name));
  const storage = doc.storage === null ? '' : formatStorage(doc.storage);
  const labels = [...indexedWords(`${doc.category} ${storage}`), ...indexedWords(doc.colour ?? '')];
  const labelled = new Set([...name, ...labels]);
  const all = new Set([...labelled, ...indexedWords(doc.description)]);
  return { name, labelled, all, location: new Set(indexedWords(doc.location)) };
}

const wordMatches = ({ word, prefix }: SearchWord, words: Set<string>) =>
  prefix ? [...words].some((w) => w.startsWith(word)) : words.has(word);

/** Whether every term has an alternative whose words all match within `words`. */
export function termsMatch(terms: SearchTerm[], words: Set<string>): boolean {
  return terms.every((term) =>
    term.some((alternative) => alternative.every((word) => wordMatches(word, words))),
  );
}

/** The corpus with each document's words, read once per question. */
class Corpus {
  readonly docs: Array<{ doc: ReferenceDocument; words: Words }>;

  constructor(docs: readonly ReferenceDocument[]) {
    this.docs = docs.map((doc) => ({ doc, words: wordsOf(doc) }));
  }

  /** The typed words with their typo corrections, as the engine's rules give them. */
  terms(q: string): SearchTerm[] {
    const terms = parseSearchText(q);
    const counts = new Map<string, number>();
    for (const { words } of this.docs) {
      for (const w of words.all) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    const vocabulary = [...counts.keys()];
    const fixes = new Map<string, string[]>();
    for (const typo of typoCandidates(terms)) {
      if (vocabulary.some((w) => w.startsWith(typo))) continue;
      const near = vocabulary
        .filter((w) => editDistance(w, typo) === 1)
        .sort((a, b) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1))
        .slice(0, 5);
      if (near.length > 0) fixes.set(typo, near);
    }
    return terms.map((term) => [
      ...term,
      ...term
        .filter((alternative) => alternative.length === 1)
        .flatMap((alternative) => fixes.get(alternative[0]!.word) ?? [])
        .map((word) => [{ word, prefix: false }]),
    ]);
  }
}

/** 2: every term in the name; 1: in name and labels; 0: anywhere; null: no match. */
function rankOf(terms: SearchTerm[], words: Words): 0 | 1 | 2 | null {
  if (termsMatch(terms, words.name)) return 2;
  if (termsMatch(terms, words.labelled)) return 1;
  if (termsMatch(terms, words.all)) return 0;
  return null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The facet filters a document fails, by name. */
function failedFilters(doc: ReferenceDocument, f: SearchFilters): Set<ReferenceFacetFilter> {
  const failed = new Set<ReferenceFacetFilter>();
  if (f.category !== undefined && doc.category !== f.category) failed.add('category');
  if (
    (f.minPrice !== undefined && doc.price < cents(f.minPrice)) ||
    (f.maxPrice !== undefined && doc.price > cents(f.maxPrice))
  ) {
    failed.add('price');
  }
  if (f.condition !== undefined && !(f.condition as string[]).includes(doc.condition)) {
    failed.add('condition');
  }
  if (f.storage !== undefined && (doc.storage === null || !f.storage.includes(doc.storage))) {
    failed.add('storage');
  }
  if (f.minBattery !== undefined && (doc.battery === null || doc.battery < f.minBattery)) {
    failed.add('minBattery');
  }
  if (f.verified === true && !doc.verified) failed.add('verified');
  if (f.unlocked === true && !isUnlocked(doc)) failed.add('unlocked');
  if (f.activationLockOff === true && doc.activationLockOff !== true) {
    failed.add('activationLockOff');
  }
  if (hasRadius(f)) {
    const km = kmFrom(doc, f);
    if (km === null || km > f.radiusKm!) failed.add('distance');
  }
  return failed;
}

/** The facet filters a search sets. */
export function referenceFiltersSet(f: SearchFilters): ReferenceFacetFilter[] {
  const set: ReferenceFacetFilter[] = [];
  if (f.category !== undefined) set.push('category');
  if (f.minPrice !== undefined || f.maxPrice !== undefined) set.push('price');
  if (f.condition !== undefined) set.push('condition');
  if (f.storage !== undefined) set.push('storage');
  if (f.minBattery !== undefined) set.push('minBattery');
  if (f.verified === true) set.push('verified');
  if (f.unlocked === true) set.push('unlocked');
  if (f.activationLockOff === true) set.push('activationLockOff');
  if (hasRadius(f)) set.push('distance');
  return set;
}

interface Match {
  doc: ReferenceDocument;
  rank: 0 | 1 | 2;
  failed: Set<ReferenceFacetFilter>;
  /** Nearest first's key (metres from the origin). */
  metres: number;
}

/**
 * The documents the words and the location match, newest first, each with its rank and the
 * facet filters it fails. Words typed without anything to search by ("🙂") match nothing, and
 * so does such a location; no words at all match everything.
 */
function matches(corpus: Corpus, f: SearchFilters): { matched: Match[]; terms: SearchTerm[] } {
  if (typedWithoutWords(f.q) || (f.location !== undefined && typedWithoutWords(f.location))) {
    return { matched: [], terms: [] };
  }
  const terms = corpus.terms(f.q);
  const place = f.location === undefined ? null : parseSearchText(f.location);
  const matched: Match[] = [];
  for (const { doc, words } of corpus.docs) {
    const rank = terms.length === 0 ? 0 : rankOf(terms, words);
    if (rank === null) continue;
    // The location's words match the location only, as prefixes, without typo corrections.
    if (place && !termsMatch(place, words.location)) continue;
    matched.push({ doc, rank, failed: failedFilters(doc, f), metres: metresFrom(doc, f) });
  }
  matched.sort((a, b) => b.doc.docid - a.doc.docid);
  return { matched, terms };
}

/** The order's key of a result, as the cursor holds it. */
function keyOf(sort: SearchSort, m: Match): number | string {
  switch (sort) {
    case 'relevance':
      return `${m.rank}:${m.doc.docid}`;
    case 'newest':
      return m.doc.docid;
    case 'price_asc':
    case 'price_desc':
      return m.doc.price;
    case 'distance':
      return m.metres;
  }
}

/** Negative when `a` comes before `b` in the order. */
function compare(sort: SearchSort, a: Match, b: Match): number {
  switch (sort) {
    case 'relevance':
      return b.rank - a.rank || b.doc.docid - a.doc.docid;
    case 'newest':
      return b.doc.docid - a.doc.docid;
    case 'price_asc':
      return a.doc.price - b.doc.price || a.doc.docid - b.doc.docid;
    case 'price_desc':
      return b.doc.price - a.doc.price || b.doc.docid - a.doc.docid;
    case 'distance':
      return a.metres - b.metres || b.doc.docid - a.doc.docid;
  }
}

/** Whether a result comes strictly after the cursor's position in the order. */
function isAfter(sort: SearchSort, m: Match, after: ReferenceAfter): boolean {
  switch (sort) {
    case 'relevance': {
      const [rank, docid] = String(after.key).split(':').map(Number) as [number, number];
      return m.rank < rank || (m.rank === rank && m.doc.docid < docid);
    }
    case 'newest':
      return m.doc.docid < Number(after.key);
    case 'price_asc':
      return (
        m.doc.price > Number(after.key) ||
        (m.doc.price === Number(after.key) && m.doc.docid > Number(after.id))
      );
    case 'price_desc':
      return (
        m.doc.price < Number(after.key) ||
        (m.doc.price === Number(after.key) && m.doc.docid < Number(after.id))
      );
    case 'distance':
      return (
        m.metres > Number(after.key) ||
        (m.metres === Number(after.key) && m.doc.docid < Number(after.id))
      );
  }
}

/** The order a search uses: best match without words is newest first. */
export function referenceOrder(q: string, sort: SearchSort): SearchSort {
  return sort === 'relevance' && parseSearchText(q).length === 0 ? 'newest' : sort;
}

/** One page of a search, its total ("at least" past the count limit) and where the next starts. */
export function referenceSearch(
  docs: readonly ReferenceDocument[],
  query: ReferenceQuery,
  limit = SEARCH_COUNT_LIMIT,
): ReferencePage {
  const corpus = new Corpus(docs);
  const { matched } = matches(corpus, query.filters);
  const sort = referenceOrder(query.filters.q, query.sort);
  const passing = matched.filter((m) => m.failed.size === 0);
  const ordered = [...passing].sort((a, b) => compare(sort, a, b));
  const rest = query.after ? ordered.filter((m) => isAfter(sort, m, query.after!)) : ordered;
  const page = rest.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((m) => ({ docid: m.doc.docid, key: keyOf(sort, m) })),
    total: Math.min(passing.length, limit),
    exact: passing.length <= limit,
    next:
      rest.length > query.limit && last
        ? { key: keyOf(sort, last), id: String(last.doc.docid) }
        : null,
  };
}

const newPass = (): ReferencePass => ({
  total: 0,
  category: CATEGORIES.map(() => 0),
  condition: CONDITIONS.map(() => 0),
  storage: STORAGE_OPTIONS_GB.map(() => 0),
  battery: REFERENCE_BATTERY_THRESHOLDS.map(() => 0),
  verified: 0,
  unlocked: 0,
  activationLockOff: 0,
  distance: DISTANCE_BANDS_KM.map(() => 0),
  minPrice: null,
  maxPrice: null,
});

/** A pass's counts over the first `limit` matches, newest first, that pass every filter kept. */
function pass(
  matched: Match[],
  filters: SearchFilters,
  omitted: ReferenceFacetFilter | null,
  limit: number,
) {
  const out = newPass();
  for (const { doc, failed } of matched) {
    if (out.total >= limit) break;
    if ([...failed].some((name) => name !== omitted)) continue;
    out.total++;
    out.category[(CATEGORIES as readonly string[]).indexOf(doc.category)]!++;
    out.condition[(CONDITIONS as readonly string[]).indexOf(doc.condition)]!++;
    const storage = (STORAGE_OPTIONS_GB as readonly number[]).indexOf(doc.storage ?? -1);
    if (storage >= 0) out.storage[storage]!++;
    REFERENCE_BATTERY_THRESHOLDS.forEach((t, i) => {
      if (doc.battery !== null && doc.battery >= t) out.battery[i]!++;
    });
    if (doc.verified) out.verified++;
    if (isUnlocked(doc)) out.unlocked++;
    if (doc.activationLockOff === true) out.activationLockOff++;
    const km = kmFrom(doc, filters);
    DISTANCE_BANDS_KM.forEach((band, i) => {
      if (km !== null && km <= band) out.distance[i]!++;
    });
    if (out.minPrice === null || doc.price < out.minPrice) out.minPrice = doc.price;
    if (out.maxPrice === null || doc.price > out.maxPrice) out.maxPrice = doc.price;
  }
  return out;
}

export interface ReferencePasses {
  all: ReferencePass;
  /** The pass without each filter that is set. */
  without: Partial<Record<ReferenceFacetFilter, ReferencePass>>;
}

/** One pass with every filter and one without each filter that is set. */
export function referenceFacetPasses(
  docs: readonly ReferenceDocument[],
  filters: SearchFilters,
  limit = SEARCH_COUNT_LIMIT,
): ReferencePasses {
  const { matched } = matches(new Corpus(docs), filters);
  const without: ReferencePasses['without'] = {};
  for (const name of referenceFiltersSet(filters)) {
    without[name] = pass(matched, filters, name, limit);
  }
  return { all: pass(matched, filters, null, limit), without };
}

/** The facets as `GET /api/search/facets` answers them. */
export function referenceFacets(
  docs: readonly ReferenceDocument[],
  filters: SearchFilters,
  limit = SEARCH_COUNT_LIMIT,
): SearchFacets {
  const { all, without } = referenceFacetPasses(docs, filters, limit);
  const of = (name: ReferenceFacetFilter) => without[name] ?? all;
  const present = <T>(values: readonly T[], counts: number[]) =>
    values.map((value, i) => ({ value, count: counts[i]! })).filter((c) => c.count > 0);
  const prices = of('price');
  return {
    total: all.total,
    exact: [all, ...Object.values(without)].every((p) => p.total < limit),
    category: present(CATEGORIES, of('category').category),
    condition: present(CONDITIONS, of('condition').condition),
    storage: present(STORAGE_OPTIONS_GB, of('storage').storage),
    minBattery: REFERENCE_BATTERY_THRESHOLDS.map((value, i) => ({
      value,
      count: of('minBattery').battery[i]!,
    })),
    verified: of('verified').verified,
    unlocked: of('unlocked').unlocked,
    activationLockOff: of('activationLockOff').activationLockOff,
    distance: of('distance').distance.some((count) => count > 0)
      ? DISTANCE_BANDS_KM.map((value, i) => ({ value, count: of('distance').distance[i]! }))
      : [],
    price: {
      min: prices.minPrice === null ? null : prices.minPrice / 100,
      max: prices.maxPrice === null ? null : prices.maxPrice / 100,
    },
  };
}
