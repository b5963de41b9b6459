import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  coarseCoordinate,
  type BuyerArea,
  type Place,
  type setBuyerAreaSchema,
} from '@market/shared';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Gazetteer } from './gazetteer.ts';
import { countPlacedListings, findArea, writeArea, type StoredArea } from './places.repository.ts';

type Db = Kysely<Database>;

/*
 * Places for the other modules: a listing's area, a buyer's "near", a meeting spot's place.
 * Every place id a request carries is checked here, with one message.
 */

/**
 * The place with this id, or 400 naming the field (`placeId`, `near`) when the gazetteer has
 * none: an id from an old page or a typed address is a mistake of the request.
 */
export function requirePlace(places: Gazetteer, id: number, field: string): Place {
  const place = places.get(id);
  if (!place) throw badRequest('bookings.place.choose', field);
  return place;
}

/** Suggestions for what a person typed, best first. */
export function suggestPlaces(places: Gazetteer, text: string, limit: number): Place[] {
  return places.suggest(text, limit);
}

/**
 * The buyer's saved area as answered to them: the place (if the gazetteer still knows it), or
 * their position to two decimals named after the nearest place. Null when none is saved.
 */
function toBuyerArea(places: Gazetteer, stored: StoredArea | undefined): BuyerArea | null {
  if (!stored || stored.areaLat === null || stored.areaLon === null) return null;
  const place = stored.areaPlaceId === null ? null : places.get(stored.areaPlaceId);
  if (place) return { placeId: place.id, label: place.label, lat: place.lat, lon: place.lon };
  const nearest = places.nearest(stored.areaLat, stored.areaLon);
  return {
    placeId: null,
    label: nearest ? `Near ${nearest.label}` : 'Your location',
    lat: stored.areaLat,
    lon: stored.areaLon,
  };
}

export async function getBuyerArea(db: Db, places: Gazetteer, actor: Actor) {
  return { area: toBuyerArea(places, await findArea(db, actor.id)) };
}

/** Saves the buyer's area: a place (400 naming `placeId` when unknown) or a rounded position. */
export async function setBuyerArea(
  db: Db,
  places: Gazetteer,
  actor: Actor,
  input: z.output<typeof setBuyerAreaSchema>,
) {
  let stored: StoredArea;
  if (input.placeId !== undefined) {
    const place = requirePlace(places, input.placeId, 'placeId');
    stored = { areaPlaceId: place.id, areaLat: place.lat, areaLon: place.lon };
  } else {
    stored = {
      areaPlaceId: null,
      areaLat: coarseCoordinate(input.lat!),
      areaLon: coarseCoordinate(input.lon!),
    };
  }
  await writeArea(db, actor.id, stored);
  return { area: toBuyerArea(places, stored) };
}

/** Forgets the buyer's area. */
export async function clearBuyerArea(db: Db, actor: Actor) {
  await writeArea(db, actor.id, { areaPlaceId: null, areaLat: null, areaLon: null });
  return { area: null };
}

/** The migration that placed the listings of free-text locations where the match was clear. */
export const PLACES_MIGRATION = '20261128000100_places';

/** Says in the log how many listings the places migration placed, when it has just run. */
export async function logPlacedListings(db: Db, log: FastifyBaseLogger): Promise<void> {
  const counts = await countPlacedListings(db);
  log.info(
    counts,
    `places: ${counts.placed} of ${counts.listings} listings placed; the others keep their text until edited`,
  );
}
