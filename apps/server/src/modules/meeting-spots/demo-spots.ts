import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { SpotFields } from './meeting-spots.repository.ts';

/**
 * The demo's safe meeting spots: police stations, shopping centres and stations in Dhaka,
 * Chattogram and Sylhet where phones change hands in the open, and one seller's shop. Each is in
 * a place of the gazetteer (its id and label).
 */
export const DEMO_MEETING_SPOTS: SpotFields[] = [
  {
    name: 'Gulshan Police Station',
    address: 'Gulshan Avenue, near Gulshan 2 Circle',
    placeId: 2000000001,
    area: 'Gulshan, Dhaka',
    lat: 23.7937,
    lon: 90.415,
    openingHours: 'Open all day, every day',
    kind: 'police_station',
  },
  {
    name: 'Jamuna Future Park, main entrance',
    address: 'Progoti Sarani, Kuril',
    placeId: 2000000007,
    area: 'Bashundhara, Dhaka',
    lat: 23.8135,
    lon: 90.4244,
    openingHours: 'Daily 10:00–21:00',
    kind: 'shopping_centre',
  },
  {
    name: 'Bashundhara City, ground floor information desk',
    address: 'Panthapath, Karwan Bazar',
    placeId: 2000000003,
    area: 'Dhanmondi, Dhaka',
    lat: 23.7509,
    lon: 90.3905,
    openingHours: 'Daily 10:00–20:00, closed on Tuesdays',
    kind: 'shopping_centre',
  },
  {
    name: 'Mirpur 10 Metro Station, ticket hall',
    address: 'Begum Rokeya Sarani, Mirpur 10 roundabout',
    placeId: 2000000004,
    area: 'Mirpur, Dhaka',
    lat: 23.8069,
    lon: 90.3687,
    openingHours: 'Daily 07:00–22:00',
    kind: 'station',
  },
  {
    name: 'Uttara North Metro Station, ticket hall',
    address: 'Sector 16, Uttara',
    placeId: 2000000005,
    area: 'Uttara, Dhaka',
    lat: 23.869,
    lon: 90.367,
    openingHours: 'Daily 07:00–22:00',
    kind: 'station',
  },
  {
    name: 'Rahim Mobile Corner',
    address: 'Shop 214, level 2, Motijheel City Centre',
    placeId: 2000000009,
    area: 'Motijheel, Dhaka',
    lat: 23.7316,
    lon: 90.4177,
    openingHours: 'Saturday to Thursday 11:00–20:00',
    kind: 'seller_shop',
  },
  {
    name: 'Double Mooring Police Station',
    address: 'Agrabad Access Road, Agrabad',
    placeId: 2000000101,
    area: 'Agrabad, Chattogram',
    lat: 22.329,
    lon: 91.806,
    openingHours: 'Open all day, every day',
    kind: 'police_station',
  },
  {
    name: 'Sanmar Ocean City, ground floor',
    address: 'CDA Avenue, 2 No. Gate',
    placeId: 2000000103,
    area: 'Panchlaish, Chattogram',
    lat: 22.3651,
    lon: 91.8269,
    openingHours: 'Daily 10:00–21:00',
    kind: 'shopping_centre',
  },
  {
    name: 'Chattogram Railway Station, main hall',
    address: 'Station Road',
    placeId: 1205733,
    area: 'Chattogram, Bangladesh',
    lat: 22.3335,
    lon: 91.8349,
    openingHours: 'Open all day, every day',
    kind: 'station',
  },
  {
    name: 'Kotwali Model Police Station, Sylhet',
    address: 'Bandar Bazar Road, near Zindabazar',
    placeId: 2000000151,
    area: 'Zindabazar, Sylhet',
    lat: 24.8949,
    lon: 91.8687,
    openingHours: 'Open all day, every day',
    kind: 'police_station',
  },
  {
    name: 'Sylhet Railway Station, main hall',
    address: 'Station Road, South Surma',
    placeId: 1185099,
    area: 'Sylhet, Bangladesh',
    lat: 24.8799,
    lon: 91.8713,
    openingHours: 'Open all day, every day',
    kind: 'station',
  },
];

/** Lists the demo's spots (in the demo's seeding transaction). */
export async function insertDemoMeetingSpots(db: Kysely<Database>, now: Date): Promise<void> {
  const at = valueWriters(db).date(now);
  await db
    .insertInto('meeting_spots')
    .values(
      DEMO_MEETING_SPOTS.map((spot) => ({
        id: crypto.randomUUID(),
        ...spot,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
}
