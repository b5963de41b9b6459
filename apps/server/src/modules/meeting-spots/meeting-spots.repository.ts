import type { Kysely } from 'kysely';
import type { MeetingSpotKind, PaginationQuery } from '@market/shared';
import { valueWriters } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { listPage } from '../../lib/paging.ts';

type Db = Kysely<Database>;

const SPOT_COLUMNS = [
  'id',
  'name',
  'address',
  'placeId',
  'area',
  'lat',
  'lon',
  'openingHours',
  'kind',
] as const;

export interface SpotFields {
  name: string;
  address: string;
  placeId: number;
  area: string;
  lat: number;
  lon: number;
  openingHours: string;
  kind: MeetingSpotKind;
}

/** A spot on the list (not removed). */
export function findListedSpot(db: Db, id: string) {
  return db
    .selectFrom('meeting_spots')
    .select(SPOT_COLUMNS)
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
}

export type SpotRow = NonNullable<Awaited<ReturnType<typeof findListedSpot>>>;

/** The listed spots by area, then name: one page, and how many there are. */
export function listSpotsByArea(db: Db, page: PaginationQuery) {
  const rows = db
    .selectFrom('meeting_spots')
    .select(SPOT_COLUMNS)
    .where('removedAt', 'is', null)
    .orderBy('area')
    .orderBy('name')
    .orderBy('id');
  const all = db.selectFrom('meeting_spots').where('removedAt', 'is', null);
  return listPage(rows, all, page);
}

/**
 * The listed spots within a box around a point: the candidates for "near", which the service
 * measures and orders. Admins keep tens or hundreds of spots, not millions.
 */
export function spotsInBox(
  db: Db,
  box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
) {
  return db
    .selectFrom('meeting_spots')
    .select(SPOT_COLUMNS)
    .where('removedAt', 'is', null)
    .where('lat', '>=', box.minLat)
    .where('lat', '<=', box.maxLat)
    .where('lon', '>=', box.minLon)
    .where('lon', '<=', box.maxLon)
    .execute();
}

export function insertSpot(db: Db, id: string, fields: SpotFields, now: Date) {
  const at = valueWriters(db).date(now);
  return db
    .insertInto('meeting_spots')
    .values({ id, ...fields, createdAt: at, updatedAt: at })
    .execute();
}

/** Changes a listed spot; answers whether it was listed. */
export async function updateSpot(db: Db, id: string, fields: SpotFields, now: Date) {
  const result = await db
    .updateTable('meeting_spots')
    .set({ ...fields, updatedAt: valueWriters(db).date(now) })
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes a spot off the lists; deals set at it keep it. Answers whether it was listed. */
export async function removeSpot(db: Db, id: string, now: Date) {
  const at = valueWriters(db).date(now);
  const result = await db
    .updateTable('meeting_spots')
    .set({ removedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
