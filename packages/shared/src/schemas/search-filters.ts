import { z } from '../zod.ts';
import { CATEGORIES, CONDITIONS, PRICE_MAX, type Condition } from '../constants.ts';
import { categoryNameSchema } from './catalog.ts';
import { STORAGE_OPTIONS_GB } from './listing-details.ts';
import { coarseCoordinate } from '../distance.ts';
import { placeIdQuerySchema } from './places.ts';

/**
 * Every filter of a search, once: its parameters in an address or a query, how the API parses
 * them (with its messages), how an address writes them, how the results page reads a hand-edited
 * address, and how facets count it. The search's query schema, the
 * server's engine (which must map each filter to its test), the facets, saved searches'
 * addresses and the web's chips (named in its catalogs) and filter panel all follow this list.
 */

/** A query parameter that may repeat (`?condition=good&condition=fair`) or be comma-separated. */
function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .filter((part) => part !== undefined && part !== null)
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return parts.length === 0 ? undefined : [...new Set(parts)];
  }, z.array(item).optional());
}

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of dollars` })
    .min(0, { error: `${label} cannot be negative` })
    .max(PRICE_MAX, { error: `${label} must be at most ${PRICE_MAX.toLocaleString('en-US')}` })
    .optional();

const STORAGE_MESSAGE = `Storage must be one of ${STORAGE_OPTIONS_GB.join(', ')} GB`;
const storage = z.coerce
  .number({ error: STORAGE_MESSAGE })
  .refine((gb) => (STORAGE_OPTIONS_GB as readonly number[]).includes(gb), {
    error: STORAGE_MESSAGE,
  });

const BATTERY_MESSAGE = 'Battery health must be a whole number from 1 to 100 (%)';

export const SEARCH_TEXT_MAX = 100;

/** The battery health thresholds facets count and the filter panel offers. */
export const BATTERY_THRESHOLDS = [80, 85, 90, 95] as const;

/** The distance bands facets count: results within each of these km of the search's origin. */
export const DISTANCE_BANDS_KM = [5, 10, 25, 50] as const;
/** The radii the filter panel offers (any whole or decimal km from 1 to 500 is taken). */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100] as const;
export const RADIUS_MIN_KM = 1;
export const RADIUS_MAX_KM = 500;
export const RADIUS_MESSAGE = `radiusKm must be a number of km from ${RADIUS_MIN_KM} to ${RADIUS_MAX_KM}`;
export const LAT_MESSAGE = 'lat must be a latitude from -90 to 90';
export const LON_MESSAGE = 'lon must be a longitude from -180 to 180';

/** A coordinate in an address, rounded at once to about 1 km: nothing finer is used or kept. */
const coordinate = (message: string, bound: number) =>
  z.coerce
    .number({ error: message })
    .refine(Number.isFinite, { error: message })
    .min(-bound, { error: message })
    .max(bound, { error: message })
    .transform(coarseCoordinate)
    .optional();

const distanceSchema = {
  /** The buyer's area, a place id: its centre is the origin. */
  near: placeIdQuerySchema.optional(),
  /** Or a position (the browser's), rounded to two decimals; near wins when both are given. */
  lat: coordinate(LAT_MESSAGE, 90),
  lon: coordinate(LON_MESSAGE, 180),
  /** Listings whose area's centre is within this many km of the origin. */
  radiusKm: z.coerce
    .number({ error: RADIUS_MESSAGE })
    .refine(Number.isFinite, { error: RADIUS_MESSAGE })
    .min(RADIUS_MIN_KM, { error: RADIUS_MESSAGE })
    .max(RADIUS_MAX_KM, { error: RADIUS_MESSAGE })
    .optional(),
};

/** Whether a search has an origin to measure distances from. */
export const hasOrigin = (v: { near?: number; lat?: number; lon?: number }) =>
  v.near !== undefined || (v.lat !== undefined && v.lon !== undefined);

/** The longest location a search takes. */
export const SEARCH_LOCATION_MAX = 120;

/**
 * How facets count a filter: the results for each of its `choices` (those with results),
 * at or above each of its `choices` (every threshold), the results it keeps (a yes/no filter),
 * or the cheapest and dearest result (a range). Null: not counted.
 */
export type SearchFacetKind = 'choices' | 'thresholds' | 'count' | 'range';

type Shape = Record<string, z.ZodType>;
/** A filter's values, as its parameters parse. */
type ValuesOf<S extends Shape> = Partial<{ [K in keyof S]: z.output<S[K]> }>;

type Choices = readonly (string | number)[] | null;

/** One filter of a search. */
export interface SearchFilterDescriptor<
  S extends Shape,
  F extends SearchFacetKind | null,
  C extends Choices = Choices,
> {
  /** Its parameters (address and API), in their order, each with the API's parse. */
  schema: S;
  /** The values it offers, in the order the filter panel and facets list them; null: typed. */
  choices: C;
  facet: F;
  /** Whether a search's values set it. */
  isSet(values: ValuesOf<S>): boolean;
  /** Its parameters' values as an address writes them (each list value on its own). */
  serialize(values: ValuesOf<S>): Array<[keyof S & string, string[]]>;
  /**
   * Its values from an address typed or edited by hand: what the API would refuse is dropped,
   * so that the results page shows results for what remains. `all(name)` is every value of a
   * parameter, in order.
   */
  read(all: (name: keyof S & string) => string[]): ValuesOf<S>;
}

function searchFilter<
  const S extends Shape,
  const F extends SearchFacetKind | null,
  const C extends Choices,
>(descriptor: SearchFilterDescriptor<S, F, C>) {
  return descriptor;
}

/** Every value of a list parameter, repeated or comma-separated, trimmed, without duplicates. */
function listValues(values: string[]): string[] {
  return [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

/** A parameter's first value, or undefined when it is missing or blank. */
function first(values: string[]): string | undefined {
  const value = values[0];
  return value === undefined || value.trim() === '' ? undefined : value;
}

const one = <N extends string, T>(name: N, value: T | undefined): Array<[N, string[]]> =>
  value === undefined ? [] : [[name, [String(value)]]];

const list = <N extends string, T>(
  name: N,
  values: readonly T[] | undefined,
): Array<[N, string[]]> =>
  values === undefined || values.length === 0 ? [] : [[name, values.map(String)]];

/** A yes/no parameter whose yes sets a filter (`name=true`); false sets nothing. */
const yesOnly = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

const priceSchema = { minPrice: price('Lowest price'), maxPrice: price('Highest price') };

export const SEARCH_FILTERS = {
  category: searchFilter({
    schema: {
      category: z
        .enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` })
        .optional(),
    },
    choices: CATEGORIES,
    facet: 'choices',
    isSet: (v) => v.category !== undefined,
    serialize: (v) => one('category', v.category),
    read: (all) => ({ category: categoryNameSchema.safeParse(all('category')[0]).data }),
  }),
  price: searchFilter({
    schema: priceSchema,
    choices: null,
    facet: 'range',
    isSet: (v) => v.minPrice !== undefined || v.maxPrice !== undefined,
    serialize: (v) => [...one('minPrice', v.minPrice), ...one('maxPrice', v.maxPrice)],
    read: (all) => {
      const bound = (name: 'minPrice' | 'maxPrice') => {
        const value = first(all(name));
        return value === undefined ? undefined : priceSchema[name].safeParse(value).data;
      };
      const [minPrice, maxPrice] = [bound('minPrice'), bound('maxPrice')];
      // Bounds the wrong way round are read the right way round.
      return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
        ? { minPrice: maxPrice, maxPrice: minPrice }
        : { minPrice, maxPrice };
    },
  }),
  condition: searchFilter({
    schema: {
      condition: repeatable(
        z.enum(CONDITIONS, { error: `Condition must be one of ${CONDITIONS.join(', ')}` }),
      ),
    },
    choices: CONDITIONS,
    facet: 'choices',
    isSet: (v) => v.condition !== undefined,
    serialize: (v) => list('condition', v.condition),
    read: (all) => {
      const chosen = listValues(all('condition')).filter((c): c is Condition =>
        (CONDITIONS as readonly string[]).includes(c),
      );
      return { condition: chosen.length > 0 ? chosen : undefined };
    },
  }),
  storage: searchFilter({
    schema: { storage: repeatable(storage) },
    choices: STORAGE_OPTIONS_GB,
    facet: 'choices',
    isSet: (v) => v.storage !== undefined,
    serialize: (v) => list('storage', v.storage),
    read: (all) => {
      const sizes = [...new Set(listValues(all('storage')).map(Number))].filter((gb) =>
        (STORAGE_OPTIONS_GB as readonly number[]).includes(gb),
      );
      return { storage: sizes.length > 0 ? sizes : undefined };
    },
  }),
  minBattery: searchFilter({
    schema: {
      minBattery: z.coerce
        .number({ error: BATTERY_MESSAGE })
        .int({ error: BATTERY_MESSAGE })
        .min(1, { error: BATTERY_MESSAGE })
        .max(100, { error: BATTERY_MESSAGE })
        .optional(),
    },
    choices: BATTERY_THRESHOLDS,
    facet: 'thresholds',
    isSet: (v) => v.minBattery !== undefined,
    serialize: (v) => one('minBattery', v.minBattery),
    read: (all) => {
      // A health with a fraction is read to the nearest whole percent.
      const value = first(all('minBattery'));
      const n = Number(value);
      return {
        minBattery:
          value !== undefined && Number.isFinite(n) && n >= 1 && n <= 100
            ? Math.round(n)
            : undefined,
      };
    },
  }),
  verified: searchFilter({
    /** Verified sellers only (`verified=true`). */
    schema: {
      verified: z
        .enum(['true', 'false'], { error: 'verified must be true or false' })
        .transform((v) => v === 'true')
        .optional(),
    },
    choices: null,
    facet: 'count',
    isSet: (v) => v.verified === true,
    serialize: (v) => (v.verified === true ? [['verified', ['true']]] : []),
    read: (all) => ({ verified: all('verified')[0] === 'true' ? true : undefined }),
  }),
  unlocked: searchFilter({
    /** Phones their sellers state are unlocked (`unlocked=true`); not stated is left out. */
    schema: { unlocked: yesOnly('unlocked') },
    choices: null,
    facet: 'count',
    isSet: (v) => v.unlocked === true,
    serialize: (v) => (v.unlocked === true ? [['unlocked', ['true']]] : []),
    read: (all) => ({ unlocked: all('unlocked')[0] === 'true' ? true : undefined }),
  }),
  activationLockOff: searchFilter({
    /**
     * Phones their sellers state are signed out of Find My / Google account
     * (`activationLockOff=true`); not stated is left out.
     */
    schema: { activationLockOff: yesOnly('activationLockOff') },
    choices: null,
    facet: 'count',
    isSet: (v) => v.activationLockOff === true,
    serialize: (v) => (v.activationLockOff === true ? [['activationLockOff', ['true']]] : []),
    read: (all) => ({
      activationLockOff: all('activationLockOff')[0] === 'true' ? true : undefined,
    }),
  }),
  location: searchFilter({
    /** Words of the listing's area, each as typed or begun, e.g. "Dhanmondi" or "gulsh". */
    schema: {
      location: z
        .string()
        .trim()
        .max(SEARCH_LOCATION_MAX, {
          error: `Location must be at most ${SEARCH_LOCATION_MAX} characters`,
        })
        .optional()
        .transform((v) => (v ? v : undefined)),
    },
    choices: null,
    facet: null,
    isSet: (v) => v.location !== undefined,
    serialize: (v) => one('location', v.location),
    read: (all) => ({
      location: all('location')[0]?.trim().slice(0, SEARCH_LOCATION_MAX) || undefined,
    }),
  }),
  distance: searchFilter({
    /**
     * Within `radiusKm` of the buyer's area (`near`) or position (`lat`, `lon`): the filter is
     * the radius; the origin alone sorts by distance and shows distances.
     */
    schema: distanceSchema,
    choices: DISTANCE_BANDS_KM,
    facet: 'thresholds',
    isSet: (v) => v.radiusKm !== undefined && hasOrigin(v),
    serialize: (v) => [
      ...one('near', v.near),
      ...(v.near === undefined ? [...one('lat', v.lat), ...one('lon', v.lon)] : []),
      ...(hasOrigin(v) ? one('radiusKm', v.radiusKm) : []),
    ],
    read: (all) => {
      const parse = <K extends keyof typeof distanceSchema>(name: K) => {
        const value = first(all(name));
        return value === undefined
          ? undefined
          : (distanceSchema[name].safeParse(value).data as z.output<(typeof distanceSchema)[K]>);
      };
      const near = parse('near');
      const lat = near === undefined ? parse('lat') : undefined;
      const lon = near === undefined ? parse('lon') : undefined;
      const origin = hasOrigin({ near, lat, lon });
      return {
        near,
        lat: origin ? lat : undefined,
        lon: origin ? lon : undefined,
        radiusKm: origin ? parse('radiusKm') : undefined,
      };
    },
  }),
};

