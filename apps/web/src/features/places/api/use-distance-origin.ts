import type { DistanceOrigin } from '../../../components/ui/distance-away.tsx';
import { useBuyerArea } from './buyer-area.ts';
import { usePlace } from './get-place.ts';
import type { NearValue } from '../components/near-control.tsx';

/**
 * Where a page measures listings' distances from: the search's place or position, else the
 * buyer's saved area; null when there is neither (no distances are shown).
 */
export function useDistanceOrigin(value: NearValue, signedIn: boolean): DistanceOrigin | null {
  const place = usePlace(value.near);
  const area = useBuyerArea({ enabled: signedIn });
  if (value.near !== undefined) {
    return place.data ? { lat: place.data.lat, lon: place.data.lon } : null;
  }
  if (value.lat !== undefined && value.lon !== undefined) return { lat: value.lat, lon: value.lon };
  return area.data ? { lat: area.data.lat, lon: area.data.lon } : null;
}
