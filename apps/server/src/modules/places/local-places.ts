/*
 * What the product adds to the GeoNames cities (decision 0033). GeoNames' list of populated
 * places leaves out the neighbourhoods a Dhaka buyer names first (Gulshan, Banani, Dhanmondi)
 * and a few cities (Gazipur); Bangladesh's official spellings of 2018 (Chattogram, Cumilla,
 * Barishal) are shown instead of the older ones, which stay as other names. The product's own
 * places have ids from 2,000,000,001 on, far above GeoNames' ids, and never change once given.
 * Centres are to two decimals (about 1 km), like every place's.
 */

export interface LocalPlace {
  id: number;
  name: string;
  /** The GeoNames id of the city a neighbourhood is in; null for a city. */
  cityId: number | null;
  country: string;
  lat: number;
  lon: number;
  /** Used only to order suggestions. */
  population: number;
  otherNames?: string[];
}

export const DHAKA = 1185241;
export const CHATTOGRAM = 1205733;
export const SYLHET = 1185099;

export const LOCAL_PLACES: readonly LocalPlace[] = [
  // Dhaka's neighbourhoods.
  {
    id: 2_000_000_001,
    name: 'Gulshan',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.79,
    lon: 90.42,
    population: 300_000,
  },
  {
    id: 2_000_000_002,
    name: 'Banani',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.79,
    lon: 90.4,
    population: 150_000,
  },
  {
    id: 2_000_000_003,
    name: 'Dhanmondi',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.75,
    lon: 90.37,
    population: 300_000,
  },
  {
    id: 2_000_000_004,
    name: 'Mirpur',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.81,
    lon: 90.37,
    population: 1_000_000,
  },
  {
    id: 2_000_000_005,
    name: 'Uttara',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.87,
    lon: 90.4,
    population: 400_000,
  },
  {
    id: 2_000_000_006,
    name: 'Mohammadpur',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.77,
    lon: 90.36,
    population: 400_000,
  },
  {
    id: 2_000_000_007,
    name: 'Bashundhara',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.82,
    lon: 90.44,
    population: 100_000,
  },
  {
    id: 2_000_000_008,
    name: 'Badda',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.78,
    lon: 90.43,
    population: 400_000,
  },
  {
    id: 2_000_000_009,
    name: 'Motijheel',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.73,
    lon: 90.42,
    population: 200_000,
  },
  {
    id: 2_000_000_010,
    name: 'Tejgaon',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.76,
    lon: 90.39,
    population: 200_000,
  },
  {
    id: 2_000_000_011,
    name: 'Baridhara',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.8,
    lon: 90.42,
    population: 50_000,
  },
  {
    id: 2_000_000_012,
    name: 'Khilgaon',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.75,
    lon: 90.43,
    population: 300_000,
  },
  {
    id: 2_000_000_013,
    name: 'Rampura',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.76,
    lon: 90.42,
    population: 200_000,
  },
  {
    id: 2_000_000_014,
    name: 'Lalbagh',
    cityId: DHAKA,
    country: 'BD',
    lat: 23.72,
    lon: 90.39,
    population: 300_000,
  },
  // Chattogram's and Sylhet's.
  {
    id: 2_000_000_101,
    name: 'Agrabad',
    cityId: CHATTOGRAM,
    country: 'BD',
    lat: 22.33,
    lon: 91.81,
    population: 200_000,
  },
  {
    id: 2_000_000_102,
    name: 'Nasirabad',
    cityId: CHATTOGRAM,
    country: 'BD',
    lat: 22.37,
    lon: 91.82,
    population: 150_000,
  },
  {
    id: 2_000_000_103,
    name: 'Panchlaish',
    cityId: CHATTOGRAM,
    country: 'BD',
    lat: 22.37,
    lon: 91.83,
    population: 150_000,
  },
  {
    id: 2_000_000_104,
    name: 'Halishahar',
    cityId: CHATTOGRAM,
    country: 'BD',
    lat: 22.33,
    lon: 91.78,
    population: 200_000,
  },
  {
    id: 2_000_000_151,
    name: 'Zindabazar',
    cityId: SYLHET,
    country: 'BD',
    lat: 24.9,
    lon: 91.87,
    population: 50_000,
  },
  {
    id: 2_000_000_152,
    name: 'Ambarkhana',
    cityId: SYLHET,
    country: 'BD',
    lat: 24.91,
    lon: 91.87,
    population: 50_000,
  },
  // Cities GeoNames' list of populated places leaves out.
  {
    id: 2_000_000_201,
    name: 'Gazipur',
    cityId: null,
    country: 'BD',
    lat: 24.0,
    lon: 90.42,
    population: 1_000_000,
    otherNames: ['Joydebpur'],
  },
  {
    id: 2_000_000_202,
    name: 'Savar',
    cityId: null,
    country: 'BD',
    lat: 23.85,
    lon: 90.26,
    population: 300_000,
  },
];

/** GeoNames places shown under their official name today; the older one stays searchable. */
export const RENAMED_PLACES: ReadonlyMap<number, string> = new Map([
  [CHATTOGRAM, 'Chattogram'],
  [1185186, 'Cumilla'],
  [1336137, 'Barishal'],
  [1336140, 'Jashore'],
  [1337233, 'Bogura'],
]);