export type SearchFilterKey = keyof typeof SEARCH_FILTERS;

/** The filters in their order: of an address, of the chips, of the filter panel. */
export const SEARCH_FILTER_KEYS = Object.keys(SEARCH_FILTERS) as SearchFilterKey[];

/** The filters facets count, each without itself so that one can see what widening it gives. */
export type FacetFilter = {
  [K in SearchFilterKey]: (typeof SEARCH_FILTERS)[K]['facet'] extends null ? never : K;
}[SearchFilterKey];

export const FACET_FILTERS = SEARCH_FILTER_KEYS.filter(
  (key): key is FacetFilter => SEARCH_FILTERS[key].facet !== null,
);

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** The parameters of every filter, as one object shape. */
export type SearchFilterShape = UnionToIntersection<
  (typeof SEARCH_FILTERS)[SearchFilterKey]['schema']
>;

export const searchFilterShape = Object.assign(
  {},
  ...SEARCH_FILTER_KEYS.map((key) => SEARCH_FILTERS[key].schema),
) as SearchFilterShape;

/** A search's filter values (the parsed form), each filter's own. */
export type SearchFilterValues = {
  [K in keyof SearchFilterShape]?: z.output<SearchFilterShape[K]>;
};

/** One filter's descriptor, as a function of any search's values. */
type AnyDescriptor = SearchFilterDescriptor<Shape, SearchFacetKind | null>;
export const searchFilterOf = (key: SearchFilterKey): AnyDescriptor =>
  // Each descriptor reads only its own values from the whole set, so any set will do.
  SEARCH_FILTERS[key] as unknown as AnyDescriptor;

