import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceKm, roundDistanceKm } from '@market/shared';
import { useFormat } from '../../i18n/locale.tsx';

/** Where distances are measured from: the buyer's chosen or saved area (a place's centre). */
export interface DistanceOrigin {
  lat: number;
  lon: number;
}

const OriginContext = createContext<DistanceOrigin | null>(null);

/** Gives the cards and pages inside an origin; null shows no distances. */
export function DistanceOriginProvider({
  origin,
  children,
}: {
  origin: DistanceOrigin | null;
  children: ReactNode;
}) {
  return <OriginContext.Provider value={origin}>{children}</OriginContext.Provider>;
}

/** The rounded distance as text ("about 12 km away"), or null without an origin or a place. */
export function useDistanceText(lat: number | null, lon: number | null): string | null {
  const origin = useContext(OriginContext);
  const { t } = useTranslation();
  const format = useFormat();
  if (!origin || lat === null || lon === null) return null;
  const km = roundDistanceKm(distanceKm(origin.lat, origin.lon, lat, lon));
  return t('widgets.distance', { km: format.number(km) });
}

/**
 * A listing's distance from the buyer's area, rounded (to the km under 10 km, to 5 km above):
 * both ends are place centres, so nothing finer would be true.
 */
export function DistanceAway({ lat, lon }: { lat: number | null; lon: number | null }) {
  const text = useDistanceText(lat, lon);
  return text ? <p className="text-sm font-medium text-base-content/80">{text}</p> : null;
}
