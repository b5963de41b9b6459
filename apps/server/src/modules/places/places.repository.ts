import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface StoredArea {
  areaPlaceId: number | null;
  areaLat: number | null;
  areaLon: number | null;
}

export async function findArea(db: Db, userId: string): Promise<StoredArea | undefined> {
  return db
    .selectFrom('users')
    .select(['areaPlaceId', 'areaLat', 'areaLon'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function writeArea(db: Db, userId: string, area: StoredArea): Promise<void> {
  await db.updateTable('users').set(area).where('id', '=', userId).execute();
}

/** Listings, and those with a place. */
export async function countPlacedListings(db: Db): Promise<{ listings: number; placed: number }> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('listings'),
      eb.fn.count<number | string>('placeId').as('placed'),
    ])
    .executeTakeFirstOrThrow();
  return { listings: Number(row.listings), placed: Number(row.placed) };
}
