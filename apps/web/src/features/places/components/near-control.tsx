import { useState } from 'react';
import { coarseCoordinate } from '@market/shared';
import { useMe } from '../../../lib/session.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useBuyerArea, useSaveBuyerArea } from '../api/buyer-area.ts';
import { usePlace } from '../api/get-place.ts';
import { AreaField } from './area-field.tsx';

/** Where a search measures from: a place, or a position (two decimals), or nowhere. */
export interface NearValue {
  near?: number | undefined;
  lat?: number | undefined;
  lon?: number | undefined;
}

const LOCATION_UNAVAILABLE =
  'Your location is not available. Allow it for this site in the browser, or choose an area.';

/**
 * Choosing where a search measures distance from: an area from the suggestions, the buyer's
 * saved area, or the browser's location, rounded to about 1 km at once and kept only in the
 * page's address unless they save it as their area.
 */
export function NearControl({
  value,
  onChange,
}: {
  value: NearValue;
  onChange: (next: NearValue) => void;
}) {
  const me = useMe();
  const hydrated = useHydrated();
  const area = useBuyerArea({ enabled: !!me.data });
  const save = useSaveBuyerArea();
  const place = usePlace(value.near);
  const [typed, setTyped] = useState('');
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const hasPosition = value.lat !== undefined && value.lon !== undefined;
  const label =
    value.near !== undefined
      ? (place.data?.label ?? 'the chosen area')
      : hasPosition
        ? 'your location'
        : null;
  const saved = area.data ?? null;
  const isSaved =
    saved !== null &&
    (value.near !== undefined
      ? saved.placeId === value.near
      : saved.placeId === null && saved.lat === value.lat && saved.lon === value.lon);

  const useMyLocation = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(LOCATION_UNAVAILABLE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        // Rounded before it goes anywhere: the address, the search, a saved area.
        onChange({
          near: undefined,
          lat: coarseCoordinate(position.coords.latitude),
          lon: coarseCoordinate(position.coords.longitude),
        });
      },
      () => {
        setLocating(false);
        setProblem(LOCATION_UNAVAILABLE);
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };

  const saveAsMyArea = () => {
    setProblem(null);
    const body =
      value.near !== undefined ? { placeId: value.near } : { lat: value.lat, lon: value.lon };
    save.mutate(body, {
      onError: () => setProblem('Your area could not be saved. Try again.'),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      {label && (
        <p className="text-sm wrap-anywhere">
          Near <strong>{label}</strong>
          {isSaved && <span className="text-base-content/70"> (your area)</span>}
        </p>
      )}
      <AreaField
        label={label ? 'Another area' : 'Near'}
        value={typed}
        onChange={(text, picked) => {
          setTyped(text);
          if (picked) {
            setTyped('');
            onChange({ near: picked.id, lat: undefined, lon: undefined });
          }
        }}
        hint="A city or neighbourhood, e.g. Gulshan"
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          onClick={useMyLocation}
          // A tap before the page's script runs would be lost: the button waits for it.
          disabled={locating || !hydrated}
        >
          {locating ? 'Finding you…' : 'Use my location'}
        </button>
        {saved && !isSaved && (
          <button
            type="button"
            className="btn btn-outline btn-sm min-h-11 max-w-full"
            onClick={() =>
              onChange(
                saved.placeId !== null
                  ? { near: saved.placeId, lat: undefined, lon: undefined }
                  : { near: undefined, lat: saved.lat, lon: saved.lon },
              )
            }
          >
            <span className="truncate">Use my area: {saved.label}</span>
          </button>
        )}
        {label && !isSaved && me.data && (
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={saveAsMyArea}
            disabled={save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save as my area'}
          </button>
        )}
        {label && (
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={() => onChange({ near: undefined, lat: undefined, lon: undefined })}
          >
            Clear
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
