import { useTranslation } from 'react-i18next';
import type { MeetingSpot } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { InlineSpinner } from '../../../components/ui/spinner.tsx';
import { useMeetingSpots } from '../api/get-meeting-spots.ts';

/**
 * The safe meeting spots a seller can choose when accepting: those near the listing's area
 * (`near`, a place's id), nearest first, or every spot by area when the listing has no place.
 * The last choice is a place of their own, typed in (`''`).
 */
export function SpotPicker({
  near,
  value,
  onChange,
  name,
}: {
  near: string | undefined;
  value: string;
  onChange: (spotId: string) => void;
  name: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const spots = useMeetingSpots({ page: 1, ...(near ? { near } : {}) });
  /** "about 3 km away" from the listing's area; nothing without a distance. */
  const distanceWords = (spot: MeetingSpot) =>
    spot.distanceKm === null
      ? null
      : t('requests.spots.distance', { km: format.number(spot.distanceKm) });
  return (
    <fieldset className="fieldset min-w-0">
      <legend className="fieldset-legend text-sm">{t('requests.spots.where')}</legend>
      {spots.isPending ? (
        <InlineSpinner label={t('requests.spots.loading')} />
      ) : spots.isError ? (
        <ErrorState
          title={t('requests.spots.loadFailed')}
          error={spots.error}
          onRetry={() => void spots.refetch()}
        />
      ) : spots.data.items.length === 0 ? (
        <p className="text-sm text-base-content/80">
          {near ? t('requests.spots.noneNear') : t('requests.spots.none')}
        </p>
      ) : (
        <ul className="max-h-64 space-y-1 overflow-y-auto">
          {spots.data.items.map((spot) => (
            <li key={spot.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-field p-2 hover:bg-base-200">
                <input
                  type="radio"
                  className="radio radio-sm mt-1"
                  name={name}
                  value={spot.id}
                  checked={value === spot.id}
                  onChange={() => onChange(spot.id)}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold wrap-anywhere">{spot.name}</span>
                  <span className="text-sm wrap-anywhere">{spot.address}</span>
                  <span className="text-xs text-base-content/80 wrap-anywhere">
                    {[
                      t(`requests.spotKind.${spot.kind}`),
                      spot.area,
                      distanceWords(spot),
                      spot.openingHours,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <label className="flex cursor-pointer items-center gap-3 rounded-field p-2 hover:bg-base-200">
        <input
          type="radio"
          className="radio radio-sm"
          name={name}
          value=""
          checked={value === ''}
          onChange={() => onChange('')}
        />
        <span className="font-semibold">{t('requests.spots.another')}</span>
      </label>
    </fieldset>
  );
}