/** The filters a search's values set, in their order. */
export function searchFiltersSet(values: SearchFilterValues): SearchFilterKey[] {
  return SEARCH_FILTER_KEYS.filter((key) => searchFilterOf(key).isSet(values));
}

/**
 * A search's words and filters as address parameters, in their order: lists with a parameter
 * per value (`repeat`, the results page's address) or comma-separated (`join`, the API's query
 * and saved searches' addresses).
 */
export function searchFilterParams(
  values: SearchFilterValues & { q?: string },
  lists: 'repeat' | 'join',
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (values.q) out.push(['q', values.q]);
  for (const key of SEARCH_FILTER_KEYS) {
    for (const [name, written] of searchFilterOf(key).serialize(values)) {
      if (lists === 'join') out.push([name, written.join(',')]);
      else for (const value of written) out.push([name, value]);
    }
  }
  return out;
}

/** A search's words and filters from a hand-written address (see SearchFilterDescriptor.read). */
export function readSearchAddress(
  all: (name: string) => string[],
): SearchFilterValues & { q: string } {
  const values: SearchFilterValues = {};
  for (const key of SEARCH_FILTER_KEYS) Object.assign(values, searchFilterOf(key).read(all));
  return { q: (all('q')[0] ?? '').trim().slice(0, SEARCH_TEXT_MAX), ...values };
}
