import fc from 'fast-check';
import {
  CATEGORIES,
  CONDITIONS,
  STORAGE_OPTIONS_GB,
  SEARCH_SORTS,
  searchFiltersSchema,
  type SearchFilters,
  type SearchFiltersInput,
  type SearchSort,
} from '@market/shared';
import type { ReferenceDocument } from './search-reference.ts';

/*
 * Generated listings and searches for the differential tests: words of several scripts, names
 * glued to their numbers, combining marks, emoji and punctuation, and every filter and order.
 */

/** Words listings are written with, by kind; the same words are typed, whole or changed. */
export const WORDS = {
  latin: ['iPhone', 'Galaxy', 'Redmi', 'Pixel', 'Note', 'Pro', 'mini', 'Max', 'Ultra', 'phone'],
  colours: ['Black', 'Midnight', 'Blue', 'Silver'],
  glued: ['iPhone13', '128GB', '1tb', 'S21', 'Redmi9', 'A52s', '64gb'],
  short: ['i', 'a', '5G', '13', '12', '256', '1'],
  bengali: ['স্যামসাং', 'গ্যালাক্সি', 'ফোন', 'নতুন', 'কালো', '১২৮জিবি', 'আইফোন'],
  cyrillic: ['Айфон', 'Самсунг', 'Галакси', 'чёрный', 'Редми', 'Йота'],
  arabic: ['سامسونج', 'هاتف', 'جالاكسي', '١٢٨', 'أسود'],
  devanagari: ['फ़ोन', 'नया'],
  marks: ['Café', 'cafe\u0301', 'Ünïcode', 'crème', 'naïve', 'ｉＰｈｏｎｅ'],
  noise: ['🙂', '!!', '-', '❤️', '/'],
} as const;

const ALL_WORDS: string[] = Object.values(WORDS).flat();
const MEANINGFUL = ALL_WORDS.filter((w) => !(WORDS.noise as readonly string[]).includes(w));

export const PLACES = [
  'Dhaka',
  'Gulshan',
  'Dhanmondi',
  'Sylhet',
  'Chattogram',
  'Uttara',
  'ঢাকা',
  'মিরপুর',
  'Москва',
  'Mirpur-10',
  'Banani',
];

/**
 * Place centres listings may have (two decimals, as places keep them): Dhaka's neighbourhoods a
 * few km apart, Chattogram and Sylhet far off, and one across the antimeridian.
 */
export const CENTRES: ReadonlyArray<readonly [number, number]> = [
  [23.71, 90.41],
  [23.79, 90.42],
  [23.79, 90.4],
  [23.75, 90.37],
  [23.87, 90.4],
  [24.0, 90.42],
  [22.34, 91.83],
  [24.9, 91.87],
  [-16.5, 179.99],
];

const centreArb = fc.option(fc.constantFrom(...CENTRES), { nil: null });

const words = (min: number, max: number, pool: readonly string[] = ALL_WORDS) =>
  fc.array(fc.constantFrom(...pool), { minLength: min, maxLength: max });

/** A name: a few words, sometimes glued together ("iPhone13Pro"). */
const nameArb = fc
  .tuple(words(1, 4, MEANINGFUL), fc.constantFrom(' ', ' ', ''))
  .map(([ws, glue]) => ws.join(glue));

/** A listing's fields without its docid. */
export type ListingFields = Omit<ReferenceDocument, 'docid'>;

export const listingArb: fc.Arbitrary<ListingFields> = fc
  .record({
    name: nameArb,
    category: fc.constantFrom(...CATEGORIES),
    storage: fc.option(fc.constantFrom(...STORAGE_OPTIONS_GB), { nil: null }),
    colour: fc.option(fc.constantFrom(...WORDS.colours, 'কালো', 'чёрный'), { nil: null }),
    description: words(0, 5).map((ws) => ws.join(' ')),
    location: fc
      .array(fc.constantFrom(...PLACES), { minLength: 1, maxLength: 2 })
      .map((ps) => ps.join(', ')),
    price: fc.integer({ min: 1, max: 1000 }).map((d) => d * 100 + (d % 3 === 0 ? 50 : 0)),
    condition: fc.constantFrom(...CONDITIONS),
    battery: fc.option(fc.integer({ min: 70, max: 100 }), { nil: null }),
    verified: fc.boolean(),
    networkLock: fc.option(fc.constantFrom('unlocked', 'Robi', 'Grameenphone'), { nil: null }),
    activationLockOff: fc.option(fc.boolean(), { nil: null }),
    centre: centreArb,
  })
  .map(({ centre, ...l }) => ({
    ...l,
    placeLat: centre?.[0] ?? null,
    placeLon: centre?.[1] ?? null,
  }));

