import { sql, type Kysely } from 'kysely';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Places (decision 0033).
 *
 * `products`: a listing's area as a place of the gazetteer (`placeId`) and that place's centre
 * (`placeLat`, `placeLon`, two decimals: never the seller's own position), with an optional
 * note ("near the Gulshan 2 circle"). `location` stays the text shown: the seller's own words
 * for a listing placed here, the place's name for one placed from the suggestions.
 *
 * `users`: a buyer's own area, a place or a position rounded to two decimals (about 1 km),
 * kept only when they save it.
 *
 * Existing listings' free-text locations are matched to places where the match is clear: the
 * text names one place of Bangladesh (the country of every listing so far), by its name or an
 * older spelling, or a city and then one of its neighbourhoods ("Dhaka, Gulshan"). The others
 * keep their text until their seller edits them. The places below are the gazetteer's as this
 * migration was written, kept here so that it runs the same whatever the gazetteer becomes.
 */

/** [id, name, city (of a neighbourhood), lat, lon]. */
type FrozenPlace = [number, string, string | null, number, number];

const PLACES: FrozenPlace[] = [
  [1185092, 'Thākurgaon', null, 26.03, 88.47],
  [1185095, 'Teknāf', null, 20.86, 92.3],
  [1185098, 'Tungi', null, 23.89, 90.4],
  [1185099, 'Sylhet', null, 24.9, 91.87],
  [1185100, 'Dohār', null, 23.59, 90.14],
  [1185106, 'Jamālpur', null, 24.92, 89.95],
  [1185107, 'Shibganj', null, 25, 89.32],
  [1185108, 'Shibganj', null, 24.69, 88.16],
  [1185111, 'Sātkhira', null, 22.71, 89.07],
  [1185115, 'Sirajganj', null, 24.46, 89.71],
  [1185116, 'Netrakona', null, 24.88, 90.73],
  [1185117, 'Narsingdi', null, 23.92, 90.72],
  [1185120, 'Sandwīp', null, 22.51, 91.45],
  [1185121, 'Shāhzādpur', null, 24.18, 89.6],
  [1185127, 'Rāmganj', null, 23.1, 90.85],
  [1185128, 'Rājshāhi', null, 24.37, 88.6],
  [1185133, 'Purbadhala', null, 24.94, 90.6],
  [1185138, 'Pirojpur', null, 22.58, 89.98],
  [1185141, 'Panchagarh', null, 26.33, 88.56],
  [1185148, 'Patiya', null, 22.3, 91.98],
  [1185149, 'Parbatipur', null, 25.66, 88.93],
  [1185155, 'Nārāyanganj', null, 23.61, 90.5],
  [1185156, 'Nālchiti', null, 22.64, 90.27],
  [1185159, 'Nāgarpur', null, 24.06, 89.88],
  [1185160, 'Nageswari', null, 25.97, 89.69],
  [1185162, 'Mymensingh', null, 24.76, 90.41],
  [1185164, 'Muktāgācha', null, 24.76, 90.26],
  [1185165, 'Mirzāpur', null, 24.1, 90.1],
  [1185166, 'Maulavi Bāzār', null, 24.49, 91.77],
  [1185167, 'Morrelgonj', null, 22.46, 89.86],
  [1185171, 'Mehendiganj', null, 22.82, 90.53],
  [1185173, 'Mathba', null, 22.29, 89.96],
  [1185181, 'Lalmonirhat', null, 25.92, 89.45],
  [1185183, 'Lākshām', null, 23.24, 91.12],
  [1185186, 'Cumilla', null, 23.46, 91.19],
  [1185188, 'Rangpur', null, 25.75, 89.25],
  [1185191, 'Kushtia', null, 23.9, 89.12],
  [1185199, 'Kālīganj', null, 23.41, 89.14],
  [1185204, 'Jhingergācha', null, 23.11, 89.09],
  [1185206, 'Joypur Hāt', null, 25.1, 89.03],
  [1185207, 'Ishurdi', null, 24.13, 89.07],
  [1185209, 'Habiganj', null, 24.38, 91.41],
  [1185210, 'Gaurnadi', null, 22.97, 90.22],
  [1185218, 'Gafargaon', null, 24.43, 90.56],
  [1185224, 'Feni', null, 23.01, 91.4],
  [1185236, 'Rāipur', null, 23.04, 90.77],
  [1185239, 'Sarankhola', null, 22.31, 89.79],
  [1185241, 'Dhaka', null, 23.71, 90.41],
  [1185247, 'Chilmāri', null, 25.56, 89.67],
  [1185249, 'Chhāgalnāiya', null, 23.02, 91.51],
  [1185251, 'Lālmohan', null, 22.34, 90.74],
  [1185252, 'Khagrachhari', null, 23.11, 91.97],
  [1185254, 'Chhātak', null, 25.04, 91.67],
  [1185260, 'Bhātpāra Abhaynagar', null, 23.01, 89.44],
  [1185262, 'Bherāmāra', null, 24.02, 88.99],
  [1185263, 'Bhairab Bāzār', null, 24.05, 90.98],
  [1185270, 'Bāndarban', null, 22.2, 92.22],
  [1185272, 'Kālia', null, 23.04, 89.63],
  [1185274, 'Baniachang', null, 24.52, 91.36],
  [1185276, 'Bājitpur', null, 24.22, 90.95],
  [1185281, 'Bagerhat', null, 22.66, 89.79],
  [1185283, 'Badarganj', null, 25.67, 89.05],
  [1185293, 'Narail', null, 23.16, 89.5],
  [1185920, 'Tungipāra', null, 22.9, 89.9],
  [1187530, 'Sonārgaon', null, 23.65, 90.62],
  [1188569, 'Sarishābāri', null, 24.75, 89.83],
  [1189056, 'Sakhipur', null, 24.32, 90.17],
  [1189638, 'Raojān', null, 22.54, 91.92],
  [1191139, 'Phultala', null, 22.72, 89.51],
  [1191368, 'Pālang', null, 23.22, 90.35],
  [1192366, 'Pār Naogaon', null, 24.8, 88.95],
  [1193823, 'Nabīnagar', null, 23.89, 90.97],
  [1193946, 'Ramnagar', null, 23.78, 90.18],
  [1196292, 'Lakshmīpur', null, 22.94, 90.83],
  [1197895, 'Kesabpur', null, 22.91, 89.22],
  [1200474, 'Jahedpur', null, 24.83, 91.65],
  [1201753, 'Hājīganj', null, 23.25, 90.86],
  [1203344, 'Farīdpur', null, 23.61, 89.84],
  [1203891, 'Dinājpur', null, 25.63, 88.64],
  [1205481, 'Uttar Char Fasson', null, 22.23, 90.71],
  [1205733, 'Chattogram', null, 22.34, 91.83],
  [1207047, 'Char Bhadrāsan', null, 23.31, 90.23],
  [1209562, 'Bera', null, 24.08, 89.63],
  [1210565, 'Burhānuddin', null, 22.5, 90.72],
  [1336133, 'Sātkania', null, 22.08, 92.05],
  [1336134, 'Cox’s Bāzār', null, 21.44, 92.01],
  [1336135, 'Khulna', null, 22.81, 89.56],
  [1336136, 'Bhola', null, 22.69, 90.64],
  [1336137, 'Barishal', null, 22.7, 90.37],
  [1336140, 'Jashore', null, 23.17, 89.21],
  [1336143, 'Pābna', null, 24.01, 89.24],
  [1336144, 'Tāngāil', null, 24.25, 89.92],
  [1337233, 'Bogura', null, 24.85, 89.37],
  [1337239, 'Pīrgaaj', null, 25.86, 88.36],
  [1337240, 'Nawābganj', null, 24.59, 88.27],
  [1337245, 'Mādārīpur', null, 23.17, 90.21],
  [1337248, 'Sherpur', null, 25.02, 90.02],
  [1337249, 'Kishorganj', null, 24.44, 90.78],
  [1462681, 'Manikchari', null, 22.84, 91.84],
  [1477498, 'Bhāndāria', null, 22.49, 90.06],
  [6414184, 'Bibir Hat', null, 22.68, 91.79],
  [6545349, 'Saidpur', null, 25.78, 88.89],
  [7483743, 'Puthia', null, 24.37, 88.83],
  [7483813, 'Natore', null, 24.41, 88.99],
  [7484099, 'Ujalpur', null, 23.81, 88.62],
  [7484878, 'Nowlamary', null, 23.67, 88.99],
  [7649230, 'Magura', null, 23.49, 89.42],
  [7701354, 'Azimpur', null, 23.73, 90.39],
  [7921384, 'Gaibandha', null, 25.33, 89.54],
  [9283213, 'Mahasthangarh', null, 24.96, 89.34],
  [9827976, 'Paltan', null, 23.74, 90.41],
  [11609643, 'Parvez Ali Hossain', null, 23.79, 90.16],
  [11609980, 'Khanbaniara', null, 23.78, 90.18],
  [11609983, 'Char Golora', null, 23.82, 90.12],
  [11609984, 'Parvez Ali', null, 23.82, 90.12],
  [11609988, 'Joymontop', null, 23.79, 90.16],
  [11745960, 'Sayani', null, 23.79, 90.17],
  [2000000001, 'Gulshan', 'Dhaka', 23.79, 90.42],
  [2000000002, 'Banani', 'Dhaka', 23.79, 90.4],
  [2000000003, 'Dhanmondi', 'Dhaka', 23.75, 90.37],
  [2000000004, 'Mirpur', 'Dhaka', 23.81, 90.37],
  [2000000005, 'Uttara', 'Dhaka', 23.87, 90.4],
  [2000000006, 'Mohammadpur', 'Dhaka', 23.77, 90.36],
  [2000000007, 'Bashundhara', 'Dhaka', 23.82, 90.44],
  [2000000008, 'Badda', 'Dhaka', 23.78, 90.43],
  [2000000009, 'Motijheel', 'Dhaka', 23.73, 90.42],
  [2000000010, 'Tejgaon', 'Dhaka', 23.76, 90.39],
  [2000000011, 'Baridhara', 'Dhaka', 23.8, 90.42],
  [2000000012, 'Khilgaon', 'Dhaka', 23.75, 90.43],
  [2000000013, 'Rampura', 'Dhaka', 23.76, 90.42],
  [2000000014, 'Lalbagh', 'Dhaka', 23.72, 90.39],
  [2000000101, 'Agrabad', 'Chattogram', 22.33, 91.81],
  [2000000102, 'Nasirabad', 'Chattogram', 22.37, 91.82],
  [2000000103, 'Panchlaish', 'Chattogram', 22.37, 91.83],
  [2000000104, 'Halishahar', 'Chattogram', 22.33, 91.78],
  [2000000151, 'Zindabazar', 'Sylhet', 24.9, 91.87],
  [2000000152, 'Ambarkhana', 'Sylhet', 24.91, 91.87],
  [2000000201, 'Gazipur', null, 24, 90.42],
  [2000000202, 'Savar', null, 23.85, 90.26],
];

/** Older spellings still in use, to the id of the place. */
const OTHER_NAMES: Array<[string, number]> = [
  ['Chittagong', 1205733],
  ['Comilla', 1185186],
  ['Barisal', 1336137],
  ['Jessore', 1336140],
  ['Bogra', 1337233],
  ['Joydebpur', 2000000201],
];

const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface Match {
  id: number;
  lat: number;
  lon: number;
}

/** The place a free-text location clearly names, or null. */
export function matchLocation(text: string): Match | null {
  const byName = new Map<string, FrozenPlace[]>();
  const add = (name: string, place: FrozenPlace) => {
    const k = key(name);
    byName.set(k, [...(byName.get(k) ?? []), place]);
  };
  for (const place of PLACES) add(place[1], place);
  for (const [name, id] of OTHER_NAMES) {
    const place = PLACES.find((p) => p[0] === id);
    if (place) add(name, place);
  }
  const parts = text
    .split(',')
    .map(key)
    .filter((part) => part !== '');
  let found: FrozenPlace[] = [];
  if (parts.length === 1) {
    found = byName.get(parts[0]!) ?? [];
  } else if (parts.length === 2) {
    // "Dhaka, Gulshan": a city, then one of its neighbourhoods (or the other way round).
    const [a, b] = parts as [string, string];
    const inCity = (name: string, city: string) =>
      (byName.get(name) ?? []).filter((p) => p[2] !== null && key(p[2]) === city);
    found = [...inCity(b, a), ...inCity(a, b)];
  }
  if (found.length !== 1) return null;
  const [id, , , lat, lon] = found[0]!;
  return { id, lat, lon };
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('placeId', 'integer').execute();
  await db.schema.alterTable('products').addColumn('placeLat', 'double precision').execute();
  await db.schema.alterTable('products').addColumn('placeLon', 'double precision').execute();
  await db.schema.alterTable('products').addColumn('locationNote', 'text').execute();
  await db.schema.alterTable('users').addColumn('areaPlaceId', 'integer').execute();
  await db.schema.alterTable('users').addColumn('areaLat', 'double precision').execute();
  await db.schema.alterTable('users').addColumn('areaLon', 'double precision').execute();

  // One update per distinct text: a million listings have a few hundred of them.
  const { rows } = await sql<{ location: string }>`
    select distinct location from products
  `.execute(db);
  for (const { location } of rows) {
    const match = matchLocation(location);
    if (!match) continue;
    await db
      .updateTable('products')
      .set({ placeId: match.id, placeLat: match.lat, placeLon: match.lon })
      .where('location', '=', location)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['placeId', 'placeLat', 'placeLon', 'locationNote'])
    await db.schema.alterTable('products').dropColumn(column).execute();
  for (const column of ['areaPlaceId', 'areaLat', 'areaLon'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
