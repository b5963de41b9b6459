import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  distanceKm,
  roundDistanceKm,
  type MeetingSpot,
  type meetingSpotInputSchema,
  type meetingSpotsQuerySchema,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requirePlace, type Gazetteer } from '../places/public.ts';
import { mapPage, type Page } from '../../lib/paging.ts';
import {
  findListedSpot,
  insertSpot,
  listSpotsByArea,
  removeSpot,
  spotsInBox,
  updateSpot,
  type SpotFields,
  type SpotRow,
} from './meeting-spots.repository.ts';

/*
 * Safe meeting spots (decision 0034): public places admins list for meetings, each in a place
 * of the gazetteer. Lists show them by area; `near=` a place answers those within a radius of
 * the place's centre, nearest first, with the distance rounded as everywhere else.
 */

type Db = Kysely<Database>;

const toSpot = (row: SpotRow, distanceKm: number | null = null): MeetingSpot => ({
  id: row.id,
  name: row.name,
  address: row.address,
  placeId: row.placeId,
  area: row.area,
  lat: Number(row.lat),
  lon: Number(row.lon),
  openingHours: row.openingHours,
  kind: row.kind,
  distanceKm,
});

/** Every listed spot by area; or, with `near`, those within the radius, nearest first. */
export async function listMeetingSpots(
  db: Db,
  places: Gazetteer,
  query: z.output<typeof meetingSpotsQuerySchema>,
): Promise<Page<MeetingSpot>> {
  if (query.near === undefined) return mapPage(await listSpotsByArea(db, query), (r) => toSpot(r));
  const place = requirePlace(places, query.near, 'near');
  // A degree of latitude is about 111 km; a degree of longitude shrinks towards the poles.
  const dLat = query.radiusKm / 111;
  const cos = Math.max(Math.cos((place.lat * Math.PI) / 180), 0.01);
  const dLon = Math.min(query.radiusKm / (111 * cos), 180);
  const candidates = await spotsInBox(db, {
    minLat: place.lat - dLat,
    maxLat: place.lat + dLat,
    minLon: place.lon - dLon,
    maxLon: place.lon + dLon,
  });
  const near = candidates
    .map((row) => ({ row, km: distanceKm(place.lat, place.lon, row.lat, row.lon) }))
    .filter((spot) => spot.km <= query.radiusKm)
    .sort(
      (a, b) =>
        a.km - b.km || a.row.name.localeCompare(b.row.name) || (a.row.id < b.row.id ? -1 : 1),
    );
  const start = (query.page - 1) * query.limit;
  return {
    items: near
      .slice(start, start + query.limit)
      .map((spot) => toSpot(spot.row, roundDistanceKm(spot.km))),
    total: near.length,
  };
}

/** An admin's spot as stored: the place must be one the gazetteer knows. */
function fieldsOf(places: Gazetteer, input: z.output<typeof meetingSpotInputSchema>): SpotFields {
  return { ...input, area: requirePlace(places, input.placeId, 'placeId').label };
}

export async function addMeetingSpot(
  db: Db,
  places: Gazetteer,
  input: z.output<typeof meetingSpotInputSchema>,
  now: Date = new Date(),
): Promise<MeetingSpot> {
  const fields = fieldsOf(places, input);
  const id = crypto.randomUUID();
  await insertSpot(db, id, fields, now);
  return toSpot({ id, ...fields });
}

export async function changeMeetingSpot(
  db: Db,
  places: Gazetteer,
  id: string,
  input: z.output<typeof meetingSpotInputSchema>,
  now: Date = new Date(),
): Promise<MeetingSpot> {
  const fields = fieldsOf(places, input);
  if (!(await updateSpot(db, id, fields, now))) throw notFound('bookings.spot.noSuch');
  return toSpot({ id, ...fields });
}

export async function removeMeetingSpot(db: Db, id: string, now: Date = new Date()) {
  if (!(await removeSpot(db, id, now))) throw notFound('bookings.spot.noSuch');
  return { removed: true as const };
}

/** A listed spot a seller chose for a meeting; 400 for one that is not (or no longer) listed. */
export async function findSpotForMeeting(db: Db, id: string): Promise<SpotRow> {
  const spot = await findListedSpot(db, id);
  if (!spot) throw badRequest('bookings.spot.notOffered', 'meetingSpotId');
  return spot;
}
