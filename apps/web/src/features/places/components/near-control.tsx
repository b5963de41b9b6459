import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      ? (place.data?.label ?? t('places.chosenArea'))
      : hasPosition
        ? t('places.yourLocation')
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
      setProblem(t('places.unavailable'));
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
        setProblem(t('places.unavailable'));
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };

  const saveAsMyArea = () => {
    setProblem(null);
    const body =
      value.near !== undefined ? { placeId: value.near } : { lat: value.lat, lon: value.lon };
    save.mutate(body, {
      onError: () => setProblem(t('places.saveFailed')),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      {label && (
        <p className="text-sm wrap-anywhere">
          <Trans
            i18nKey="places.near"
            values={{ place: label }}
            components={{ place: <strong /> }}
          />
          {isSaved && <span className="text-base-content/70"> {t('places.yourArea')}</span>}
        </p>
      )}
      <AreaField
        label={label ? t('places.anotherArea') : t('places.nearLabel')}
        value={typed}
        onChange={(text, picked) => {
          setTyped(text);
          if (picked) {
            setTyped('');
            onChange({ near: picked.id, lat: undefined, lon: undefined });
          }
        }}
        hint={t('places.hint')}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm min-h-11"
          onClick={useMyLocation}
          // A tap before the page's script runs would be lost: the button waits for it.
          disabled={locating || !hydrated}
        >
          {locating ? t('places.finding') : t('places.useMyLocation')}
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
            <span className="truncate">{t('places.useMyArea', { area: saved.label })}</span>
          </button>
        )}
        {label && !isSaved && me.data && (
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={saveAsMyArea}
            disabled={save.isPending}
          >
            {save.isPending ? t('places.saving') : t('places.saveAsMyArea')}
          </button>
        )}
        {label && (
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11"
            onClick={() => onChange({ near: undefined, lat: undefined, lon: undefined })}
          >
            {t('places.clear')}
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