/** One edit: a wrong, missing, extra or swapped letter (in characters, any script). */
function typo(word: string, at: number, kind: number): string {
  const chars = [...word.toLowerCase()];
  const i = at % Math.max(1, chars.length - 1);
  switch (kind % 4) {
    case 0:
      chars[i] = chars[i] === 'x' ? 'q' : 'x';
      break;
    case 1:
      chars.splice(i, 1);
      break;
    case 2:
      chars.splice(i, 0, chars[i]!);
      break;
    default:
      [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
  }
  return chars.join('');
}

/** A word as someone types it: whole, begun, upper case, with a typo, or split ("i phone"). */
const typedWordArb = fc
  .tuple(fc.constantFrom(...ALL_WORDS), fc.nat(20), fc.nat(20), fc.nat(5))
  .map(([word, a, b, how]) => {
    const chars = [...word];
    switch (how) {
      case 0:
        return word;
      case 1:
        return chars.slice(0, 1 + (a % chars.length)).join('');
      case 2:
        return word.toUpperCase();
      case 3:
        return typo(word, a, b);
      case 4:
        return chars.length > 2 ? `${chars[0]} ${chars.slice(1).join('')}` : word;
      default:
        return chars.slice(0, 1 + (a % chars.length)).join('');
    }
  });

/** What a buyer types: nothing, or up to three words. */
export const queryTextArb = fc
  .array(typedWordArb, { minLength: 0, maxLength: 3 })
  .map((ws) => ws.join(' '));

/** Filters, each set or not; `location` only when asked for. */
export function filtersArb(withLocation: boolean): fc.Arbitrary<SearchFilters> {
  return fc
    .record(
      {
        q: queryTextArb,
        category: fc.constantFrom(...CATEGORIES),
        prices: fc.tuple(
          fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
        ),
        condition: fc.subarray([...CONDITIONS], { minLength: 1 }),
        storage: fc.subarray([...STORAGE_OPTIONS_GB], { minLength: 1, maxLength: 3 }),
        minBattery: fc.integer({ min: 1, max: 100 }),
        verified: fc.constantFrom('true', 'false'),
        unlocked: fc.constantFrom('true', 'false'),
        activationLockOff: fc.constantFrom('true', 'false'),
        origin: fc.oneof(
          fc.constantFrom(...CENTRES),
          fc.tuple(
            fc.double({ min: 22, max: 25, noNaN: true }),
            fc.double({ min: 89, max: 92, noNaN: true }),
          ),
        ),
        radiusKm: fc.oneof(
          fc.constantFrom(1, 3, 5, 10, 25, 50, 500),
          fc.double({ min: 1, max: 500, noNaN: true }),
        ),
        location: withLocation
          ? fc.oneof(
              fc.constantFrom(...PLACES).map((p) => p.toLowerCase()),
              fc.constantFrom(...PLACES).map((p) => [...p].slice(0, 3).join('')),
              fc.constantFrom('Dhaka Gulshan', 'ঢাকা', 'nowhere', '🙂', 'dhaka-gulshan'),
            )
          : fc.constant(undefined),
      },
      { requiredKeys: ['q'] },
    )
    .map(({ prices, origin, radiusKm, ...f }) => {
      const [a, b] = prices ?? [undefined, undefined];
      const input: SearchFiltersInput = {
        ...f,
        // A radius only with an origin, as the query's schema requires.
        ...(origin ? { lat: origin[0], lon: origin[1], radiusKm } : {}),
        minPrice: a !== undefined && b !== undefined ? Math.min(a, b) : a,
        maxPrice: a !== undefined && b !== undefined ? Math.max(a, b) : b,
      };
      return searchFiltersSchema.parse(input);
    });
}

export const sortArb: fc.Arbitrary<SearchSort> = fc.constantFrom(...SEARCH_SORTS);

/** A simple seeded sequence (mulberry32), for large corpora made from one generated number. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` listings, most of them sharing a common word ("phone"), so that a search matches more than
 * the count limit; made from a seed, so a failure shrinks to a small seed and size.
 */
export function manyListings(n: number, seed: number): ListingFields[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: n }, () => ({
    name: `${random() < 0.92 ? 'phone ' : ''}${pick(MEANINGFUL)} ${pick(MEANINGFUL)}`,
    category: pick(CATEGORIES),
    storage: random() < 0.2 ? null : pick(STORAGE_OPTIONS_GB),
    colour: random() < 0.5 ? null : pick(WORDS.colours),
    description: random() < 0.5 ? '' : pick(ALL_WORDS),
    location: pick(PLACES),
    price: (1 + Math.floor(random() * 1000)) * 100,
    condition: pick(CONDITIONS),
    battery: random() < 0.2 ? null : 70 + Math.floor(random() * 31),
    verified: random() < 0.3,
    networkLock: random() < 0.3 ? null : random() < 0.7 ? 'unlocked' : pick(['Robi', 'Airtel']),
    activationLockOff: random() < 0.3 ? null : random() < 0.8,
    placeLat: null,
    placeLon: null,
  })).map((l) => {
    const centre = random() < 0.1 ? null : pick(CENTRES);
    return { ...l, placeLat: centre?.[0] ?? null, placeLon: centre?.[1] ?? null };
  });
}
