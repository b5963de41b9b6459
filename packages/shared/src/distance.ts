/*
 * Distances between places' centres, as cards show them (decision 0033). A plain module, without
 * schemas: cards on the first screen use it, and it must not bring zod there (decision 0006).
 */

/** Decimals a place's centre (and a browser's position, before it is used) is rounded to. */
export const PLACE_CENTRE_DECIMALS = 2;

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in km between two points (haversine). Hand-written: six lines, called
 * for every listing a radius search looks at, where a library's argument objects would cost.
 */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A distance as shown: to the km under 10 km (never below 1), to 5 km from there on. A
 * distance to a place's centre is never more exact than the place, so none is shown finer.
 */
export function roundDistanceKm(km: number): number {
  if (km < 9.5) return Math.max(1, Math.round(km));
  return Math.max(10, Math.round(km / 5) * 5);
}

/** A coordinate rounded to the places' precision (about 1 km). */
export function coarseCoordinate(value: number): number {
  const f = 10 ** PLACE_CENTRE_DECIMALS;
  return Math.round(value * f) / f;
}
