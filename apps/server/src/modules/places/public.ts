export { Gazetteer, loadGazetteer, placeKey, type PlaceCountries } from './gazetteer.ts';
export { requirePlace, suggestPlaces } from './places.service.ts';
export { PLACES_MIGRATION, logPlacedListings } from './places.service.ts';
