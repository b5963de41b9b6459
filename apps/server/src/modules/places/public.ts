export { Gazetteer, loadGazetteer, placeKey, type PlaceCountries } from './gazetteer.ts';
export { requirePlace, suggestPlaces } from './places.service.ts';
