import type { MeetingSpot, MeetingSpotKind } from '@market/shared';

/** A spot's columns as a join reads them: all null when the deal has no spot. */
export interface JoinedSpot {
  spotId: string | null;
  spotName: string | null;
  spotAddress: string | null;
  spotPlaceId: number | null;
  spotArea: string | null;
  spotLat: number | null;
  spotLon: number | null;
  spotOpeningHours: string | null;
  spotKind: MeetingSpotKind | null;
}

export type SpotView = Omit<MeetingSpot, 'distanceKm'>;

/** The spot a deal was set at, as answers show it; null for a place typed in. */
export function joinedSpot(row: JoinedSpot): SpotView | null {
  if (row.spotId === null) return null;
  return {
    id: row.spotId,
    name: row.spotName ?? '',
    address: row.spotAddress ?? '',
    placeId: Number(row.spotPlaceId),
    area: row.spotArea ?? '',
    // PostgreSQL's double precision and SQLite's REAL both read as numbers.
    lat: Number(row.spotLat),
    lon: Number(row.spotLon),
    openingHours: row.spotOpeningHours ?? '',
    kind: row.spotKind ?? 'police_station',
  };
}

/** How a spot reads as a meeting place in words: in notices, lists and calendar files. */
export function spotInWords(spot: { name: string; address: string }): string {
  return `${spot.name}, ${spot.address}`;
}
