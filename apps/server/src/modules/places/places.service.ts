import { PLACE_ID_MESSAGE, type Place } from '@market/shared';
import { badRequest } from '../../lib/errors.ts';
import type { Gazetteer } from './gazetteer.ts';

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
  if (!place) throw badRequest(PLACE_ID_MESSAGE, { [field]: PLACE_ID_MESSAGE });
  return place;
}

/** Suggestions for what a person typed, best first. */
export function suggestPlaces(places: Gazetteer, text: string, limit: number): Place[] {
  return places.suggest(text, limit);
}
